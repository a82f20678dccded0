import { Text, View } from '@tarojs/components'
import { memo } from 'react'
import type { FlightView } from '@contracts/calls/flight'
import { useI18n } from '@/lib/i18n'
import { clock, pick } from '../model/format'
import { durationParts } from '../model/flights'
import { yuan } from '../model/money'
import './air.scss'

interface Props {
  flight: FlightView
  onOpen: (f: FlightView) => void
}

/** one row of the flight list; memoised: the list redraws often (sort, filters) and is long */
export const FlightRow = memo(function FlightRow({ flight: f, onOpen }: Props) {
  const { t, lang } = useI18n()
  const d = durationParts(f.durationMinutes)
  const available = f.bookable && f.lowestFareFen !== null
  return (
    <View className={`air-flight ${available ? '' : 'is-unavailable'}`} onClick={() => available && onOpen(f)} role='button' aria-disabled={!available}>
      <View className='air-flight__main'>
        <View className='air-flight__time'>
          <Text className='air-times__clock'>{clock(f.dep.time)}</Text>
          <Text className='air-muted'>
            {pick(lang, f.dep.airportZh, f.dep.airportEn)}
            {f.dep.terminal}
          </Text>
        </View>
        <View className='air-flight__mid'>
          <Text className='air-muted'>{t('air.list.duration', { h: d.h, m: d.m })}</Text>
          <View className='air-times__line' />
          <Text className='air-muted'>{f.stops === 0 ? t('air.list.direct') : t('air.list.stops', { cities: (lang === 'zh' ? f.stopCitiesZh : f.stopCitiesEn).join('、') })}</Text>
        </View>
        <View className='air-flight__time air-flight__time--arr'>
          <Text className='air-times__clock'>
            {clock(f.arr.time)}
            {f.arrDayOffset > 0 && <Text className='air-times__plus'>{t('air.list.nextDay', { n: f.arrDayOffset })}</Text>}
          </Text>
          <Text className='air-muted'>
            {pick(lang, f.arr.airportZh, f.arr.airportEn)}
            {f.arr.terminal}
          </Text>
        </View>
        <View className='air-flight__price'>
          {available ? (
            <>
              <Text className='air-flight__amount'>
                <Text className='air-flight__currency'>¥</Text>
                {yuan(f.lowestFareFen as number)}
              </Text>
              <Text className='air-muted'>
                {f.lowestCabinClass ? t(`air.cabin.class.${f.lowestCabinClass}`) : ''}
                {f.seatsLeft > 0 && f.seatsLeft < 9 ? ` ${t('air.list.seatsLeft', { n: f.seatsLeft })}` : ''}
              </Text>
            </>
          ) : (
            <Text className='air-flight__none'>{f.bookable ? t('air.list.soldOut') : t('air.list.closed')}</Text>
          )}
        </View>
      </View>
      <View className='air-flight__foot'>
        <Text className='air-muted'>
          {pick(lang, f.airline.nameZh, f.airline.nameEn)} {f.flightNo} · {f.aircraftType} · {t(`air.filter.size.${f.aircraftSize}`)}
          {f.meal ? ` · ${t('air.list.meal')}` : ''}
          {f.operatingFlightNo ? ` · ${t('air.list.codeshare', { flight: f.operatingFlightNo })}` : ''}
        </Text>
      </View>
    </View>
  )
})
