/**
 * The console's attendee list (register/attendee-list.ts): who may read and change it
 * (contracts/admin/roles.ts), staff of another event answered as missing, search, filters and
 * paging, adding and editing with their refusals, and the audit rows.
 */
import { and, eq } from 'drizzle-orm'
import { listAttendees, saveAttendee } from '@contracts/admin/attendees'
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@contracts/admin/roles'
import { guestLogin, sendLoginCode } from '@contracts/calls/auth'
import { MESSAGES } from '@contracts/messages'
import { attendees, auditLog, checkins, events, users } from '../src/kernel/db/schema'
import { AUDITING_USER, COLLEAGUE_USER, DEMO_USER, OUTSIDER_USER } from '../src/seed'
import { ATTENDEE_LIST_RULES } from '../src/register/rules/attendee-list-rules'
import { lastCode, setup, type TestContext } from './helper'
import { staffWithRole } from './staff-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const list = (token: string, over: Record<string, unknown> = {}, lang?: string) =>
  t.post(listAttendees.path, { eventCode: 'DEMO', keyword: '', userType: '', status: '', checkin: 'all', page: 1, pageSize: 50, ...over }, { token, lang })
const NEWCOMER = { name: '周明', mobile: '13700001111', email: 'zhouming@example.com', company: '示例咨询', userType: 'attendee', status: 'approved' }
const save = (token: string, over: Record<string, unknown> = {}, lang?: string) =>
  t.post(saveAttendee.path, { eventCode: 'DEMO', userCode: '', ...NEWCOMER, ...over }, { token, lang })
const codes = (r: { body: { data: { list: Array<{ userCode: string }> } } }) => r.body.data.list.map((i) => i.userCode).sort()

describe.each(STAFF_ROLES)('role %s at DEMO', (role) => {
  it('reads the list (every role looks people up)', async () => {
    const token = await staffWithRole(t, `r-${role}`, role)
    expect((await list(token)).body.msgId).toBe(ROLE_PERMISSIONS['attendee.read'].includes(role) ? '' : 'ESTF2001')
  })

  it(`${ROLE_PERMISSIONS['attendee.edit'].includes(role) ? 'adds and edits' : 'is refused adding and editing'}`, async () => {
    const token = await staffWithRole(t, `e-${role}`, role)
    const allowed = ROLE_PERMISSIONS['attendee.edit'].includes(role)
    expect((await save(token)).body.msgId).toBe(allowed ? '' : 'ESTF2001')
    expect((await save(token, { userCode: DEMO_USER.userCode, name: '张伟（改）', mobile: DEMO_USER.mobile, email: DEMO_USER.email })).body.msgId).toBe(
      allowed ? '' : 'ESTF2001',
    )
  })

  it('is answered as if another event did not exist', async () => {
    const token = await staffWithRole(t, `x-${role}`, role)
    for (const eventCode of ['LOCKED', 'NOPE']) {
      expect((await list(token, { eventCode })).body.msgId).toBe('ESYS0004')
      expect((await save(token, { eventCode })).body.msgId).toBe('ESYS0004')
    }
  })
})

describe('the list', () => {
  it('shows every attendee of DEMO with their contacts, type, status and check-in, and no one of another event only', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const r = await list(token)
    expect(r.body.data.total).toBe(r.body.data.list.length)
    expect(codes(r)).toEqual(expect.arrayContaining([DEMO_USER.userCode, AUDITING_USER.userCode, COLLEAGUE_USER.userCode]))
    expect(codes(r)).not.toContain(OUTSIDER_USER.userCode)
    const demo = r.body.data.list.find((i: { userCode: string }) => i.userCode === DEMO_USER.userCode)
    expect(demo).toMatchObject({ name: DEMO_USER.name, mobile: DEMO_USER.mobile, email: DEMO_USER.email, status: 'approved', checkedInAt: null })
    const press = r.body.data.list.find((i: { userCode: string }) => i.userCode === AUDITING_USER.userCode)
    // the company from the registration form when the account has none
    expect(press).toMatchObject({ status: 'auditing', userType: 'media', company: '示例日报' })
  })

  it('filters by type, status, check-in and a search text; pages', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    expect(codes(await list(token, { status: 'auditing' }))).toEqual([AUDITING_USER.userCode])
    expect(codes(await list(token, { userType: 'media' }))).toEqual([AUDITING_USER.userCode])
    expect(codes(await list(token, { keyword: '0139000' }))).toEqual([AUDITING_USER.userCode])
    expect(codes(await list(token, { keyword: DEMO_USER.email.toUpperCase() }))).toEqual([DEMO_USER.userCode])
    expect((await list(token, { keyword: '%' })).body.data.total).toBe(0)

    const [demo] = await t.db.db.select().from(users).where(eq(users.userCode, DEMO_USER.userCode))
    const [event] = await t.db.db.select().from(events).where(eq(events.eventCode, 'DEMO'))
    const at = t.clock.now()
    await t.db.db.insert(checkins).values({ eventId: event.id, userId: demo.id, method: 'staff', checkedInAt: at, receivedAt: at })
    const checkedIn = await list(token, { checkin: 'in' })
    expect(codes(checkedIn)).toEqual([DEMO_USER.userCode])
    expect(checkedIn.body.data.list[0].checkedInAt).toBe(at.toISOString())
    expect(codes(await list(token, { checkin: 'out' }))).not.toContain(DEMO_USER.userCode)

    const all = (await list(token)).body.data.total
    const first = await list(token, { pageSize: 1 })
    const second = await list(token, { pageSize: 1, page: 2 })
    expect(first.body.data.total).toBe(all)
    expect(first.body.data.list).toHaveLength(1)
    expect(second.body.data.list[0].userCode).not.toBe(first.body.data.list[0].userCode)
  })
})

