/**
 * The agenda and activities (cmsEventInfoChildrenSchedule/list, signupScheduleSummary/list,
 * signupSchedule/save): what a guest, an attendee and a login of another event see; bad input;
 * the limit per attendee; capacity under concurrent sign-ups (real concurrency under
 * scripts/pg-test.sh; on PGlite transactions run one at a time, the counts must hold all the same);
 * retries with one idempotency key.
 */
import { eq, sql } from 'drizzle-orm'
import { chooseActivities, listSchedule, listScheduleSummary } from '@contracts/calls/register'
import { attendees, registrationForms, subEvents, users } from '../src/kernel/db/schema'
import { DEMO_ACTIVITIES, DEMO_AGENDA, DEMO_WORKSHOP_CAPACITY } from '../src/schedule/seed'
import { DEMO_EVENT, DEMO_USER, LOCKED_ATTENDEE, LOCKED_EVENT } from '../src/seed'
import { findEventByCode } from '../src/events/repositories/events'
import { createSession } from '../src/auth/sessions'
import { setup, type TestContext } from './helper'

let t: TestContext
let eventId = 0
const KEY = () => `k-${Math.random().toString(36).slice(2, 12)}`

/** a new approved (or other status) attendee of DEMO and a token for them */
async function newAttendee(n: number, status = 'approved'): Promise<{ token: string; userId: number }> {
  const now = t.clock.now()
  const db = t.db.db
  const [u] = await db
    .insert(users)
    .values({ userCode: `T${n}-${Math.random().toString(36).slice(2, 8)}`, name: `Tester ${n}`, createdAt: now, updatedAt: now })
    .returning({ id: users.id })
  await db.insert(attendees).values({ eventId, userId: u.id, status, createdAt: now })
  const s = await db.transaction((tx) => createSession(tx, t.app.deps, { userId: u.id, eventId, now, ttlHours: 1 }))
  return { token: s.token, userId: u.id }
}

async function login(eventCode: string, extra: object = {}): Promise<string> {
  const r = await t.post('/api/guest/login', { loginType: 'account', eventCode, userName: DEMO_USER.userName, password: DEMO_USER.password, ...extra })
  expect(r.body.msgId).toBe('')
  return r.body.data.token
}

const choose = (token: string, activityCodes: string[], idempotencyKey = KEY(), lang = 'zh') =>
  t.post(chooseActivities.path, { eventCode: 'DEMO', activityCodes, idempotencyKey }, { token, lang })

const takenOf = async (code: string) =>
  (
    await t.db.db
      .select({ taken: subEvents.taken })
      .from(subEvents)
      .where(sql`${subEvents.eventId} = ${eventId} and ${subEvents.code} = ${code}`)
  )[0].taken
const signupRows = async (code: string) => {
  const res = await t.db.db.execute(
    sql`select count(*)::int as n from sub_event_signups s join sub_events e on e.id = s.sub_event_id where e.event_id = ${eventId} and e.code = ${code}`,
  )
  return (res as unknown as { rows: Array<{ n: number }> }).rows[0].n
}

beforeAll(async () => {
  t = await setup()
})
beforeEach(async () => {
  await t.reset()
  eventId = (await findEventByCode(t.db.db, DEMO_EVENT.eventCode))!.id
})
afterAll(async () => t?.close())

