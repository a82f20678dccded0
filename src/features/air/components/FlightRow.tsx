import { Text, View } from '@tarojs/components'
import { memo } from 'react'
import type { FlightView } from '@contracts/calls/flight/search'
import { useI18n } from '../i18n'
import { pick } from '../model/format'
import { FlightTimes } from './FlightTimes'
import { yuan } from '../model/money'
import { pressable } from '@/ui/pressable'
import './air.scss'

interface Props {
  flight: FlightView
  onOpen: (f: FlightView) => void
}

/** one row of the flight list; memoised: the list redraws often (sort, filters) and is long */
export const FlightRow = memo(function FlightRow({ flight: f, onOpen }: Props) {
  const { t, lang } = useI18n()
  const available = f.bookable && f.lowestFareFen !== null
  return (
    <View className={`air-flight ${available ? '' : 'is-unavailable'}`} {...pressable(() => available && onOpen(f), { disabled: !available })}>
      <FlightTimes
        flight={f}
        right={
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
        }
      />
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
