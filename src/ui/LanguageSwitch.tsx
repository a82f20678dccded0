import { Text } from '@tarojs/components'
import { loadLanguage, switchLanguage, useI18n } from '@/lib/i18n'
import { toast } from '@/lib/feedback'
import { pressable } from '@/ui/pressable'
import './LanguageSwitch.scss'

/** toggles Chinese / English; the choice is stored and beats the device locale */
export function LanguageSwitch() {
  const { t, lang } = useI18n()
  // on H5 English may have to load first (src/lib/i18n.ts): the choice is kept at once, the screen
  // follows when the texts are there; offline and never loaded, the switch says so
  const other = lang === 'zh' ? 'en' : 'zh'
  const onSwitch = () => void switchLanguage(other).catch(() => toast(t('common.requestFailed')))
  // the texts start loading as the finger lands, not when it lifts (the tap's click comes later)
  const onTouchStart = () => void loadLanguage(other).catch(() => undefined)
  return (
    <Text className='language-switch' {...pressable(onSwitch)} onTouchStart={onTouchStart}>
      {t('common.switchLanguage')}
    </Text>
  )
}
