import { Text } from '@tarojs/components'
import { useAppStore } from '@/store'
import { useI18n } from '@/lib/i18n'
import './LanguageSwitch.scss'

/** toggles Chinese / English; the choice is stored and beats the device locale */
export function LanguageSwitch() {
  const { t, lang } = useI18n()
  const setLanguage = useAppStore((s) => s.setLanguage)
  return (
    <Text
      className='language-switch'
      onClick={() => setLanguage(lang === 'zh' ? 'en' : 'zh')}
    >
      {t('common.switchLanguage')}
    </Text>
  )
}
