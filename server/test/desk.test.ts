/**
 * The check-in desk (eventday/desk/): the snapshot and the sync of scans by role, another event as
 * missing, bad input refused in the caller's language with nothing written, a scan sent twice
 * counted once, the earlier scan winning, audit rows, and twenty desks syncing one attendee at once.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getDeskSnapshot, syncDeskScans, type DeskScan, type DeskSnapshot } from '@contracts/admin/desk'
import { DESK_RULES } from '@contracts/admin/desk-rules'
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@contracts/admin/roles'
import { auditLog, checkins, deskScans } from '../src/kernel/db/schema'
import { guestLogin } from '@contracts/calls/auth'
import { getAttendanceCode, getCheckinStatus } from '@contracts/calls/eventday'
import { AUDITING_USER, DEMO_USER, LOCKED_ATTENDEE, LOCKED_EVENT } from '../src/seed'
import { setup, type TestContext } from './helper'
import { staffWithRole } from './staff-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const snapshot = (token: string, eventCode = 'DEMO') => t.post<DeskSnapshot>(getDeskSnapshot.path, { eventCode }, { token })
const sync = (token: string, scans: DeskScan[], lang?: string, eventCode = 'DEMO') => t.post(syncDeskScans.path, { eventCode, scans }, { token, lang })
const checkinRows = () => t.db.db.select().from(checkins)
const auditRows = () => t.db.db.select().from(auditLog).where(eq(auditLog.action, 'checkin.desk'))
const MIN = 60_000

/** a scan of `code` at MAIN, made `ago` ms before the test clock's now, against a snapshot of now */
const scanOf = (code: string, ago = 0, over: Partial<DeskScan> = {}): DeskScan => ({
  scanId: randomUUID(),
  code,
  pointCode: 'MAIN',
  scannedAt: new Date(t.clock.now().getTime() - ago).toISOString(),
  snapshotAt: t.clock.now().toISOString(),
  ...over,
})

async function deskWithToken(name = 'desk'): Promise<{ token: string; snap: DeskSnapshot; demoToken: string }> {
  const token = await staffWithRole(t, name, 'checkin')
  const snap = (await snapshot(token)).body.data!
  return { token, snap, demoToken: snap.attendees.find((a) => a.userCode === DEMO_USER.userCode)!.token }
}

describe.each(STAFF_ROLES)('role %s at DEMO', (role) => {
  const allowed = ROLE_PERMISSIONS['checkin.desk'].includes(role)
  it(`${allowed ? 'opens' : 'is refused'} the desk`, async () => {
    const token = await staffWithRole(t, `d-${role}`, role)
    expect((await snapshot(token)).body.msgId).toBe(allowed ? '' : 'ESTF2001')
    expect((await sync(token, [scanOf(DEMO_USER.userCode)])).body.msgId).toBe(allowed ? '' : 'ESTF2001')
    expect(await checkinRows()).toHaveLength(allowed ? 1 : 0)
  })

  it('is answered as if another event did not exist', async () => {
    const token = await staffWithRole(t, `x-${role}`, role)
    for (const eventCode of ['LOCKED', 'NOPE']) {
      expect((await snapshot(token, eventCode)).body.msgId).toBe('ESYS0004')
      expect((await sync(token, [scanOf(DEMO_USER.userCode)], 'zh', eventCode)).body.msgId).toBe('ESYS0004')
    }
    expect(await checkinRows()).toHaveLength(0)
  })
})

describe('the snapshot', () => {
  it('holds the points, the approved attendees each with a token issued once, and the check-ins', async () => {
    const { token, snap, demoToken } = await deskWithToken()
    expect(snap.points.map((p) => p.pointCode)).toEqual(['MAIN', 'HALL_B'])
    expect(snap.attendees.find((a) => a.userCode === AUDITING_USER.userCode)).toBeUndefined()
    const demo = snap.attendees.find((a) => a.userCode === DEMO_USER.userCode)!
    expect(demo).toMatchObject({ name: DEMO_USER.name, mobile: DEMO_USER.mobile, hasPhoto: false })
    expect(demo.token).toMatch(/^ATT-[A-Z2-7]{12}$/)
    expect(demo.tableNo).not.toBe('')
    expect(snap.checkins).toEqual([])
    await sync(token, [scanOf(demoToken)])
    const again = (await snapshot(token)).body.data!
    expect(again.attendees.find((a) => a.userCode === DEMO_USER.userCode)!.token).toBe(demoToken)
    expect(again.checkins).toEqual([{ userCode: DEMO_USER.userCode, at: t.clock.now().toISOString(), pointCode: 'MAIN' }])
  })
})

