import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import type { TrainStops } from '@contracts/calls/train/search'
import { useI18n } from '../i18n'
import { useQuery } from '@/lib/useQuery'
import { Notice } from '@/ui/Notice'
import { fetchStops } from '../api/stops'
import { dayOffsetLabel } from '../model/format'
import { stationName } from '../model/stations'
import './TrainStopsView.scss'

/** transitStation: the stops of a train, the attendee's segment marked (spec §8: "route station loading failed") */
export function TrainStopsView() {
  const { t, lang } = useI18n()
  const { params } = useRouter()
  const ok = !!(params.trainCode && params.date && params.from && params.to)
  const q = useQuery<TrainStops>(ok ? `train:stops:${params.trainCode}:${params.date}:${params.from}:${params.to}` : null, () =>
    fetchStops({
      trainCode: params.trainCode as string,
      date: params.date as string,
      fromStationCode: params.from as string,
      toStationCode: params.to as string,
    }),
  )
  if (!ok || (q.status === 'error' && !q.data))
    return <Notice text={t('train.stops.loadFailed')} action={ok ? { label: t('common.retry'), onClick: q.retry } : undefined} />
  if (!q.data) return null
  const last = q.data.stops.length - 1
  return (
    <View className='train-stops'>
      <Text className='train-stops__title'>{t('train.stops.title', { trainNo: q.data.trainNo })}</Text>
      <View className='train-stops__table'>
        <View className='train-stops__row train-stops__row--head'>
          <Text className='train-stops__no'>#</Text>
          <Text className='train-stops__station'>{t('train.stops.station')}</Text>
          <Text className='train-stops__time'>{t('train.stops.arrive')}</Text>
          <Text className='train-stops__time'>{t('train.stops.depart')}</Text>
          <Text className='train-stops__stop'>{t('train.stops.stop')}</Text>
        </View>
        {q.data.stops.map((s, i) => (
          <View key={s.index} className={`train-stops__row ${s.onSegment ? 'is-segment' : ''}`}>
            <Text className='train-stops__no'>{s.index}</Text>
            <Text className='train-stops__station'>{stationName(s.station, lang)}</Text>
            <Text className='train-stops__time'>{s.arriveTime ?? t('train.stops.startStation')}</Text>
            <Text className='train-stops__time'>
              {s.departTime ?? t('train.stops.endStation')}
              <Text className='train-stops__plus'>{dayOffsetLabel(s.dayOffset)}</Text>
            </Text>
            <Text className='train-stops__stop'>{i === 0 || i === last ? '-' : t('train.stops.minutes', { n: s.stopMinutes })}</Text>
          </View>
        ))}
      </View>
    </View>
  )
}
