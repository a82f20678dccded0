import { Text, View } from '@tarojs/components'
import { Button } from '@/ui/Button'
import { useEffect, useState } from 'react'
import { isActivityFull, toggleActivity } from '@contracts/activities'
import { chooseActivities, listSchedule, listScheduleSummary, type ScheduleResponse, type SubEventView } from '@contracts/calls/register'
import { useI18n } from '../i18n'
import { confirm, toast } from '@/lib/feedback'
import { newIdempotencyKey } from '@/lib/idempotency'
import { call, RequestError } from '@/lib/request'
import { useQuery } from '@/lib/useQuery'
import { withZoneLabel, zoneLabel } from '@/lib/zone-label'
import { useAppStore } from '@/store'
import { Notice } from '@/ui/Notice'
import { useOfflineQuery } from '../hooks/useOfflineQuery'
import { groupDay, timeRange, tracksOfDay } from '../model/schedule'
import { savedAtLabel } from '../model/saved-at'
import { addToCalendar, calendarEntryOf } from './calendar'
import { pressable } from '@/ui/pressable'
import './eventday.scss'

const fetchSchedule = (eventCode: string) => call(listSchedule, { eventCode })
const fetchSignups = (eventCode: string) => call(listScheduleSummary, { eventCode })

/** a session that takes sign-ups: the places left and the attendee's sign-up, to take or give back */
function SignupRow({ s, busy, onToggle }: { s: SubEventView; busy: boolean; onToggle: () => void }) {
  const { t } = useI18n()
  const remaining = s.capacity === null ? null : Math.max(0, s.capacity - s.taken)
  const full = isActivityFull({ remaining, signedUp: s.signedUp })
  return (
    <View className='schedule__signup'>
      <Text className={`schedule__places ${full ? 'is-full' : ''}`}>
        {full ? t('eventday.schedule.full') : remaining === null ? t('eventday.schedule.unlimited') : t('eventday.schedule.places', { n: remaining })}
      </Text>
      <Button
        size='small'
        type={s.signedUp ? 'secondary' : 'primary'}
        className={`schedule__signup-btn ${s.signedUp ? 'schedule__signup-btn--cancel' : ''}`}
        disabled={busy || full}
        onClick={onToggle}
      >
        {s.signedUp ? t('eventday.schedule.cancelSignup') : t('eventday.schedule.signUp')}
      </Button>
    </View>
  )
}

function Session({
  s,
  eventCode,
  timeZone,
  signup,
}: {
  s: SubEventView
  eventCode: string
  /** the event's zone: the times are its wall clock, labelled on a phone elsewhere */
  timeZone: string
  signup: { busy: boolean; onToggle: () => void } | null
}) {
  const { t, lang } = useI18n()
  const pick = (zh: string, en: string) => (lang === 'en' ? en || zh : zh || en)
  const add = async () => {
    const ok = await addToCalendar(calendarEntryOf(s, eventCode, lang)).catch(() => false)
    toast(ok ? t('eventday.schedule.added') : t('eventday.schedule.addFailed'))
  }
  return (
    <View className={`ed-card schedule__session ${s.signedUp ? 'schedule__session--mine' : ''}`}>
      <View className='schedule__row'>
        <Text className='schedule__time'>{withZoneLabel(timeRange(s), zoneLabel(s.startTime, timeZone, lang))}</Text>
        {s.signedUp && <Text className='schedule__badge'>{t('eventday.schedule.signedUp')}</Text>}
      </View>
      <Text className='schedule__title'>{pick(s.titleZh, s.titleEn)}</Text>
      {pick(s.venueZh, s.venueEn) && <Text className='ed-muted'>{t('eventday.schedule.location', { place: pick(s.venueZh, s.venueEn) })}</Text>}
      {pick(s.speakerZh, s.speakerEn) && <Text className='ed-muted'>{t('eventday.schedule.speaker', { name: pick(s.speakerZh, s.speakerEn) })}</Text>}
      {s.signupOpen && signup && <SignupRow s={s} busy={signup.busy} onToggle={signup.onToggle} />}
      <Button size='small' className='schedule__calendar' onClick={() => void add()}>
        {t('eventday.schedule.addCalendar')}
      </Button>
    </View>
  )
}

