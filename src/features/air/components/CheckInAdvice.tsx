import { Text, View } from '@tarojs/components'
import { CHECK_IN_ADVICE, checkInKind, checkInTimes, type CheckInKind } from '@contracts/air-checkin'
import type { AirportCity, FlightView } from '@contracts/calls/flight'
import { useI18n } from '@/lib/i18n'
import { useQuery } from '@/lib/useQuery'
import { fetchAllCities } from '../api/airports'
import { clockAt } from '../model/format'
import './air.scss'

/** the country of an airport, from the airport list ('' when it is not there) */
export function countryOf(cities: AirportCity[], airport: string): string {
  for (const c of cities) if (c.airports.some((a) => a.code === airport)) return c.countryCode
  return ''
}

/**
 * Check-in advice of spec §9 for a flight: when to be at the airport and when check-in closes, in
 * the departure airport's time. Domestic or international is read from the airports' countries
 * (the airport list, fetched quietly once per run); until it is known both rules are shown.
 */
export function CheckInAdvice({ flight }: { flight: FlightView }) {
  const { t } = useI18n()
  const cities = useQuery('air:cities', () => fetchAllCities(true))
  const known = cities.data && countryOf(cities.data, flight.depAirport) && countryOf(cities.data, flight.arrAirport)
  const kinds: CheckInKind[] = known && cities.data ? [checkInKind(countryOf(cities.data, flight.depAirport), countryOf(cities.data, flight.arrAirport))] : ['domestic', 'international']
  const departure = Date.parse(flight.dep.time)
  return (
    <View className='air-card air-checkin'>
      <Text className='air-section-title'>{t('air.details.checkIn')}</Text>
      {kinds.map((kind) => {
        const a = CHECK_IN_ADVICE[kind]
        const at = checkInTimes(kind, departure)
        return (
          <View key={kind} className={`air-checkin__rule air-checkin__rule--${kind}`}>
            <Text className='air-checkin__kind'>{t(`air.details.checkInKind.${kind}`)}</Text>
            <Text className='air-checkin__text'>
              {t('air.details.checkInArrive', { from: a.arriveEarlyHours[0], to: a.arriveEarlyHours[1], early: clockAt(at.arriveFromMs, flight.dep.time), late: clockAt(at.arriveByMs, flight.dep.time) })}
            </Text>
            <Text className='air-checkin__text'>{t('air.details.checkInCloses', { minutes: a.closesMinutesBefore, time: clockAt(at.closesAtMs, flight.dep.time) })}</Text>
          </View>
        )
      })}
    </View>
  )
}