describe('adding and editing', () => {
  it('adds a new person, who can then log in by code; the audit log has it', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const r = await save(token)
    expect(r.body.msgId).toBe('')
    expect(r.body.data).toMatchObject({ name: NEWCOMER.name, mobile: NEWCOMER.mobile, email: NEWCOMER.email, company: NEWCOMER.company, status: 'approved' })
    expect((await t.post(sendLoginCode.path, { channel: 'sms', mobile: NEWCOMER.mobile, eventCode: 'DEMO' })).body.msgId).toBe('')
    const login = await t.post(guestLogin.path, { loginType: 'mobile', eventCode: 'DEMO', mobile: NEWCOMER.mobile, code: lastCode(t.app, NEWCOMER.mobile) })
    expect(login.body.msgId).toBe('')
    const rows = await t.db.db.select().from(auditLog).where(eq(auditLog.target, r.body.data.userCode))
    expect(rows).toMatchObject([{ action: 'attendee.add', before: null }])
  })

  it('adds a person known from another event as themselves; refuses one already on the list and contacts of two people', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const r = await save(token, { name: '赵磊', mobile: OUTSIDER_USER.mobile, email: '' })
    expect(r.body.data.userCode).toBe(OUTSIDER_USER.userCode)
    expect(r.body.data.email).toBe(OUTSIDER_USER.email)
    expect((await save(token, { mobile: DEMO_USER.mobile, email: '' })).body.msgId).toBe('EADM3003')
    const both = await save(token, { mobile: DEMO_USER.mobile, email: COLLEAGUE_USER.email })
    expect(both.body.msgId).toBe('EADM3004')
    expect(both.body.msgText).toBe(MESSAGES.EADM3004.zh)
  })

  it('edits the person and their place at the event; before and after in the audit log', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const r = await save(token, {
      userCode: COLLEAGUE_USER.userCode,
      name: 'Li Lei',
      mobile: COLLEAGUE_USER.mobile,
      email: 'lilei.new@example.com',
      company: 'New Co',
      userType: 'media',
      status: 'rejected',
    })
    expect(r.body.data).toMatchObject({ email: 'lilei.new@example.com', company: 'New Co', userType: 'media', status: 'rejected' })
    const [row] = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, COLLEAGUE_USER.userCode), eq(auditLog.action, 'attendee.edit')))
    expect(row.before).toMatchObject({ email: COLLEAGUE_USER.email, status: 'approved' })
    expect(row.after).toMatchObject({ email: 'lilei.new@example.com', status: 'rejected' })
    // another person's e-mail is refused; someone not at this event is answered as missing
    expect((await save(token, { userCode: COLLEAGUE_USER.userCode, email: DEMO_USER.email, mobile: '' })).body.msgId).toBe('EADM3004')
    expect((await save(token, { userCode: OUTSIDER_USER.userCode, mobile: OUTSIDER_USER.mobile, email: '' })).body.msgId).toBe('ESYS0004')
  })

  it('bad input: a clear message in the caller’s language, no 5xx, nothing written', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const before = await t.db.db.select().from(attendees)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '  ' }, 'EADM3001'],
      [{ mobile: '', email: '' }, 'EADM3002'],
      [{ mobile: '12345' }, 'EADM3002'],
      [{ email: 'not-an-address' }, 'EADM3002'],
      [{ userType: 'nope' }, 'EADM3005'],
      [{ userType: '' }, 'EADM3005'],
      [{ userType: 'a b' }, 'EADM3005'],
      [{ status: 'maybe' }, 'EVAL0001'],
      [{ name: 'x'.repeat(ATTENDEE_LIST_RULES.nameMaxLength + 1) }, 'EADM1013'],
      [{ name: 'a\u0000b' }, 'EVAL0001'],
      [{ mobile: 13700001111 }, 'EVAL0001'],
    ]
    for (const [over, msgId] of cases) {
      const r = await save(token, over)
      expect(r.statusCode).toBe(200)
      expect(r.body.msgId).toBe(msgId)
    }
    expect((await save(token, { name: '' }, 'en')).body.msgText).toBe(MESSAGES.EADM3001.en)
    for (const over of [{ status: 'nope' }, { checkin: 'maybe' }, { page: 0 }, { pageSize: ATTENDEE_LIST_RULES.maxPageSize + 1 }]) {
      expect((await list(token, over)).body.msgId).toBe('EVAL0001')
    }
    expect(await t.db.db.select().from(attendees)).toHaveLength(before.length)
  })
})