/**
 * /schedule: the agenda by day and track (cmsEventInfoChildrenSchedule, declared with the registration calls),
 * the sessions the attendee signed up for marked; the last answer is kept and shown offline. A
 * session that takes sign-ups shows its places and signs the attendee up or off (registration's
 * signupSchedule/save with the whole choice; the event's limit and full sessions said first, spec
 * §5 activities; the server has the last word).
 */
export function ScheduleView() {
  const { t, lang } = useI18n()
  const eventCode = useAppStore((s) => s.eventCode)
  const userCode = useAppStore((s) => s.user?.userCode ?? '')
  const q = useOfflineQuery<ScheduleResponse>(eventCode ? `schedule:${eventCode}:${userCode}` : null, () => fetchSchedule(eventCode!))
  const [day, setDay] = useState('')
  const [track, setTrack] = useState('')
  const [mineOnly, setMineOnly] = useState(false)
  const signups = useQuery(eventCode ? `signups:${eventCode}:${userCode}` : null, () => fetchSignups(eventCode!))
  const [busyCode, setBusyCode] = useState('')
  const days = q.data?.days

  const toggleSignup = async (s: SubEventView) => {
    const summary = signups.data
    if (busyCode || !eventCode) return
    if (!summary) return toast(t('common.loading'))
    const next = toggleActivity(summary, summary.chosen, s.code)
    if (!('codes' in next)) return toast(next.problem === 'full' ? t('eventday.schedule.full') : t('eventday.schedule.limit', { max: next.max }))
    const title = lang === 'en' ? s.titleEn || s.titleZh : s.titleZh || s.titleEn
    if (s.signedUp && !(await confirm({ content: t('eventday.schedule.confirmCancel', { title }) }))) return
    setBusyCode(s.code)
    try {
      await call(chooseActivities, { eventCode, activityCodes: next.codes, idempotencyKey: newIdempotencyKey() })
      toast(s.signedUp ? t('eventday.schedule.cancelled') : t('eventday.schedule.signedUpDone'))
    } catch (e) {
      // the request client told the server's word (full meanwhile, the limit…); the places are read again
      if (!(e instanceof RequestError)) throw e
    } finally {
      setBusyCode('')
      signups.retry()
      q.retry()
    }
  }
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
      {q.offline && q.savedAt && <Text className='home-entries__offline'>{t('eventday.schedule.offline', { time: savedAtLabel(q.savedAt, lang) })}</Text>}
      <View className='order-list__filters schedule__days' role='tablist'>
        {(days ?? []).map((d, i) => (
          <View key={d} className={`ed-chip ${d === day ? 'ed-chip--on' : ''}`} {...pressable(() => setDay(d), { role: 'tab', selected: d === day })}>
            {t('eventday.schedule.day', { n: i + 1 })} · {d.slice(5)}
          </View>
        ))}
      </View>
      <View className='order-list__filters schedule__tracks'>
        {['', ...tracks].map((tr) => (
          <View
            key={tr || 'all'}
            className={`ed-chip ${tr === track && !mineOnly ? 'ed-chip--on' : ''}`}
            {...pressable(() => {
              setTrack(tr)
              setMineOnly(false)
            })}
          >
            {tr || t('eventday.schedule.allTracks')}
          </View>
        ))}
        <View className={`ed-chip ${mineOnly ? 'ed-chip--on' : ''}`} {...pressable(() => setMineOnly((m) => !m))}>
          {t('eventday.schedule.mine')}
        </View>
      </View>
      {signups.data && q.data.items.some((s) => s.signupOpen) && (
        <Text className='ed-muted schedule__limit'>
          {signups.data.maxPerAttendee === null ? t('eventday.schedule.noLimit') : t('eventday.schedule.limit', { max: signups.data.maxPerAttendee })}
        </Text>
      )}
      {groups.length === 0 && <Text className='ed-muted order-list__empty'>{t('eventday.schedule.empty')}</Text>}
      {groups.map((g) => (
        <View key={g.track || 'plenary'} className='schedule__group'>
          {g.track && <Text className='schedule__track'>{g.track}</Text>}
          {g.items.map((s) => (
            <Session
              key={s.code}
              s={s}
              eventCode={q.data!.eventCode}
              timeZone={q.data!.timeZone}
              signup={q.offline ? null : { busy: busyCode === s.code, onToggle: () => void toggleSignup(s) }}
            />
          ))}
        </View>
      ))}
    </View>
  )
}
