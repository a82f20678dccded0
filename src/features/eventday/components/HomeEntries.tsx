import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { EntryKey } from '@contracts/calls/eventday'
import { eventTimeState, type EventInfo } from '@contracts/event'
import { useI18n } from '@/lib/i18n'
import { navigateTo } from '@/lib/router/navigate'
import { useEventDayInfo } from '../hooks/useEventDayInfo'
import { ENTRY_TARGETS } from '../model/entries'
import { ColleagueList } from './ColleagueList'
import './eventday.scss'

/**
 * The entries of the home, as the event configures them. Before the conference starts the
 * website counts down and says it has not started (spec §8 "conference website not started
 * yet"): the event-day entries open once it runs; information, contacts, the guide pages and the
 * microsite stay open for the journey there.
 */
const BEFORE_START: EntryKey[] = ['travel', 'orders', 'activityInfo', 'contactUs', 'design', 'customTemp', 'microsite', 'colleagues', 'schedule']

/** `now`: the page's clock (features/event useNow), so the entries change when the time state does */
export function HomeEntries({ event, now }: { event: EventInfo; now: number }) {
  const { t } = useI18n()
  const info = useEventDayInfo()
  const [colleaguesOpen, setColleaguesOpen] = useState(false)
  const state = eventTimeState(event, now)
  const entries = (info.data?.entries ?? []).filter((e) => state !== 'notStarted' || BEFORE_START.includes(e))

  const open = (e: EntryKey) => {
    const target = ENTRY_TARGETS[e]
    if (target.route) void navigateTo(target.route, target.query)
    else setColleaguesOpen((o) => !o)
  }

  return (
    <View className='home-entries'>
      {state === 'notStarted' && <Text className='home-entries__notice'>{t('eventday.home.notStartedSite')}</Text>}
      {info.offline && <Text className='home-entries__offline'>{t('eventday.home.offlineCopy')}</Text>}
      <View className='home-entries__grid'>
        {entries.map((e) => (
          <View key={e} className={`home-entries__item home-entries__item--${e}`} onClick={() => open(e)} role='button'>
            <Text className='home-entries__icon' aria-hidden style={{ background: ENTRY_TARGETS[e].color }}>
              {Array.from(t(`eventday.entries.${e}`))[0]}
            </Text>
            <Text className='home-entries__label'>{t(`eventday.entries.${e}`)}</Text>
          </View>
        ))}
      </View>
      {colleaguesOpen && <ColleagueList />}
    </View>
  )
}
