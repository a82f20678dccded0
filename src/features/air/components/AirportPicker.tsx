import { Input, ScrollView, Text, View } from '@tarojs/components'
import { useEffect, useMemo, useState } from 'react'
import type { AirportCity, AirportView } from '@contracts/calls/flight/airports'
import { useI18n } from '../i18n'
import { useQuery } from '@/lib/useQuery'
import type { AirPlace } from '@/store'
import { fetchAllCities, searchCities } from '../api/airports'
import { pick } from '../model/format'
import { Sheet } from './Sheet'
import { pressable } from '@/ui/pressable'
import './air.scss'

interface Props {
  title: string
  /** city names (Chinese) of the event's travel range, marked in the list; empty: none */
  rangeCities: string[]
  onPick: (place: AirPlace) => void
  onClose: () => void
}

const cityPlace = (c: AirportCity): AirPlace => ({ code: c.cityCode, nameZh: c.cityZh, nameEn: c.cityEn, cityZh: c.cityZh, cityEn: c.cityEn })
const airportPlace = (a: AirportView): AirPlace => ({ code: a.code, nameZh: a.nameZh, nameEn: a.nameEn, cityZh: a.cityZh, cityEn: a.cityEn })

/** cities are drawn this many at a time as the list scrolls (hundreds of airports in all) */
const STEP = 60
const SEARCH_DELAY_MS = 250

/** a city or one of its airports, by search (name, pinyin, code) or from the full list */
export function AirportPicker({ title, rangeCities, onPick, onClose }: Props) {
  const { t, lang } = useI18n()
  const [keyword, setKeyword] = useState('')
  const [typed, setTyped] = useState('')
  const [shown, setShown] = useState(STEP)
  // wait until the attendee pauses typing before asking the server
  useEffect(() => {
    const id = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(id)
  }, [typed])
  const all = useQuery('air:cities', fetchAllCities)
  const found = useQuery(keyword ? `air:search:${keyword}` : null, () => searchCities(keyword))
  const cities = keyword ? (found.data ?? []) : (all.data ?? [])
  const hot = useMemo(() => (all.data ?? []).filter((c) => c.hot), [all.data])
  const inRange = (c: AirportCity) => rangeCities.includes(c.cityZh)

  const row = (c: AirportCity) => (
    <View key={c.cityCode} className='air-picker__city'>
      <View className='air-picker__city-name' {...pressable(() => onPick(cityPlace(c)))}>
        <Text>{c.airports.length > 1 ? t('air.picker.cityAll', { city: pick(lang, c.cityZh, c.cityEn) }) : pick(lang, c.cityZh, c.cityEn)}</Text>
        <Text className='air-muted'> {c.cityCode}</Text>
        {inRange(c) && <Text className='air-tag air-tag--ok'>{t('air.picker.inRange')}</Text>}
      </View>
      {c.airports.length > 1 &&
        c.airports.map((a) => (
          <View key={a.code} className='air-picker__airport' {...pressable(() => onPick(airportPlace(a)))}>
            <Text>{pick(lang, a.nameZh, a.nameEn)}</Text>
            <Text className='air-muted'> {a.code}</Text>
          </View>
        ))}
    </View>
  )

  return (
    <Sheet title={title} onClose={onClose} size='full'>
      <View className='air-picker__search'>
        <Input
          className='air-picker__input'
          value={typed}
          placeholder={t('air.picker.searchPlaceholder')}
          maxlength={40}
          focus
          onInput={(e) => setTyped(e.detail.value)}
        />
      </View>
      <ScrollView className='air-picker__list' scrollY lowerThreshold={300} onScrollToLower={() => setShown((n) => n + STEP)}>
        {!keyword && hot.length > 0 && (
          <View className='air-picker__hot'>
            <Text className='air-picker__label'>{t('air.picker.hot')}</Text>
            <View className='air-chips'>
              {hot.map((c) => (
                <View key={c.cityCode} className={`air-chip ${inRange(c) ? 'air-chip--ok' : ''}`} {...pressable(() => onPick(cityPlace(c)))}>
                  {pick(lang, c.cityZh, c.cityEn)}
                </View>
              ))}
            </View>
            <Text className='air-picker__label'>{t('air.picker.all')}</Text>
          </View>
        )}
        {(keyword ? found.status === 'loading' && !found.data : all.status === 'loading' && !all.data) && (
          <View className='air-loading'>{t('air.picker.loading')}</View>
        )}
        {keyword && found.status === 'success' && cities.length === 0 && <View className='air-empty'>{t('air.picker.noMatch')}</View>}
        {cities.slice(0, shown).map(row)}
      </ScrollView>
    </Sheet>
  )
}
