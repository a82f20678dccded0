import { View, Text } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useI18n } from '@/lib/i18n'
import { navigateTo } from '@/lib/router/navigate'
import { useAppStore } from '@/store'
import { useProfileRefresh } from '../hooks/useProfile'
import { logout } from '../model/logout'
import './Welcome.scss'

/**
 * The logged-in attendee's welcome (name, company, kept fresh), the ways to their registration
 * details (/form, which edits while the event allows it) and password (/changePwd), and the way out.
 */
export function Welcome() {
  const { t } = useI18n()
  const user = useAppStore((s) => s.user)
  useProfileRefresh()
  return (
    <>
      {user && (
        <View className='home-page__welcome'>
          <Text className='home-page__name'>{t('home.welcome', { name: user.name })}</Text>
          {user.company ? <Text className='home-page__company'>{user.company}</Text> : null}
        </View>
      )}
      <View className='home-page__actions'>
        <Button className='home-page__account' onClick={() => void navigateTo('form')}>
          {t('home.myRegistration')}
        </Button>
        <Button className='home-page__account' onClick={() => void navigateTo('changePassword')}>
          {t('home.changePassword')}
        </Button>
        <Button className='home-page__logout' onClick={logout}>
          {t('home.logout')}
        </Button>
      </View>
    </>
  )
}
