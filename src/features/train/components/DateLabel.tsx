import { Text } from '@tarojs/components'
import { useI18n } from '../i18n-list'
import { formatDay, relativeDay, weekdayKey } from '../model/dates'

/** "12月1日 周二" / "1 Dec Tue", with today / tomorrow where it is */
export function DateLabel({ date, today, className }: { date: string; today?: string; className?: string }) {
  const { t } = useI18n()
  const rel = today ? relativeDay(date, today) : null
  const day = rel === 0 ? t('train.common.today') : rel === 1 ? t('train.common.tomorrow') : t(`train.weekday.${weekdayKey(date)}`)
  return (
    <Text className={className}>
      {formatDay(date, t('train.home.dateFormat'))} {day}
    </Text>
  )
}
