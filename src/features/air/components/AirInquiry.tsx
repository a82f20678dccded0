import { Picker, Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import dayjs from 'dayjs'
import { useState } from 'react'
import { toast } from '@/lib/feedback'
import { useI18n } from '../i18n'
import { useQuery } from '@/lib/useQuery'
import { appState, useAppStore, type AirPlace, type AirRecentSearch } from '@/store'
import { fetchFlightRange } from '../api/airports'
import { fetchFlightVisible } from '../api/policy'
import { dayLabel, pick } from '../model/format'
import { addRecent, withinRange } from '../model/recent'
import { AIR_CLIENT_RULES } from '../model/rules'
import { Notice } from '@/ui/Notice'
import { AirportPicker } from './AirportPicker'
import { pressable } from '@/ui/pressable'
import './air.scss'

interface Props {
  /** Beijing today, 'YYYY-MM-DD' */
  today: string
  onSearch: (s: AirRecentSearch) => void
}

/** from, to, date, one way; recent searches; the event's travel range */
export function AirInquiry({ today, onSearch }: Props) {
  const { t, lang } = useI18n()
  const recent = useAppStore((s) => s.airRecentSearches)
  const last = recent[0]
  const [dep, setDep] = useState<AirPlace | null>(last?.dep ?? null)
  const [arr, setArr] = useState<AirPlace | null>(last?.arr ?? null)
  const tomorrow = dayjs(today).add(1, 'day').format('YYYY-MM-DD')
  const [date, setDate] = useState(last && last.date >= today ? last.date : tomorrow)
  const [picking, setPicking] = useState<'dep' | 'arr' | null>(null)
  const range = useQuery('air:range', fetchFlightRange)
  const rangeCities = range.data && !range.data.unrestricted ? range.data.cities.map((c) => c.name) : []
  const rangeNames = range.data && !range.data.unrestricted ? range.data.cities.map((c) => pick(lang, c.name, c.nameEn)).join(t('common.listSeparator')) : ''
  const visible = useQuery('air:visible', fetchFlightVisible)
  const end = dayjs(today).add(AIR_CLIENT_RULES.dateHorizonDays, 'day').format('YYYY-MM-DD')

  const search = (s: AirRecentSearch) => {
    if (s.dep.code === s.arr.code) return toast(t('air.inquiry.sameCity'))
    if (!withinRange(s.dep, s.arr, rangeCities)) return toast(t('air.inquiry.outOfRange', { cities: rangeNames }))
    appState().setAirRecentSearches(addRecent(appState().airRecentSearches, s))
    onSearch(s)
  }
  const submit = () => {
    if (!dep || !arr) return toast(t('air.inquiry.pickBoth'))
    search({ dep, arr, date })
  }
  const place = (p: AirPlace | null) => (p ? pick(lang, p.nameZh, p.nameEn) : t('air.inquiry.chooseCity'))

  // the event does not offer flights to this attendee (travel policy's product visibility)
  if (visible.data === false) return <Notice icon='✈' text={t('air.inquiry.notOffered')} />
  return (
    <View className='air-inquiry'>
      <View className='air-card air-inquiry__form'>
        <Text className='air-inquiry__tab'>{t('air.inquiry.oneWay')}</Text>
        <View className='air-inquiry__route'>
          <View className='air-inquiry__place air-inquiry__place--dep' {...pressable(() => setPicking('dep'))}>
            <Text className='air-muted'>{t('air.inquiry.from')}</Text>
            <Text className={`air-inquiry__city ${dep ? '' : 'is-empty'}`}>{place(dep)}</Text>
          </View>
          <View
            className='air-inquiry__swap'
            {...pressable(
              () => {
                setDep(arr)
                setArr(dep)
              },
              { label: t('air.inquiry.swap') },
            )}
          >
            ⇄
          </View>
          <View className='air-inquiry__place air-inquiry__place--arr' {...pressable(() => setPicking('arr'))}>
            <Text className='air-muted'>{t('air.inquiry.to')}</Text>
            <Text className={`air-inquiry__city ${arr ? '' : 'is-empty'}`}>{place(arr)}</Text>
          </View>
        </View>
        <Picker mode='date' value={date} start={today} end={end} onChange={(e) => setDate(String(e.detail.value))}>
          <View className='air-inquiry__date' {...pressable(undefined)}>
            <Text className='air-muted'>{t('air.inquiry.date')}</Text>
            <Text className='air-inquiry__date-value'>{dayLabel(date, lang)}</Text>
          </View>
        </Picker>
        <Button type='primary' className='air-inquiry__search' onClick={submit}>
          {t('air.inquiry.search')}
        </Button>
      </View>

      {rangeNames && (
        <View className='air-card air-inquiry__range'>
          <Text className='air-section-title'>{t('air.inquiry.rangeTitle')}</Text>
          <Text className='air-muted'>{t('air.inquiry.rangeText', { cities: rangeNames })}</Text>
        </View>
      )}

      {recent.length > 0 && (
        <View className='air-card air-inquiry__recent'>
          <View className='air-row'>
            <Text className='air-section-title'>{t('air.inquiry.recent')}</Text>
            <View className='air-link' {...pressable(() => appState().setAirRecentSearches([]))}>
              {t('air.inquiry.clearRecent')}
            </View>
          </View>
          <View className='air-chips'>
            {recent.map((r) => (
              <View
                key={`${r.dep.code}-${r.arr.code}`}
                className='air-chip air-inquiry__recent-item'
                {...pressable(() => search({ ...r, date: r.date >= today ? r.date : date }))}
              >
                {place(r.dep)} → {place(r.arr)}
              </View>
            ))}
          </View>
        </View>
      )}

      {picking && (
        <AirportPicker
          title={t(picking === 'dep' ? 'air.inquiry.from' : 'air.inquiry.to')}
          rangeCities={rangeCities}
          onClose={() => setPicking(null)}
          onPick={(p) => {
            if (picking === 'dep') setDep(p)
            else setArr(p)
            setPicking(null)
          }}
        />
      )}
    </View>
  )
}
