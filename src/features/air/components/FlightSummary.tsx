import { Text, View } from '@tarojs/components'
import type { FlightView } from '@contracts/calls/flight'
import { useI18n } from '@/lib/i18n'
import { clock, dayLabel, pick } from '../model/format'
import { durationParts } from '../model/flights'
import './air.scss'

/** one flight: times, airports and terminals, duration, airline, flight number, aircraft */
export function FlightSummary({ flight, extra }: { flight: FlightView; extra?: string }) {
  const { t, lang } = useI18n()
  const d = durationParts(flight.durationMinutes)
  const stops = lang === 'zh' ? flight.stopCitiesZh : flight.stopCitiesEn
  return (
    <View className='air-flight-summary'>
      <View className='air-flight-summary__date'>
        <Text>{dayLabel(flight.date, lang)}</Text>
        <Text className='air-muted'>
          {' '}
          {pick(lang, flight.airline.nameZh, flight.airline.nameEn)} {flight.flightNo} · {flight.aircraftType}
        </Text>
      </View>
      <View className='air-times'>
        <View className='air-times__end'>
          <Text className='air-times__clock'>{clock(flight.dep.time)}</Text>
          <Text className='air-times__airport'>
            {pick(lang, flight.dep.airportZh, flight.dep.airportEn)}
            {flight.dep.terminal}
          </Text>
        </View>
        <View className='air-times__mid'>
          <Text className='air-muted'>{t('air.list.duration', { h: d.h, m: d.m })}</Text>
          <View className='air-times__line' />
          <Text className='air-muted'>{flight.stops === 0 ? t('air.list.direct') : t('air.list.stops', { cities: stops.join('、') })}</Text>
        </View>
        <View className='air-times__end air-times__end--arr'>
          <Text className='air-times__clock'>
            {clock(flight.arr.time)}
            {flight.arrDayOffset > 0 && <Text className='air-times__plus'>{t('air.list.nextDay', { n: flight.arrDayOffset })}</Text>}
          </Text>
          <Text className='air-times__airport'>
            {pick(lang, flight.arr.airportZh, flight.arr.airportEn)}
            {flight.arr.terminal}
          </Text>
        </View>
      </View>
      {extra && <Text className='air-muted'>{extra}</Text>}
    </View>
  )
}
