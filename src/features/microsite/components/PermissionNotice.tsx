import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useI18n } from '@/lib/i18n'
import { goBack } from '@/lib/router/navigate'
import './PermissionNotice.scss'

/**
 * The permissions page (spec §6): this attendee's type is not admitted here. Back to the microsite,
 * or, for someone who has another account with access, log in again (the page passes how).
 */
export function PermissionNotice({ onSwitchAccount }: { onSwitchAccount?: () => void }) {
  const { t } = useI18n()
  return (
    <View className='ms-permission'>
      {/* drawn, not an emoji: not every phone or browser has a font with one */}
      <View className='ms-permission__lock'>
        <View className='ms-permission__shackle' />
        <View className='ms-permission__body' />
      </View>
      <Text className='ms-permission__text'>{t('permissions.text')}</Text>
      <Text className='ms-permission__hint'>{t('permissions.hint')}</Text>
      <Button type='primary' className='ms-permission__button ms-permission__back' onClick={() => goBack('micrositeIndex')}>
        {t('permissions.backToSite')}
      </Button>
      {onSwitchAccount && (
        <Button className='ms-permission__button ms-permission__switch' onClick={onSwitchAccount}>
          {t('permissions.switchAccount')}
        </Button>
      )}
    </View>
  )
}
