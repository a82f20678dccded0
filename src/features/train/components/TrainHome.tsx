import { Text, View } from '@tarojs/components'
import { useEffect } from 'react'
import type { AvailableRange } from '@contracts/calls/travel'
import type { GrabView } from '@contracts/calls/train/grabs'
import type { RailwayLoginState } from '@contracts/calls/train/railway-login'
import { toast } from '@/lib/feedback'
import { useI18n } from '../i18n'
import { navigateTo } from '@/lib/router/navigate'
import { useQuery } from '@/lib/useQuery'
import { useAppStore } from '@/store'
import { Notice } from '@/ui/Notice'
import { fetchGrabs } from '../api/grabs'
import { fetchRailwayState } from '../api/railway-login'
import { fetchTrainRange, fetchTrainVisible } from '../api/travel-policy'
import { usePreSale } from '../hooks/usePreSale'
import { useShownAgain } from '../hooks/useShownAgain'
import { travelDateWithin } from '../model/dates'
import { rememberSearch } from '../model/recentSearches'
import { GrabList } from './GrabList'
import { RecentSearches } from './RecentSearches'
import { TrainSearchForm } from './TrainSearchForm'
import { pressable } from '@/ui/pressable'
import './TrainHome.scss'

/**
 * homePage: the search form, the railway account, recent searches and grab requests. Searching
 * needs the railway login: without it the attendee goes to the train login first and from there
 * straight to the results they asked for.
 */
export function TrainHome() {
  const { t } = useI18n()
  const token = useAppStore((s) => s.token) ?? ''
  const search = useAppStore((s) => s.trainSearch)
  const setRecent = useAppStore((s) => s.setTrainRecent)
  const setSearch = useAppStore((s) => s.setTrainSearch)
  const preSale = usePreSale()
  const visible = useQuery<boolean>(`train:visible:${token}`, fetchTrainVisible)
  const range = useQuery<AvailableRange>(`train:range:${token}`, fetchTrainRange)
  const railway = useQuery<RailwayLoginState>(`train:railway:${token}`, fetchRailwayState)
  const grabs = useQuery<GrabView[]>(`train:grabs:${token}`, fetchGrabs)
  // back from the login, a picker or an order: the railway state and grabs may have changed
  useShownAgain(() => {
    railway.refresh()
    grabs.refresh()
  })

  const date = preSale.data ? travelDateWithin(search.date, preSale.data.today, preSale.data.lastDate) : null
  useEffect(() => {
    if (date && date !== search.date) setSearch({ date })
  }, [date, search.date, setSearch])

  if (visible.data === false) return <Notice text={t('train.home.notOffered')} />
  if (preSale.status === 'error' && !preSale.data)
    return <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: preSale.retry }} />
  if (!preSale.data || !date) return null

  const pick = (field: 'from' | 'to') => void navigateTo(range.data && !range.data.unrestricted ? 'limitCity' : 'chooseCity', { field })
  const doSearch = () => {
    if (!search.from) return toast(t('train.home.pickFromFirst'))
    if (!search.to) return toast(t('train.home.pickToFirst'))
    if (search.from.code === search.to.code) return toast(t('train.home.sameStation'))
    setRecent(rememberSearch(useAppStore.getState().trainRecent, { from: search.from, to: search.to }))
    const query = { from: search.from.code, to: search.to.code, date }
    if (railway.data && !railway.data.loggedIn) {
      const backQuery = Object.entries(query)
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('&')
      return void navigateTo('trainLogin', { back: 'trainSearchTicketList', backQuery })
    }
    void navigateTo('trainSearchTicketList', query)
  }

  return (
    <View className='train-home'>
      <TrainSearchForm preSale={preSale.data} date={date} onPick={pick} onSearch={doSearch} />
      {!preSale.data.onSaleNow && (
        <Text className='train-home__warn'>{t('train.home.offSale', { opens: preSale.data.saleOpens, closes: preSale.data.saleCloses })}</Text>
      )}
      <View className='train-home__account'>
        {railway.data?.loggedIn ? (
          <Text>{t('train.home.railwayAccount', { account: railway.data.account ?? '' })}</Text>
        ) : railway.data ? (
          <Text className='train-home__login' {...pressable(() => void navigateTo('trainLogin'))}>
            {t('train.home.railwayLogin')}
          </Text>
        ) : null}
        {/* one group: when a long account line (English) leaves no room, both links wrap together, to the right */}
        <View className='train-home__links'>
          <Text className='train-home__link' {...pressable(() => void navigateTo('trainEditPassengers'))}>
            {t('train.passenger.title')}
          </Text>
          <Text className='train-home__link' {...pressable(() => void navigateTo('noticeOfReservation'))}>
            {t('train.details.notice')}
          </Text>
        </View>
      </View>
      <RecentSearches />
      {grabs.data && <GrabList grabs={grabs.data} onChanged={grabs.retry} />}
    </View>
  )
}
