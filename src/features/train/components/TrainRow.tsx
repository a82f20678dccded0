import { Text, View } from '@tarojs/components'
import type { SeatOffer, TrainOffer } from '@contracts/calls/train/search'
import { useI18n } from '../i18n-list'
import { dayOffsetLabel, formatDuration, formatYuan } from '../model/format'
import { stationName } from '../model/stations'
import { pressable } from '@/ui/pressable'
import './TrainRow.scss'

/** a seat count as the railway apps write it: the number when few are left */
export const FEW_SEATS = 20

export function SeatLeft({ seat }: { seat: Pick<SeatOffer, 'left'> }) {
  const { t } = useI18n()
  if (seat.left <= 0) return <Text className='seat-left is-none'>{t('train.common.soldOut')}</Text>
  if (seat.left < FEW_SEATS) return <Text className='seat-left is-few'>{t('train.common.left', { n: seat.left })}</Text>
  return <Text className='seat-left'>{t('train.common.many')}</Text>
}

/** one train of the results (a fixed height: the list is virtual) */
export function TrainRow({ train, onOpen }: { train: TrainOffer; onOpen: (t: TrainOffer) => void }) {
  const { t, lang } = useI18n()
  const lowest = Math.min(...train.seats.map((s) => s.priceFen))
  const soldOut = train.seats.every((s) => s.left <= 0)
  return (
    <View className={`train-row train-row--${lang} ${!train.bookable ? 'is-closed' : ''}`} {...pressable(() => onOpen(train), { disabled: !train.bookable })}>
      <View className='train-row__main'>
        <View className='train-row__end'>
          <Text className='train-row__time'>{train.departTime}</Text>
          <Text className='train-row__station'>
            <Text className={`train-row__tag ${train.fromIsOrigin ? 'is-origin' : ''}`}>
              {train.fromIsOrigin ? t('train.common.origin') : t('train.common.passing')}
            </Text>
            {stationName(train.from, lang)}
          </Text>
        </View>
        <View className='train-row__mid'>
          <Text className='train-row__no'>{train.trainNo}</Text>
          <View className='train-row__line' />
          <Text className='train-row__duration'>{formatDuration(train.durationMinutes, lang)}</Text>
        </View>
        <View className='train-row__end train-row__end--to'>
          <Text className='train-row__time'>
            {train.arriveTime}
            <Text className='train-row__plus'>{dayOffsetLabel(train.arriveDayOffset)}</Text>
          </Text>
          <Text className='train-row__station'>
            <Text className={`train-row__tag ${train.toIsTerminus ? 'is-terminus' : ''}`}>
              {train.toIsTerminus ? t('train.common.terminus') : t('train.common.passing')}
            </Text>
            {stationName(train.to, lang)}
          </Text>
        </View>
        <View className='train-row__price'>
          <Text className='train-row__yuan'>¥{formatYuan(lowest)}</Text>
          {soldOut && train.bookable && <Text className='train-row__grab'>{t('train.list.grab')}</Text>}
          {!train.bookable && <Text className='train-row__closed'>{t('train.list.notBookable')}</Text>}
        </View>
      </View>
      <View className='train-row__seats'>
        {train.seats.map((s) => (
          <Text key={s.seatType} className='train-row__seat'>
            {t(`train.seat.${s.seatType}`)} <SeatLeft seat={s} />
          </Text>
        ))}
      </View>
    </View>
  )
}
