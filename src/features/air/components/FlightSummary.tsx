import { Text, View } from '@tarojs/components'
import type { FlightView } from '@contracts/calls/flight/search'
import { useI18n } from '../i18n'
import { dayLabel, pick } from '../model/format'
import { FlightTimes } from './FlightTimes'
import './air.scss'

/** one flight: times, airports and terminals, duration, airline, flight number, aircraft */
export function FlightSummary({ flight, extra }: { flight: FlightView; extra?: string }) {
  const { lang } = useI18n()
  return (
    <View className='air-flight-summary'>
      <View className='air-flight-summary__date'>
        <Text>{dayLabel(flight.date, lang)}</Text>
        <Text className='air-muted'>
          {' '}
          {pick(lang, flight.airline.nameZh, flight.airline.nameEn)} {flight.flightNo} · {flight.aircraftType}
        </Text>
      </View>
      <FlightTimes flight={flight} />
      {extra && <Text className='air-muted'>{extra}</Text>}
    </View>
  )
}