describe('a scan', () => {
  it('checks in by token or user code; a second scan is told when and where; not attendees and not approved are said', async () => {
    const { token, demoToken } = await deskWithToken()
    const first = scanOf(demoToken.toLowerCase(), 2 * MIN)
    const r = await sync(token, [first, scanOf(DEMO_USER.userCode, 0, { pointCode: 'HALL_B' }), scanOf('ATT-AAAAAAAAAAAA'), scanOf(AUDITING_USER.userCode)])
    const at = new Date(t.clock.now().getTime() - 2 * MIN).toISOString()
    expect(r.body.data.results).toEqual([
      {
        scanId: first.scanId,
        outcome: 'checkedIn',
        userCode: DEMO_USER.userCode,
        name: DEMO_USER.name,
        checkin: { userCode: DEMO_USER.userCode, at, pointCode: 'MAIN' },
      },
      expect.objectContaining({ outcome: 'already', checkin: { userCode: DEMO_USER.userCode, at, pointCode: 'MAIN' } }),
      expect.objectContaining({ outcome: 'notAttendee', userCode: '', checkin: null }),
      expect.objectContaining({ outcome: 'notApproved', userCode: AUDITING_USER.userCode }),
    ])
    expect(await checkinRows()).toHaveLength(1)
    const [audit] = await auditRows()
    expect(audit).toMatchObject({ target: DEMO_USER.userCode, before: null, after: { checkedInAt: at, point: 'MAIN' } })
  })

  it('sent again gets the same answer and changes nothing', async () => {
    const { token, demoToken } = await deskWithToken()
    const scan = scanOf(demoToken)
    const first = (await sync(token, [scan])).body.data.results[0]
    t.clock.advance(5 * MIN)
    const other = await staffWithRole(t, 'other', 'organiser')
    const earlier = scanOf(demoToken, 10 * MIN + 1, { scanId: scan.scanId })
    expect((await sync(token, [scan, scan])).body.data.results).toEqual([first, first])
    expect((await sync(other, [earlier])).body.data.results).toEqual([first])
    expect(await checkinRows()).toHaveLength(1)
    expect(await auditRows()).toHaveLength(1)
  })

  it('made earlier at another desk wins: the check-in moves to it, and a later scan is told', async () => {
    const { token, demoToken } = await deskWithToken()
    const gateB = await staffWithRole(t, 'gate-b', 'checkin')
    // desk 1 scans at 12:00 and syncs at once; desk 2 scanned at 11:58 offline and syncs at 12:01
    await sync(token, [scanOf(demoToken)])
    t.clock.advance(MIN)
    const r = await sync(gateB, [scanOf(demoToken, 3 * MIN, { pointCode: 'HALL_B', snapshotAt: new Date(t.clock.t - 5 * MIN).toISOString() })])
    const at = new Date(t.clock.t - 3 * MIN).toISOString()
    expect(r.body.data.results[0]).toMatchObject({ outcome: 'checkedIn', checkin: { at, pointCode: 'HALL_B' } })
    const [row] = await checkinRows()
    expect(row.checkedInAt.toISOString()).toBe(at)
    expect(await auditRows()).toHaveLength(2)
    // a third desk's scan of 11:59:30, queued before 12:01: the earlier scan won
    const late = await sync(token, [scanOf(demoToken, 90_000)])
    expect(late.body.data.results[0]).toMatchObject({ outcome: 'earlierWon', checkin: { at, pointCode: 'HALL_B' } })
    expect(await checkinRows()).toHaveLength(1)
  })

  it('counts no later than it arrived and no earlier than its snapshot less the bound', async () => {
    const { token, demoToken } = await deskWithToken()
    const now = t.clock.now()
    const future = scanOf(demoToken, -MIN)
    expect((await sync(token, [future])).body.data.results[0].checkin.at).toBe(now.toISOString())
    await t.reset()
    const desk = await deskWithToken()
    const snapAt = new Date(now.getTime() - 30 * MIN)
    const r = await sync(desk.token, [scanOf(desk.demoToken, 0, { scannedAt: '2020-01-01T00:00:00Z', snapshotAt: snapAt.toISOString() })])
    expect(r.body.data.results[0].checkin.at).toBe(new Date(snapAt.getTime() - DESK_RULES.beforeSnapshotMaxMs).toISOString())
  })
})

