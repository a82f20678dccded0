import { Text, View } from '@tarojs/components'
import type { NoticeView } from '@contracts/calls/flight/booking'
import { useI18n } from '../i18n'
import { pick } from '../model/format'
import './air.scss'

/** the notices the event configures for this flight's cities and date (findEpidemicSituation) */
export function TravelNotices({ notices }: { notices: NoticeView[] }) {
  const { t, lang } = useI18n()
  if (notices.length === 0) return null
  return (
    <View className='air-notices' role='note'>
      {notices.map((n) => (
        <View key={n.noticeId} className={`air-notices__item air-notices__item--${n.level}`}>
          <Text className='air-notices__title'>
            {t(`air.notice.${n.level}`)} · {pick(lang, n.titleZh, n.titleEn)}
          </Text>
          <Text className='air-notices__body'>{pick(lang, n.bodyZh, n.bodyEn)}</Text>
        </View>
      ))}
    </View>
  )
}
