import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { useEffect, useState } from 'react'
import { listSchedule, type ScheduleResponse, type SubEventView } from '@contracts/calls/register'
import { useI18n } from '../i18n'
import { toast } from '@/lib/feedback'
import { call } from '@/lib/request'
import { useAppStore } from '@/store'
import { Notice } from '@/ui/Notice'
import { useOfflineQuery } from '../hooks/useOfflineQuery'
import { groupDay, timeRange, tracksOfDay } from '../model/schedule'
import { addToCalendar, calendarEntryOf } from './calendar'
import './eventday.scss'

const fetchSchedule = (eventCode: string) => call(listSchedule, { eventCode })

function Session({ s, eventCode }: { s: SubEventView; eventCode: string }) {
  const { t, lang } = useI18n()
  const pick = (zh: string, en: string) => (lang === 'en' ? en || zh : zh || en)
  const add = async () => {
    const ok = await addToCalendar(calendarEntryOf(s, eventCode, lang)).catch(() => false)
    toast(ok ? t('eventday.schedule.added') : t('eventday.schedule.addFailed'))
  }
  return (
    <View className={`ed-card schedule__session ${s.signedUp ? 'schedule__session--mine' : ''}`}>
      <View className='schedule__row'>
        <Text className='schedule__time'>{timeRange(s)}</Text>
        {s.signedUp && <Text className='schedule__badge'>{t('eventday.schedule.signedUp')}</Text>}
      </View>
      <Text className='schedule__title'>{pick(s.titleZh, s.titleEn)}</Text>
      {pick(s.venueZh, s.venueEn) && <Text className='ed-muted'>{t('eventday.schedule.location', { place: pick(s.venueZh, s.venueEn) })}</Text>}
      {pick(s.speakerZh, s.speakerEn) && <Text className='ed-muted'>{t('eventday.schedule.speaker', { name: pick(s.speakerZh, s.speakerEn) })}</Text>}
      <AtButton size='small' className='schedule__calendar' onClick={() => void add()}>
        {t('eventday.schedule.addCalendar')}
      </AtButton>
    </View>
  )
}

/**
 * /schedule: the agenda by day and track (the registration slice's cmsEventInfoChildrenSchedule),
 * the sessions the attendee signed up for marked; the last answer is kept and shown offline.
 */
export function ScheduleView() {
  const { t, lang } = useI18n()
  const eventCode = useAppStore((s) => s.eventCode)
  const userCode = useAppStore((s) => s.user?.userCode ?? '')
  const q = useOfflineQuery<ScheduleResponse>(eventCode ? `schedule:${eventCode}:${userCode}` : null, () => fetchSchedule(eventCode!))
  const [day, setDay] = useState('')
  const [track, setTrack] = useState('')
  const [mineOnly, setMineOnly] = useState(false)
  const days = q.data?.days
  useEffect(() => {
    if (days?.length && !days.includes(day)) setDay(days[0])
  }, [days, day])

  if (!q.data) {
    if (q.status === 'error') return <Notice text={t('eventday.schedule.loadFailed')} action={{ label: t('common.retry'), onClick: q.retry }} />
    return <Notice icon='…' text={t('common.loading')} />
  }
  if (!q.data.items.length) return <Notice text={t('eventday.schedule.empty')} />
  const tracks = tracksOfDay(q.data.items, day, lang)
  const groups = groupDay(q.data.items, day, lang, { track: track || undefined, mineOnly })
  return (
    <View className='ed-page schedule'>
      {q.offline && <Text className='home-entries__offline'>{t('eventday.schedule.offline')}</Text>}
      <View className='order-list__filters schedule__days' role='tablist'>
        {(days ?? []).map((d, i) => (
          <View key={d} role='tab' aria-selected={d === day} className={`ed-chip ${d === day ? 'ed-chip--on' : ''}`} onClick={() => setDay(d)}>
            {t('eventday.schedule.day', { n: i + 1 })} · {d.slice(5)}
          </View>
        ))}
      </View>
      <View className='order-list__filters schedule__tracks'>
        {['', ...tracks].map((tr) => (
          <View key={tr || 'all'} className={`ed-chip ${tr === track && !mineOnly ? 'ed-chip--on' : ''}`} onClick={() => { setTrack(tr); setMineOnly(false) }}>
            {tr || t('eventday.schedule.allTracks')}
          </View>
        ))}
        <View className={`ed-chip ${mineOnly ? 'ed-chip--on' : ''}`} onClick={() => setMineOnly((m) => !m)}>
          {t('eventday.schedule.mine')}
        </View>
      </View>
      {groups.length === 0 && <Text className='ed-muted order-list__empty'>{t('eventday.schedule.empty')}</Text>}
      {groups.map((g) => (
        <View key={g.track || 'plenary'} className='schedule__group'>
          {g.track && <Text className='schedule__track'>{g.track}</Text>}
          {g.items.map((s) => (
            <Session key={s.code} s={s} eventCode={q.data!.eventCode} />
          ))}
        </View>
      ))}
    </View>
  )
}