describe('the attendee app and the desk', () => {
  it("the code the app shows checks in at the desk, the app's own scan then changes nothing; another event's code is not an attendee here", async () => {
    const login = async (eventCode: string, extra: Record<string, string> = {}) =>
      (await t.post(guestLogin.path, { loginType: 'account', eventCode, userName: DEMO_USER.userName, password: DEMO_USER.password, ...extra })).body.data
        .token as string
    const app = await login('DEMO')
    const shown = (await t.post(getAttendanceCode.path, {}, { token: app })).body.data.token as string
    const { token, demoToken } = await deskWithToken()
    expect(demoToken).toBe(shown)
    expect((await sync(token, [scanOf(shown)])).body.data.results[0].outcome).toBe('checkedIn')
    expect((await t.post(getCheckinStatus.path, {}, { token: app })).body.data).toMatchObject({ method: 'staff', pointNameEn: 'Main hall entrance' })
    const locked = await login(LOCKED_EVENT.eventCode, { idNumber: DEMO_USER.idNumber, ...LOCKED_ATTENDEE })
    const lockedCode = (await t.post(getAttendanceCode.path, {}, { token: locked })).body.data.token as string
    expect((await sync(token, [scanOf(lockedCode)])).body.data.results[0].outcome).toBe('notAttendee')
  })
})

describe('bad input', () => {
  it.each<[string, (s: DeskScan) => unknown, string, string]>([
    ['a scan id that is no UUID', (s) => ({ ...s, scanId: 'abc' }), 'EADM7003', 'The scan id is not valid'],
    ['an unknown point', (s) => ({ ...s, pointCode: 'ROOF' }), 'EADM7002', 'This check-in point does not exist; please refresh and choose again'],
    ['no time', (s) => ({ ...s, scannedAt: 'yesterday' }), 'EADM7004', 'The scan time is not valid'],
    ['an empty code', (s) => ({ ...s, code: '  ' }), 'EADM7006', 'Please scan or type an attendance code'],
    ['a code too long', (s) => ({ ...s, code: 'A'.repeat(DESK_RULES.codeMaxLength + 1) }), 'EADM7006', 'Please scan or type an attendance code'],
  ])('%s is refused whole in the caller language, nothing written', async (_, bad, msgId, text) => {
    const { token, demoToken } = await deskWithToken()
    const r = await sync(token, [scanOf(demoToken), bad(scanOf(demoToken)) as DeskScan], 'en')
    expect(r.statusCode).toBeLessThan(500)
    expect(r.body).toMatchObject({ msgId, msgText: text })
    expect(await t.db.db.select().from(deskScans)).toHaveLength(0)
    expect(await checkinRows()).toHaveLength(0)
  })

  it('more scans than one sync takes are refused with the number, at the edge', async () => {
    const { token } = await deskWithToken()
    const many = (n: number) => Array.from({ length: n }, () => scanOf('ATT-AAAAAAAAAAAA'))
    expect((await sync(token, many(DESK_RULES.maxScansPerSync + 1), 'en')).body).toMatchObject({
      msgId: 'EADM7001',
      msgText: `At most ${DESK_RULES.maxScansPerSync} scans can be sent at once`,
    })
    expect(await t.db.db.select().from(deskScans)).toHaveLength(0)
    expect((await sync(token, many(DESK_RULES.maxScansPerSync))).body.msgId).toBe('')
  })

  it('a scan id of another event is refused', async () => {
    const { token, demoToken } = await deskWithToken()
    const scan = scanOf(demoToken)
    await sync(token, [scan])
    const admin = await staffWithRole(t, 'lock-desk', 'checkin', 'LOCKED')
    expect((await sync(admin, [scan], 'zh', 'LOCKED')).body.msgId).toBe('EADM7005')
  })
})

describe('twenty desks at once', () => {
  it('give one check-in', async () => {
    const { token, demoToken } = await deskWithToken()
    const desks = [token, ...(await Promise.all(Array.from({ length: 19 }, (_, i) => staffWithRole(t, `par-${i}`, 'checkin'))))]
    const results = await Promise.all(desks.map((d) => sync(d, [scanOf(demoToken)])))
    const outcomes = results.map((r) => r.body.data.results[0].outcome)
    expect(outcomes.filter((o) => o === 'checkedIn')).toHaveLength(1)
    expect(await checkinRows()).toHaveLength(1)
    expect(await auditRows()).toHaveLength(1)
  })
})
