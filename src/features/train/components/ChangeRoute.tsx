import { Text, View } from '@tarojs/components'
import type { TrainChangeRecord } from '@contracts/calls/train/change'
import type { TicketRoute } from '@contracts/calls/train/refund'
import { useI18n } from '../i18n'
import { stationName } from '../model/stations'
import { DateLabel } from './DateLabel'

/** one route line: train, date, times and stations, seat class */
function RouteLine({ route, label, className }: { route: TicketRoute; label: string; className: string }) {
  const { t, lang } = useI18n()
  return (
    <View className={`change-route__line ${className}`}>
      <Text className='change-route__label'>{label}</Text>
      <View className='change-route__body'>
        <Text className='change-route__train'>
          {route.trainNo} · <DateLabel date={route.date} /> · {t(`train.seat.${route.seatType}`)}
        </Text>
        <Text className='change-route__stations'>
          {route.departTime} {stationName(route.from, lang)} → {route.arriveTime} {stationName(route.to, lang)}
        </Text>
      </View>
    </View>
  )
}

/** a change's segment given up and the changed segment (spec §3 "changed segment", "date") */
export function ChangeRoute({ change }: { change: Pick<TrainChangeRecord, 'from' | 'to'> }) {
  const { t } = useI18n()
  return (
    <View className='change-route'>
      <RouteLine route={change.from} label={t('train.change.was')} className='is-old' />
      <RouteLine route={change.to} label={t('train.change.now')} className='is-new' />
    </View>
  )
}
