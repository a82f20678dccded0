import { Text, View } from '@tarojs/components'
import type { StationRef } from '@contracts/calls/train/search'
import { useI18n } from '../i18n'
import { dayOffsetLabel, formatDuration } from '../model/format'
import { stationName } from '../model/stations'
import { DateLabel } from './DateLabel'
import { pressable } from '@/ui/pressable'
import './TrainHeader.scss'

interface TrainLike {
  trainNo: string
  date: string
  from: StationRef
  to: StationRef
  departTime: string
  arriveTime: string
  arriveDayOffset: number
  durationMinutes: number
}

/** the blue card at the top of the details, reservation and order pages */
export function TrainHeader({ train, onStops }: { train: TrainLike; onStops?: () => void }) {
  const { t, lang } = useI18n()
  return (
    <View className='train-header'>
      <View className='train-header__row'>
        <View className='train-header__end'>
          <Text className='train-header__time'>{train.departTime}</Text>
          <Text className='train-header__station'>{stationName(train.from, lang)}</Text>
        </View>
        <View className='train-header__mid'>
          <Text className='train-header__no'>{train.trainNo}</Text>
          <View className='train-header__line' />
          <Text className='train-header__duration'>{formatDuration(train.durationMinutes, lang)}</Text>
          {onStops && (
            <Text className='train-header__stops' {...pressable(onStops)}>
              {t('train.details.stops')} ›
            </Text>
          )}
        </View>
        <View className='train-header__end train-header__end--to'>
          <Text className='train-header__time'>
            {train.arriveTime}
            <Text className='train-header__plus'>{dayOffsetLabel(train.arriveDayOffset)}</Text>
          </Text>
          <Text className='train-header__station'>{stationName(train.to, lang)}</Text>
        </View>
      </View>
      <DateLabel className='train-header__date' date={train.date} />
    </View>
  )
}
