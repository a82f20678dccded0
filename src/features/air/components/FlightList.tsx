import { Text, View } from '@tarojs/components'
import { useCallback, useMemo, useState } from 'react'
import type { CabinView, FlightView } from '@contracts/calls/flight/search'
import { useI18n } from '../i18n'
import { useQuery } from '@/lib/useQuery'
import { Notice } from '@/ui/Notice'
import { fetchFlights } from '../api/flights'
import { useRevealMore } from '../hooks/useRevealMore'
import { NO_FILTERS, SORTS, activeFilterCount, applyFilters, filterOptions, sortFlights, type FlightFilters, type FlightSort } from '../model/flights'
import { dayLabel, pick } from '../model/format'
import { CabinSheet } from './CabinSheet'
import { FilterSheet } from './FilterSheet'
import { FlightRow } from './FlightRow'
import { LoadState } from './LoadState'
import { PriceCalendar } from './PriceCalendar'
import { pressable } from '@/ui/pressable'
import './air.scss'

interface Props {
  depCode: string
  arrCode: string
  date: string
  /** the names of the searched places, when known (the search form's) */
  depName?: { zh: string; en: string }
  arrName?: { zh: string; en: string }
  onDate: (date: string) => void
  onBook: (flight: FlightView, cabin: CabinView) => void
}

const STEP = 30

/** a day's flights: price calendar, sort, filters, "no flights found", then the cabins of one */
export function FlightList({ depCode, arrCode, date, depName, arrName, onDate, onBook }: Props) {
  const { t, lang } = useI18n()
  const flights = useQuery(`air:flights:${depCode}:${arrCode}:${date}`, () => fetchFlights(depCode, arrCode, date))
  const [sort, setSort] = useState<FlightSort>('depEarly')
  const [filters, setFilters] = useState<FlightFilters>(NO_FILTERS)
  const [filtering, setFiltering] = useState(false)
  const [open, setOpen] = useState<FlightView | null>(null)
  const all = useMemo(() => (flights.status === 'success' ? (flights.data?.flights ?? []) : []), [flights.status, flights.data])
  const shownList = useMemo(() => sortFlights(applyFilters(all, filters), sort), [all, filters, sort])
  const options = useMemo(() => filterOptions(all), [all])
  const count = useRevealMore(shownList.length, STEP, `${date}:${sort}:${JSON.stringify(filters)}`)
  const onOpen = useCallback((f: FlightView) => setOpen(f), [])
  const first = all[0]
  const from = depName ? pick(lang, depName.zh, depName.en) : first ? pick(lang, first.dep.cityZh, first.dep.cityEn) : depCode
  const to = arrName ? pick(lang, arrName.zh, arrName.en) : first ? pick(lang, first.arr.cityZh, first.arr.cityEn) : arrCode
  const badge = activeFilterCount(filters)

  return (
    <View className='air-list'>
      <View className='air-list__head'>
        <Text className='air-list__route'>{t('air.list.title', { from, to })}</Text>
        <Text className='air-muted'> {dayLabel(date, lang)}</Text>
      </View>
      {flights.status === 'success' && flights.data && <PriceCalendar days={flights.data.calendar} date={date} onPick={onDate} />}
      <LoadState query={flights} failText={t('air.list.loadFailed')}>
        {() =>
          flights.status === 'loading' ? (
            <View className='air-loading'>{t('common.loading')}</View>
          ) : all.length === 0 ? (
            <Notice icon='✈' text={t('air.list.noFlights')} />
          ) : shownList.length === 0 ? (
            <Notice icon='✈' text={t('air.list.noFlightsFiltered')} action={{ label: t('air.list.clearFilters'), onClick: () => setFilters(NO_FILTERS) }} />
          ) : (
            <View className='air-list__rows'>
              <Text className='air-muted air-list__count'>{t('air.list.count', { n: shownList.length })}</Text>
              {shownList.slice(0, count).map((f) => (
                <FlightRow key={`${f.flightNo}-${f.depAirport}`} flight={f} onOpen={onOpen} />
              ))}
            </View>
          )
        }
      </LoadState>
      <View className='air-sortbar'>
        {SORTS.map((s) => (
          <View key={s} className={`air-sortbar__item ${sort === s ? 'is-on' : ''}`} {...pressable(() => setSort(s), { role: 'radio', checked: sort === s })}>
            {t(`air.sort.${s}`)}
          </View>
        ))}
        <View className={`air-sortbar__item air-sortbar__filter ${badge > 0 ? 'is-on' : ''}`} {...pressable(() => setFiltering(true))}>
          {t('air.filter.button')}
          {badge > 0 ? ` (${badge})` : ''}
        </View>
      </View>
      {filtering && (
        <FilterSheet
          value={filters}
          options={options}
          onClose={() => setFiltering(false)}
          onApply={(f) => {
            setFilters(f)
            setFiltering(false)
          }}
        />
      )}
      {open && <CabinSheet flight={open} onClose={() => setOpen(null)} onBook={(c) => onBook(open, c)} />}
      {/* keeps the last rows clear of the sort bar */}
      <View className='air-sortbar__spacer' />
    </View>
  )
}