describe('the agenda', () => {
  it('lists three days in order, grouped data ready: day, ISO times with +08:00, track, venue, both languages', async () => {
    const r = await t.post(listSchedule.path, { eventCode: 'DEMO' })
    expect(r.body.msgId).toBe('')
    const data = r.body.data
    expect(data.timeZone).toBe('Asia/Shanghai')
    expect(data.days).toHaveLength(3)
    expect(data.items).toHaveLength(DEMO_AGENDA.length)
    for (const i of data.items) {
      expect(i.startTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+08:00$/)
      expect(i.startTime.slice(0, 10)).toBe(i.day)
      expect(i.endTime > i.startTime).toBe(true)
      expect(i.titleZh && i.titleEn).toBeTruthy()
      expect(i.signedUp).toBe(false)
    }
    // start order
    const starts = data.items.map((i: { startTime: string }) => i.startTime)
    expect([...starts].sort()).toEqual(starts)
    const workshop = data.items.find((i: { code: string }) => i.code === DEMO_ACTIVITIES.workshop)
    expect(workshop).toMatchObject({ signupOpen: true, capacity: DEMO_WORKSHOP_CAPACITY, taken: 0, trackEn: 'AI', venueEn: 'Room 305' })
    expect(new Set(data.items.map((i: { trackEn: string }) => i.trackEn))).toEqual(new Set(['', 'AI', 'Cloud Native', 'Web & Mini-programs']))
  })

  it('an event without an agenda answers empty lists; an unknown event EEVT1001', async () => {
    const r = await t.post(listSchedule.path, { eventCode: 'SOON' })
    expect(r.body.data).toMatchObject({ days: [], items: [] })
    expect((await t.post(listSchedule.path, { eventCode: 'NOPE' })).body.msgId).toBe('EEVT1001')
    expect((await t.post(listScheduleSummary.path, { eventCode: 'NOPE' })).body.msgId).toBe('EEVT1001')
  })

  it("the summary lists the three activities with places; a guest has chosen nothing; the demo form's limit of 2, none without a form", async () => {
    expect((await t.post(listScheduleSummary.path, { eventCode: 'SOON' })).body.data.maxPerAttendee).toBeNull()
    const r = await t.post(listScheduleSummary.path, { eventCode: 'DEMO' })
    expect(r.body.data.maxPerAttendee).toBe(2)
    expect(r.body.data.chosen).toEqual([])
    expect(r.body.data.items.map((i: { code: string }) => i.code).sort()).toEqual(Object.values(DEMO_ACTIVITIES).sort())
    const workshop = r.body.data.items.find((i: { code: string }) => i.code === DEMO_ACTIVITIES.workshop)
    expect(workshop).toMatchObject({ capacity: 2, taken: 0, remaining: 2, signedUp: false })
    expect(r.body.data.items.find((i: { code: string }) => i.code === DEMO_ACTIVITIES.dinner)).toMatchObject({ capacity: null, remaining: null })
  })
})

describe('bad input: a clear msgId, never a 5xx', () => {
  it.each([
    [{}, 'EVAL0001'],
    [{ eventCode: '' }, 'EVAL0001'],
    [{ eventCode: 7 }, 'EVAL0001'],
    [{ eventCode: 'x'.repeat(65) }, 'EVAL0001'],
  ])('lists %j → %s', async (body, msgId) => {
    for (const path of [listSchedule.path, listScheduleSummary.path]) {
      const r = await t.post(path, body)
      expect(r.statusCode).toBe(200)
      expect(r.body.msgId).toBe(msgId)
    }
  })

  it('choose: bad bodies, unknown and closed codes, another event', async () => {
    const { token } = await newAttendee(1)
    const cases: Array<[object, string]> = [
      [{ eventCode: 'DEMO', activityCodes: ['x'], idempotencyKey: 'short' }, 'EVAL0001'],
      [{ eventCode: 'DEMO', activityCodes: 'x', idempotencyKey: KEY() }, 'EVAL0001'],
      [{ eventCode: 'DEMO', activityCodes: [''], idempotencyKey: KEY() }, 'EREG2001'],
      [{ eventCode: 'DEMO', activityCodes: Array(51).fill('a'), idempotencyKey: KEY() }, 'EVAL0001'],
      [{ eventCode: 'DEMO', activityCodes: ['nope'], idempotencyKey: KEY() }, 'EREG2001'],
      // on the agenda but not open for sign-up
      [{ eventCode: 'DEMO', activityCodes: ['keynote-1'], idempotencyKey: KEY() }, 'EREG2001'],
      // the login is for DEMO
      [{ eventCode: 'LOCKED', activityCodes: [], idempotencyKey: KEY() }, 'ESYS0004'],
    ]
    for (const [body, msgId] of cases) {
      const r = await t.post(chooseActivities.path, body, { token })
      expect(r.statusCode).toBe(200)
      expect([JSON.stringify(body), r.body.msgId]).toEqual([JSON.stringify(body), msgId])
    }
    expect(await takenOf(DEMO_ACTIVITIES.workshop)).toBe(0)
  })

  it('choose needs a login (EAUT0003) and a registration that is not rejected (EREG1030)', async () => {
    expect((await t.post(chooseActivities.path, { eventCode: 'DEMO', activityCodes: [], idempotencyKey: KEY() })).body.msgId).toBe('EAUT0003')
    const rejected = await newAttendee(2, 'rejected')
    expect((await choose(rejected.token, [DEMO_ACTIVITIES.dinner])).body.msgId).toBe('EREG1030')
    const auditing = await newAttendee(3, 'auditing')
    expect((await choose(auditing.token, [DEMO_ACTIVITIES.dinner])).body.msgId).toBe('')
  })
})

