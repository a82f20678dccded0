/**
 * The agenda and the activities (contracts/calls/register.ts): reading them for anyone, and an
 * attendee's choice of activities with capacity enforced in the database.
 *
 * applyActivityChoice() is the one place a sign-up happens: the choice call, the registration
 * submit and the edit of one's details all run it inside their own transaction.
 */
import type { ChooseActivitiesRequest, ScheduleResponse, ScheduleSummaryResponse, SignupActivity, SubEventView } from '@contracts/calls/register'
import { chooseActivities as chooseActivitiesCall } from '@contracts/calls/register'
import type { Lang } from '@contracts/messages'
import type { Queryable, Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import { planActivityChoice } from './rules/activities'
import { REGISTER_RULES } from '../register/rules/register-rules'
import { toZoneIso, zoneDay } from '../kernel/time/time'
import { AppError } from '../kernel/errors'
import { once } from '../kernel/http/idempotency'
import type { EventRow } from '../events/repositories/events'
import { addSignup, listSubEvents, lockAttendee, maxActivitiesOf, removeSignups, signedUpIds, takePlace, type SubEventRow } from './repositories/schedule'
import type { AttendeeRow } from '../auth/repositories/users'
import { requireEventByCode } from '../events/events'
import type { SessionInfo } from '../auth/sessions'

/** the caller's registration at this event, if the login is for it */
export function attendeeAt(session: SessionInfo | null, event: EventRow): AttendeeRow | null {
  return session && session.event.id === event.id ? session.attendee : null
}

function toSubEventView(r: SubEventRow, mine: Set<number>, zone: string): SubEventView {
  return {
    code: r.code,
    day: zoneDay(r.startTime, zone),
    startTime: toZoneIso(r.startTime, zone),
    endTime: toZoneIso(r.endTime, zone),
    titleZh: r.titleZh,
    titleEn: r.titleEn,
    trackZh: r.trackZh,
    trackEn: r.trackEn,
    venueZh: r.venueZh,
    venueEn: r.venueEn,
    speakerZh: r.speakerZh,
    speakerEn: r.speakerEn,
    summaryZh: r.summaryZh,
    summaryEn: r.summaryEn,
    signupOpen: r.signupOpen,
    capacity: r.capacity,
    taken: r.taken,
    signedUp: mine.has(r.id),
  }
}

function toSignupActivity(r: SubEventRow, mine: Set<number>, zone: string): SignupActivity {
  return {
    code: r.code,
    titleZh: r.titleZh,
    titleEn: r.titleEn,
    startTime: toZoneIso(r.startTime, zone),
    endTime: toZoneIso(r.endTime, zone),
    venueZh: r.venueZh,
    venueEn: r.venueEn,
    capacity: r.capacity,
    taken: r.taken,
    remaining: r.capacity === null ? null : Math.max(0, r.capacity - r.taken),
    signedUp: mine.has(r.id),
  }
}

export async function maxActivitiesFor(q: Queryable, eventId: number): Promise<number | null> {
  const { found, max } = await maxActivitiesOf(q, eventId)
  return found ? max : REGISTER_RULES.activities.defaultMaxPerAttendee
}

export async function listSchedule({ db }: Pick<Deps, 'db'>, session: SessionInfo | null, eventCode: string): Promise<ScheduleResponse> {
  const event = await requireEventByCode(db, eventCode)
  const attendee = attendeeAt(session, event)
  const rows = await listSubEvents(db, event.id)
  const mine = new Set(attendee ? await signedUpIds(db, attendee.id) : [])
  const items = rows.map((r) => toSubEventView(r, mine, event.timeZone))
  return { eventCode: event.eventCode, timeZone: event.timeZone, days: [...new Set(items.map((i) => i.day))].sort(), items }
}

/** the summary for an attendee (null: a guest) of an event */
export async function scheduleSummary(q: Queryable, event: EventRow, attendee: AttendeeRow | null): Promise<ScheduleSummaryResponse> {
  const rows = await listSubEvents(q, event.id, { signupOnly: true })
  const mine = new Set(attendee ? await signedUpIds(q, attendee.id) : [])
  return {
    eventCode: event.eventCode,
    maxPerAttendee: await maxActivitiesFor(q, event.id),
    chosen: rows.filter((r) => mine.has(r.id)).map((r) => r.code),
    items: rows.map((r) => toSignupActivity(r, mine, event.timeZone)),
  }
}

export async function listScheduleSummary({ db }: Pick<Deps, 'db'>, session: SessionInfo | null, eventCode: string): Promise<ScheduleSummaryResponse> {
  const event = await requireEventByCode(db, eventCode)
  return scheduleSummary(db, event, attendeeAt(session, event))
}

/**
 * Makes the attendee's activities exactly `wanted`, inside the caller's transaction. Refusals
 * (EREG2001 unknown or closed, EREG2003 over the limit, EREG2002 full) throw, so the caller's
 * transaction rolls back whole. Rows are touched in id order, so two attendees swapping
 * activities cannot deadlock.
 */
export async function applyActivityChoice(tx: Tx, args: { event: EventRow; attendee: AttendeeRow; wanted: string[]; now: Date; lang: Lang }): Promise<void> {
  const { event, attendee } = args
  await lockAttendee(tx, attendee.id)
  const options = await listSubEvents(tx, event.id)
  const current = await signedUpIds(tx, attendee.id)
  const plan = planActivityChoice(options, current, args.wanted, await maxActivitiesFor(tx, event.id))
  if (!plan.ok) throw new AppError(plan.msgId, 200, plan.params)
  const steps = [...plan.add.map((o) => ({ id: o.id, add: true })), ...plan.remove.map((o) => ({ id: o.id, add: false }))].sort((a, b) => a.id - b.id)
  for (const step of steps) {
    if (!step.add) {
      await removeSignups(tx, attendee.id, [step.id])
      continue
    }
    if (!(await takePlace(tx, step.id))) {
      const full = options.find((o) => o.id === step.id)!
      throw new AppError('EREG2002', 200, { title: args.lang === 'en' ? full.titleEn : full.titleZh })
    }
    await addSignup(tx, { eventId: event.id, subEventId: step.id, attendeeId: attendee.id, userId: attendee.userId, createdAt: args.now })
  }
}

/**
 * Gives back every place the attendee holds (a registration rejected on review: its places go to
 * others), inside the caller's transaction, with the attendee's row locked.
 */
export async function releaseActivities(tx: Tx, attendeeId: number): Promise<void> {
  await lockAttendee(tx, attendeeId)
  // in id order, as applyActivityChoice touches them: no deadlock with a sign-up
  const held = (await signedUpIds(tx, attendeeId)).sort((a, b) => a - b)
  await removeSignups(tx, attendeeId, held)
}

/** a registered attendee of the login's event may sign up; under review too, rejected not */
export function requireAttendee(session: SessionInfo, eventCode: string): AttendeeRow {
  if (session.event.eventCode !== eventCode) throw new AppError('ESYS0004')
  const attendee = session.attendee
  if (!attendee) throw new AppError('EREG1036')
  if (attendee.status === 'rejected') throw new AppError('EREG1030')
  return attendee
}

export async function chooseActivities(
  deps: Pick<Deps, 'db' | 'now'>,
  session: SessionInfo,
  body: ChooseActivitiesRequest,
  lang: Lang,
): Promise<ScheduleSummaryResponse> {
  const attendee = requireAttendee(session, body.eventCode)
  const now = deps.now()
  const request = { eventCode: body.eventCode, activityCodes: body.activityCodes }
  return deps.db.transaction((tx) =>
    once(tx, { scope: chooseActivitiesCall.path, userId: session.user.id, key: body.idempotencyKey, request }, now, async () => {
      await applyActivityChoice(tx, { event: session.event, attendee, wanted: body.activityCodes, now, lang })
      return scheduleSummary(tx, session.event, attendee)
    }),
  )
}
