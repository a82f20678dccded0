import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { EntryKey } from '@contracts/calls/eventday'
import { eventTimeState, type EventInfo } from '@contracts/event'
import { useI18n } from '../i18n'
import { navigateTo } from '@/lib/router/navigate'
import { useEventDayInfo } from '../hooks/useEventDayInfo'
import { ENTRY_TARGETS, entriesFor } from '../model/entries'
import { savedAtLabel } from '../model/saved-at'
import { ColleagueList } from './ColleagueList'
import { pressable } from '@/ui/pressable'
import './eventday.scss'

/** the entries of the home, as the event configures them, for the conference time state (model/entries.ts) */
/** `now`: the page's clock (features/event useNow), so the entries change when the time state does */
export function HomeEntries({ event, now }: { event: EventInfo; now: number }) {
  const { t, lang } = useI18n()
  const info = useEventDayInfo()
  const [colleaguesOpen, setColleaguesOpen] = useState(false)
  const state = eventTimeState(event, now)
  const entries = entriesFor(info.data?.entries ?? [], state)

  const open = (e: EntryKey) => {
    const target = ENTRY_TARGETS[e]
    if (target.route) void navigateTo(target.route, target.query)
    else setColleaguesOpen((o) => !o)
  }

  return (
    <View className='home-entries'>
      {state === 'notStarted' && <Text className='home-entries__notice'>{t('eventday.home.notStartedSite')}</Text>}
      {info.offline && info.savedAt && (
        <Text className='home-entries__offline'>{t('eventday.home.offlineCopy', { time: savedAtLabel(info.savedAt, lang) })}</Text>
      )}
      <View className='home-entries__grid'>
        {entries.map((e) => (
          <View key={e} className={`home-entries__item home-entries__item--${e}`} {...pressable(() => open(e))}>
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
