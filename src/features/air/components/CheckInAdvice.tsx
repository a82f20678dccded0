import { Text, View } from '@tarojs/components'
import type { CheckInAdviceView } from '@contracts/calls/flight/after-sales'
import { useI18n } from '../i18n'
import { clockAt } from '../model/format'
import './air.scss'

/**
 * Check-in advice of spec §9 as the server gives it for the order's route (domestic: arrive 1-2
 * hours early, closes 45 minutes before; international and regional: 2-3 hours, 1 hour), with the
 * times for the flight of the earliest valid ticket, in that airport's local time.
 */
export function CheckInAdvice({ advice }: { advice: CheckInAdviceView }) {
  const { t } = useI18n()
  const [from, to] = advice.arriveEarlyHours
  const closes = advice.closesAt
  const departureMs = closes ? Date.parse(closes) + advice.closesMinutesBefore * 60_000 : null
  const hour = 3600_000
  return (
    <View className={`air-card air-checkin air-checkin--${advice.routeKind}`}>
      <Text className='air-section-title'>{t('air.details.checkIn')}</Text>
      <Text className='air-checkin__kind'>{t(`air.details.checkInKind.${advice.routeKind}`)}</Text>
      <Text className='air-checkin__text'>
        {closes && departureMs !== null
          ? t('air.details.checkInArrive', { from, to, early: clockAt(departureMs - to * hour, closes), late: clockAt(departureMs - from * hour, closes) })
          : t('air.details.checkInArriveHours', { from, to })}
      </Text>
      <Text className='air-checkin__text'>
        {closes
          ? t('air.details.checkInCloses', { minutes: advice.closesMinutesBefore, time: clockAt(Date.parse(closes), closes) })
          : t('air.details.checkInClosesMinutes', { minutes: advice.closesMinutesBefore })}
      </Text>
    </View>
  )
}
