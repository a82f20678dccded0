import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import type { FlightView } from '@contracts/calls/flight/search'
import { useI18n } from '../i18n'
import { durationParts } from '../model/flights'
import { clock, pick } from '../model/format'
import './air.scss'

/**
 * departure and arrival times and airports with the duration and stops between them (the list's
 * rows and every flight summary); `right`: what follows on the same line (the row's price)
 */
/** '浦东国际机场 T1' / 'Pudong International Airport T1' ('' terminal: the name alone) */
const withTerminal = (airport: string, terminal: string): string => (terminal ? `${airport} ${terminal}` : airport)

export function FlightTimes({ flight: f, right }: { flight: FlightView; right?: ReactNode }) {
  const { t, lang } = useI18n()
  const d = durationParts(f.durationMinutes)
  const stops = lang === 'zh' ? f.stopCitiesZh : f.stopCitiesEn
  return (
    <View className='air-times'>
      <View className='air-times__end'>
        <Text className='air-times__clock'>{clock(f.dep.time)}</Text>
        <Text className='air-times__airport'>{withTerminal(pick(lang, f.dep.airportZh, f.dep.airportEn), f.dep.terminal)}</Text>
      </View>
      <View className='air-times__mid'>
        <Text className='air-muted'>{t('air.list.duration', { h: d.h, m: d.m })}</Text>
        <View className='air-times__line' />
        <Text className='air-muted'>{f.stops === 0 ? t('air.list.direct') : t('air.list.stops', { cities: stops.join(t('common.listSeparator')) })}</Text>
      </View>
      <View className='air-times__end air-times__end--arr'>
        <Text className='air-times__clock'>
          {clock(f.arr.time)}
          {f.arrDayOffset > 0 && <Text className='air-times__plus'>{t('air.list.nextDay', { n: f.arrDayOffset })}</Text>}
        </Text>
        <Text className='air-times__airport'>{withTerminal(pick(lang, f.arr.airportZh, f.arr.airportEn), f.arr.terminal)}</Text>
      </View>
      {right}
    </View>
  )
}