describe('choosing activities', () => {
  it('signs up, shows it to the attendee only, changes and cancels, places follow', async () => {
    const a = await newAttendee(1)
    const r = await choose(a.token, [DEMO_ACTIVITIES.workshop, DEMO_ACTIVITIES.dinner, DEMO_ACTIVITIES.dinner])
    expect(r.body.msgId).toBe('')
    expect(r.body.data.chosen.sort()).toEqual([DEMO_ACTIVITIES.dinner, DEMO_ACTIVITIES.workshop].sort())
    expect(r.body.data.items.find((i: { code: string }) => i.code === DEMO_ACTIVITIES.workshop)).toMatchObject({ taken: 1, remaining: 1, signedUp: true })

    const mine = await t.post(listSchedule.path, { eventCode: 'DEMO' }, { token: a.token })
    expect(
      mine.body.data.items
        .filter((i: { signedUp: boolean }) => i.signedUp)
        .map((i: { code: string }) => i.code)
        .sort(),
    ).toEqual([DEMO_ACTIVITIES.dinner, DEMO_ACTIVITIES.workshop].sort())
    const guest = await t.post(listSchedule.path, { eventCode: 'DEMO' })
    expect(guest.body.data.items.some((i: { signedUp: boolean }) => i.signedUp)).toBe(false)
    // a login of another event sees DEMO as a guest does
    const other = await login(LOCKED_EVENT.eventCode, { idNumber: DEMO_USER.idNumber, ...LOCKED_ATTENDEE })
    const fromOther = await t.post(listScheduleSummary.path, { eventCode: 'DEMO' }, { token: other })
    expect(fromOther.body.data.chosen).toEqual([])

    const changed = await choose(a.token, [DEMO_ACTIVITIES.tour])
    expect(changed.body.data.chosen).toEqual([DEMO_ACTIVITIES.tour])
    expect(await takenOf(DEMO_ACTIVITIES.workshop)).toBe(0)
    expect(await takenOf(DEMO_ACTIVITIES.tour)).toBe(1)
    const cancelled = await choose(a.token, [])
    expect(cancelled.body.data.chosen).toEqual([])
    expect(await takenOf(DEMO_ACTIVITIES.tour)).toBe(0)
  })

  it("a full activity answers EREG2002 naming it in the caller's language, and nothing of the choice is kept", async () => {
    for (let n = 0; n < DEMO_WORKSHOP_CAPACITY; n++) expect((await choose((await newAttendee(n)).token, [DEMO_ACTIVITIES.workshop])).body.msgId).toBe('')
    const late = await newAttendee(9)
    const zh = await choose(late.token, [DEMO_ACTIVITIES.dinner, DEMO_ACTIVITIES.workshop])
    expect(zh.body.msgId).toBe('EREG2002')
    expect(zh.body.msgText).toBe('活动“AI 编程实战工作坊”名额已满')
    const en = await choose(late.token, [DEMO_ACTIVITIES.workshop], KEY(), 'en')
    expect(en.body.msgText).toBe('The activity "Hands-on AI coding workshop" is full')
    // the dinner of the refused choice was rolled back with it
    expect(await takenOf(DEMO_ACTIVITIES.dinner)).toBe(0)
    expect(await signupRows(DEMO_ACTIVITIES.dinner)).toBe(0)
  })

  it("the event's limit per attendee: at the limit fine, one more EREG2003 with the number", async () => {
    const now = t.clock.now()
    await t.db.db.update(registrationForms).set({ maxActivities: 2, updatedAt: now }).where(eq(registrationForms.eventId, eventId))
    const a = await newAttendee(1)
    expect((await t.post(listScheduleSummary.path, { eventCode: 'DEMO' })).body.data.maxPerAttendee).toBe(2)
    expect((await choose(a.token, [DEMO_ACTIVITIES.workshop, DEMO_ACTIVITIES.tour])).body.msgId).toBe('')
    const over = await choose(a.token, Object.values(DEMO_ACTIVITIES), KEY(), 'en')
    expect(over.body.msgId).toBe('EREG2003')
    expect(over.body.msgText).toBe('You can sign up for at most 2 activities')
    expect(await takenOf(DEMO_ACTIVITIES.dinner)).toBe(0)
  })

  it('an activity closed for sign-up after one signed up may be kept, not newly taken', async () => {
    const a = await newAttendee(1)
    const b = await newAttendee(2)
    await choose(a.token, [DEMO_ACTIVITIES.tour])
    await t.db.db.update(subEvents).set({ signupOpen: false }).where(eq(subEvents.code, DEMO_ACTIVITIES.tour))
    expect((await choose(a.token, [DEMO_ACTIVITIES.tour, DEMO_ACTIVITIES.dinner])).body.msgId).toBe('')
    expect((await choose(b.token, [DEMO_ACTIVITIES.tour])).body.msgId).toBe('EREG2001')
  })

  it('a retry with the same key answers the first result and signs up once; the same key with another choice EVAL0009', async () => {
    const a = await newAttendee(1)
    const key = KEY()
    const [first, second] = await Promise.all([choose(a.token, [DEMO_ACTIVITIES.workshop], key), choose(a.token, [DEMO_ACTIVITIES.workshop], key)])
    expect(first.body.data).toEqual(second.body.data)
    expect(await takenOf(DEMO_ACTIVITIES.workshop)).toBe(1)
    expect((await choose(a.token, [DEMO_ACTIVITIES.dinner], key)).body.msgId).toBe('EVAL0009')
  })
})

