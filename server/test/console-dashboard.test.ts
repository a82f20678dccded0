/**
 * The live dashboard (eventday/dashboard.ts): exact counts on a made-up event in a zone 45 minutes
 * off the hour (Asia/Kathmandu, +05:45), so a bucket of the event's clock is not one of UTC's; who
 * may read it (contracts/admin/roles.ts); another event answered as missing.
 */
import { eq } from 'drizzle-orm'
import { getDashboard } from '@contracts/admin/dashboard'
import { DASHBOARD_RULES } from '@contracts/admin/dashboard-rules'
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@contracts/admin/roles'
import { arrivalDays } from '../src/eventday/rules/arrival-buckets'
import { attendees, checkinPoints, checkins, events, users } from '../src/kernel/db/schema'
import { setup, type TestContext } from './helper'
import { staffWithRole } from './staff-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const read = (token: string, eventCode = 'DASH') => t.post(getDashboard.path, { eventCode }, { token })

/** type, status, and where and when (UTC) they checked in; point null: at a desk by staff */
const PEOPLE: Array<[string, string, { point: string | null; at: string } | null]> = [
  // local 09:59:59 → the 09:50 bucket; 10:00:00 and 10:09:59 → the 10:00 bucket (UTC buckets would split them otherwise)
  ['attendee', 'approved', { point: 'GATE-A', at: '2026-05-20T04:14:59Z' }],
  ['attendee', 'approved', { point: 'GATE-A', at: '2026-05-20T04:15:00Z' }],
  ['attendee', 'auditing', null],
  ['attendee', 'rejected', null],
  ['vip', 'approved', { point: 'GATE-B', at: '2026-05-20T04:24:59Z' }],
  ['vip', 'approved', { point: 'GATE-B', at: '2026-05-20T04:55:00Z' }],
  ['vip', 'approved', null],
  // local 00:03 of the 21st is still the 20th in UTC
  ['media', 'approved', { point: null, at: '2026-05-20T18:18:00Z' }],
  ['media', 'auditing', null],
]

async function madeUpEvent() {
  const [demo] = await t.db.db.select().from(events).where(eq(events.eventCode, 'DEMO'))
  const { id: _id, ...rest } = demo
  const [event] = await t.db.db
    .insert(events)
    .values({ ...rest, eventCode: 'DASH', eventHashCode: 'dash', timeZone: 'Asia/Kathmandu' })
    .returning()
  const points = await t.db.db
    .insert(checkinPoints)
    .values(['GATE-A', 'GATE-B', 'GATE-C'].map((pointCode) => ({ eventId: event.id, pointCode, nameZh: `${pointCode} 门`, nameEn: `${pointCode} door` })))
    .returning()
  const now = t.clock.now()
  for (const [i, [userType, status, checkin]] of PEOPLE.entries()) {
    const [user] = await t.db.db
      .insert(users)
      .values({ userCode: `UDASH${i}`, name: `Person ${i}`, mobile: `1360000${String(i).padStart(4, '0')}`, createdAt: now, updatedAt: now })
      .returning()
    await t.db.db.insert(attendees).values({ eventId: event.id, userId: user.id, userType, status, createdAt: now })
    if (!checkin) continue
    const at = new Date(checkin.at)
    const pointId = checkin.point ? points.find((p) => p.pointCode === checkin.point)!.id : null
    await t.db.db.insert(checkins).values({ eventId: event.id, userId: user.id, method: pointId ? 'scan' : 'staff', pointId, checkedInAt: at, receivedAt: at })
  }
}

describe.each(STAFF_ROLES)('role %s at DASH', (role) => {
  it(`${ROLE_PERMISSIONS['dashboard.read'].includes(role) ? 'reads' : 'is refused'} the dashboard; another event is missing`, async () => {
    await madeUpEvent()
    const token = await staffWithRole(t, `d-${role}`, role, 'DASH')
    expect((await read(token)).body.msgId).toBe(ROLE_PERMISSIONS['dashboard.read'].includes(role) ? '' : 'ESTF2001')
    for (const eventCode of ['DEMO', 'NOPE']) expect((await read(token, eventCode)).body.msgId).toBe('ESYS0004')
  })
})

describe('the counts', () => {
  it('are exact by type, by point and by bucket of the event clock', async () => {
    await madeUpEvent()
    const token = await staffWithRole(t, 'org', 'organiser', 'DASH')
    const r = await read(token)
    expect(r.body.msgId).toBe('')
    const d = r.body.data
    expect(d).toMatchObject({ timeZone: 'Asia/Kathmandu', bucketMinutes: 10, totals: { registered: 9, approved: 6, checkedIn: 5 } })
    expect(d.byType).toEqual([
      { userType: 'attendee', typeZh: 'attendee', typeEn: 'attendee', registered: 4, approved: 2, checkedIn: 2 },
      { userType: 'media', typeZh: 'media', typeEn: 'media', registered: 2, approved: 1, checkedIn: 1 },
      { userType: 'vip', typeZh: 'vip', typeEn: 'vip', registered: 3, approved: 3, checkedIn: 2 },
    ])
    expect(d.byPoint).toEqual([
      { pointCode: 'GATE-A', nameZh: 'GATE-A 门', nameEn: 'GATE-A door', checkedIn: 2 },
      { pointCode: 'GATE-B', nameZh: 'GATE-B 门', nameEn: 'GATE-B door', checkedIn: 2 },
      { pointCode: 'GATE-C', nameZh: 'GATE-C 门', nameEn: 'GATE-C door', checkedIn: 0 },
      { pointCode: null, nameZh: '', nameEn: '', checkedIn: 1 },
    ])
    expect(d.arrivals).toEqual([
      {
        day: '2026-05-20',
        buckets: [
          { start: '09:50', count: 1 },
          { start: '10:00', count: 2 },
          { start: '10:10', count: 0 },
          { start: '10:20', count: 0 },
          { start: '10:30', count: 0 },
          { start: '10:40', count: 1 },
        ],
      },
      { day: '2026-05-21', buckets: [{ start: '00:00', count: 1 }] },
    ])
    expect(d.readAt).toBe(t.clock.now().toISOString())
  })

  it('of an event with no one yet are zeros and no arrivals', async () => {
    await madeUpEvent()
    await t.db.db.delete(checkins)
    const token = await staffWithRole(t, 'org', 'organiser', 'DASH')
    const d = (await read(token)).body.data
    expect(d.totals.checkedIn).toBe(0)
    expect(d.arrivals).toEqual([])
    expect(d.byPoint.map((p: { checkedIn: number }) => p.checkedIn)).toEqual([0, 0, 0])
  })
})

describe('the rules', () => {
  it("bars divide the hour, so every bar starts on the event clock's hour; the page asks again every 15 s", () => {
    expect(60 % DASHBOARD_RULES.bucketMinutes).toBe(0)
    expect(DASHBOARD_RULES.refreshMs).toBe(15_000)
  })

  it('fills the empty bars between the first and the last of a day, and of no day without arrivals', () => {
    const counted = [
      { bucket: '2026-05-20T23:45', count: 2 },
      { bucket: '2026-05-21T00:00', count: 1 },
      { bucket: '2026-05-20T23:15', count: 3 },
    ]
    expect(arrivalDays(counted, 15)).toEqual([
      {
        day: '2026-05-20',
        buckets: [
          { start: '23:15', count: 3 },
          { start: '23:30', count: 0 },
          { start: '23:45', count: 2 },
        ],
      },
      { day: '2026-05-21', buckets: [{ start: '00:00', count: 1 }] },
    ])
    expect(arrivalDays([], 10)).toEqual([])
  })
})
