import { Text, View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { Suspense, lazy, useMemo, useState } from 'react'
import type { TrainOffer, TrainSearchResult } from '@contracts/calls/train/search'
import { useI18n } from '../i18n-list'
import { navigateTo, redirectTo } from '@/lib/router/navigate'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { Notice } from '@/ui/Notice'
import { VirtualList } from '@/ui/VirtualList'
import { fetchTrains, trainSearchRequest } from '../api/search-trains'
import { usePreSale } from '../hooks/usePreSale'
import { isTravelDate, shiftDate } from '../model/dates'
import { NO_FILTERS, activeFilterCount, filterAndSort, filterOptions, type TrainFilters, type TrainSort } from '../model/filters'
import { stationName } from '../model/stations'
import { DateLabel } from './DateLabel'
import { TrainRow } from './TrainRow'
import { pressable } from '@/ui/pressable'
import './fill.scss'
import './TrainList.scss'

/**
 * The filter sheet is not part of the first screen: on H5 its code (with taro-ui's button, ~4 KiB
 * gzipped) loads when it is first opened, not with the results (H5 first-load budget). The mini-program has no
 * chunks to load later: there it is part of the page. The condition is the platform alone, so each
 * build keeps one branch.
 */
const FilterPanel: typeof import('./FilterPanel').FilterPanel =
  process.env.TARO_ENV === 'h5'
    ? (lazy(() => import('./FilterPanel').then((m) => ({ default: m.FilterPanel }))) as unknown as typeof import('./FilterPanel').FilterPanel)
    : // eslint-disable-next-line @typescript-eslint/no-require-imports -- a static import would keep the sheet in the H5 results chunk
      (require('./FilterPanel') as typeof import('./FilterPanel')).FilterPanel

/** the rows' height in TrainRow.scss (design px): English names and seat words take two lines */
const ROW_HEIGHT = { zh: 204, en: 276 } as const

/**
 * searchTicketList: every train between the two stations (or cities) on the date of the address,
 * with the day before / after, filters and sorting (spec §3), and the two empty states of spec §8:
 * no trains meeting the conditions; a train with no tickets left offers to grab (on its details).
 */
export function TrainList() {
  const { t, lang } = useI18n()
  const { params } = useRouter()
  const from = params.from ?? ''
  const to = params.to ?? ''
  const date = isTravelDate(params.date) ? params.date : ''
  const setPicked = useAppStore((s) => s.setTrainPicked)
  const setSearch = useAppStore((s) => s.setTrainSearch)
  const preSale = usePreSale()
  const result = useQuery<TrainSearchResult>(from && to && date ? `train:search:${from}:${to}:${date}` : null, () =>
    fetchTrains(trainSearchRequest(from, to, date)),
  )
  const [filters, setFilters] = useState<TrainFilters>(NO_FILTERS)
  const [sort, setSort] = useState<TrainSort>('departEarly')
  const [panel, setPanel] = useState(false)
  const trains = useMemo(() => (result.data ? filterAndSort(result.data.trains, filters, sort) : []), [result.data, filters, sort])
  const options = useMemo(() => filterOptions(result.data?.trains ?? []), [result.data])

  if (!from || !to || !date)
    return <Notice text={t('train.common.loadFailed')} action={{ label: t('common.backHome'), onClick: () => void redirectTo('trainHome') }} />

  const toDay = (days: number) => {
    if (!preSale.data) return
    const next = shiftDate(date, days, preSale.data.today, preSale.data.lastDate)
    if (!next) return
    setSearch({ date: next })
    void redirectTo('trainSearchTicketList', { from, to, date: next })
  }
  const open = (train: TrainOffer) => {
    setPicked(train)
    void navigateTo('trainTicketDetails', { trainCode: train.trainCode, date: train.date, from: train.from.code, to: train.to.code, sfrom: from, sto: to })
  }
  const canPrev = !!preSale.data && !!shiftDate(date, -1, preSale.data.today, preSale.data.lastDate)
  const canNext = !!preSale.data && !!shiftDate(date, 1, preSale.data.today, preSale.data.lastDate)
  const sortButton = (s: TrainSort, label: string, next: TrainSort = s) => (
    <View className={`train-list__sort train-list__sort--${s} ${sort === s ? 'is-on' : ''}`} {...pressable(() => setSort(sort === s ? next : s))}>
      {label}
    </View>
  )
  // departure time sorts both ways: a second tap turns it round
  const departSort: TrainSort = sort === 'departLate' ? 'departLate' : 'departEarly'
  const filterCount = activeFilterCount(filters)

  return (
    <View className='train-list'>
      <View className='train-list__head'>
        {/* the route's line is there from the start (a blank while the search runs): the list
            below does not jump down when the answer comes (no layout shift) */}
        <Text className='train-list__route' aria-hidden={result.data ? undefined : true}>
          {result.data ? (
            <>
              {stationName(result.data.from, lang)} → {stationName(result.data.to, lang)}
            </>
          ) : (
            '\u00a0'
          )}
        </Text>
        <View className='train-list__days'>
          <Text className={`train-list__day ${canPrev ? '' : 'is-off'}`} {...pressable(() => toDay(-1), { disabled: !canPrev })}>
            {t('train.list.prevDay')}
          </Text>
          <DateLabel className='train-list__date' date={date} today={preSale.data?.today} />
          <Text className={`train-list__day ${canNext ? '' : 'is-off'}`} {...pressable(() => toDay(1), { disabled: !canNext })}>
            {t('train.list.nextDay')}
          </Text>
        </View>
      </View>
      {result.status === 'error' && !result.data ? (
        <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: result.retry }} />
      ) : result.data && !trains.length ? (
        <View className='train-list__empty'>
          <Notice
            text={t('train.list.noTrains')}
            action={filterCount ? { label: t('train.list.clearFilters'), onClick: () => setFilters(NO_FILTERS) } : undefined}
          />
        </View>
      ) : (
        <View className='train-list__body'>
          {/* likewise the count's line, so the list does not move down when it fills */}
          <Text className='train-list__count' aria-hidden={result.data ? undefined : true}>
            {result.data ? t('train.list.count', { n: trains.length }) : '\u00a0'}
          </Text>
          <VirtualList
            className='train-list__list'
            items={trains}
            rowHeight={ROW_HEIGHT[lang]}
            keyOf={(tr) => tr.trainCode}
            renderRow={(tr) => <TrainRow train={tr} onOpen={open} />}
            resetKey={`${JSON.stringify(filters)}:${sort}:${date}`}
          />
        </View>
      )}
      <View className='train-list__bar'>
        <View className={`train-list__filter ${filterCount ? 'is-on' : ''}`} {...pressable(() => setPanel(true))}>
          {t('train.list.filter')}
          {filterCount ? ` (${filterCount})` : ''}
        </View>
        {sortButton(departSort, t(`train.list.sortBy.${departSort}`), departSort === 'departEarly' ? 'departLate' : 'departEarly')}
        {sortButton('durationShort', t('train.list.sortBy.durationShort'))}
        {sortButton('priceLow', t('train.list.sortBy.priceLow'))}
      </View>
      {panel && (
        <Suspense fallback={null}>
          <FilterPanel
            value={filters}
            options={options}
            onClose={() => setPanel(false)}
            onApply={(f) => {
              setFilters(f)
              setPanel(false)
            }}
          />
        </Suspense>
      )}
    </View>
  )
}