describe('capacity under concurrent sign-ups', () => {
  it('20 attendees at once for 2 places: exactly 2 get one, the rest EREG2002, counts agree', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, (_, n) => newAttendee(n)))
    const results = await Promise.all(people.map((p) => choose(p.token, [DEMO_ACTIVITIES.workshop, DEMO_ACTIVITIES.dinner])))
    for (const r of results) expect(r.statusCode).toBe(200)
    const ok = results.filter((r) => r.body.msgId === '')
    expect(ok).toHaveLength(DEMO_WORKSHOP_CAPACITY)
    expect(results.filter((r) => r.body.msgId === 'EREG2002')).toHaveLength(20 - DEMO_WORKSHOP_CAPACITY)
    expect(await takenOf(DEMO_ACTIVITIES.workshop)).toBe(DEMO_WORKSHOP_CAPACITY)
    expect(await signupRows(DEMO_ACTIVITIES.workshop)).toBe(DEMO_WORKSHOP_CAPACITY)
    // the refused ones' dinner was rolled back with their choice
    expect(await takenOf(DEMO_ACTIVITIES.dinner)).toBe(DEMO_WORKSHOP_CAPACITY)
    expect(await signupRows(DEMO_ACTIVITIES.dinner)).toBe(DEMO_WORKSHOP_CAPACITY)
  })

  it('attendees swapping activities at once neither deadlock nor lose a place', async () => {
    const people = await Promise.all(Array.from({ length: 10 }, (_, n) => newAttendee(n)))
    await Promise.all(people.map((p, n) => choose(p.token, [n % 2 ? DEMO_ACTIVITIES.tour : DEMO_ACTIVITIES.dinner])))
    const results = await Promise.all(people.map((p, n) => choose(p.token, [n % 2 ? DEMO_ACTIVITIES.dinner : DEMO_ACTIVITIES.tour])))
    for (const r of results) expect(r.body.msgId).toBe('')
    expect(await takenOf(DEMO_ACTIVITIES.tour)).toBe(5)
    expect(await takenOf(DEMO_ACTIVITIES.dinner)).toBe(5)
    expect(await signupRows(DEMO_ACTIVITIES.tour)).toBe(5)
  })

  it('one attendee sending two different choices at once stays within the limit', async () => {
    await t.db.db.update(registrationForms).set({ maxActivities: 1 }).where(eq(registrationForms.eventId, eventId))
    const a = await newAttendee(1)
    const rs = await Promise.all([choose(a.token, [DEMO_ACTIVITIES.tour]), choose(a.token, [DEMO_ACTIVITIES.dinner])])
    for (const r of rs) expect(r.body.msgId).toBe('')
    const s = await t.post(listScheduleSummary.path, { eventCode: 'DEMO' }, { token: a.token })
    expect(s.body.data.chosen).toHaveLength(1)
    expect((await takenOf(DEMO_ACTIVITIES.tour)) + (await takenOf(DEMO_ACTIVITIES.dinner))).toBe(1)
  })
})

describe('the demo seed', () => {
  it('runs again without losing places taken and moves times with the event', async () => {
    const a = await newAttendee(1)
    await choose(a.token, [DEMO_ACTIVITIES.workshop])
    const { seed } = await import('../src/seed')
    await seed(t.db.db, t.clock.now())
    expect(await takenOf(DEMO_ACTIVITIES.workshop)).toBe(1)
    expect((await t.post(listSchedule.path, { eventCode: 'DEMO' })).body.data.items).toHaveLength(DEMO_AGENDA.length)
  })
})
