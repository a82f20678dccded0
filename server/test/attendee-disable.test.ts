/**
 * Disabling an attendee at an event (register/attendee-disable.ts): who may (contracts/admin/roles.ts
 * 'attendee.edit'), staff of another event answered as missing, bad input, the audit rows, the login
 * refused and the live sessions ended at once at that event only, and enabling again.
 */
import { and, eq } from 'drizzle-orm'
import { listAttendees, setAttendeeDisabled } from '@contracts/admin/attendees'
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@contracts/admin/roles'
import { getUser, guestLogin } from '@contracts/calls/auth'
import { MESSAGES } from '@contracts/messages'
import { attendees, auditLog, users } from '../src/kernel/db/schema'
import { DEMO_USER, OUTSIDER_USER } from '../src/seed'
import { setup, type TestContext } from './helper'
import { staffWithRole } from './staff-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const setDisabled = (token: string, over: Record<string, unknown> = {}, lang?: string) =>
  t.post(setAttendeeDisabled.path, { eventCode: 'DEMO', userCode: DEMO_USER.userCode, disabled: true, ...over }, { token, lang })
const list = (token: string, over: Record<string, unknown> = {}) =>
  t.post(listAttendees.path, { eventCode: 'DEMO', keyword: '', userType: '', status: '', checkin: 'all', page: 1, pageSize: 50, ...over }, { token })
const login = (eventCode = 'DEMO', lang?: string) =>
  t.post(guestLogin.path, { loginType: 'account', eventCode, userName: DEMO_USER.userName, password: DEMO_USER.password }, { lang })
const codes = (r: { body: { data: { list: Array<{ userCode: string }> } } }) => r.body.data.list.map((i) => i.userCode)

describe.each(STAFF_ROLES)('role %s at DEMO', (role) => {
  const allowed = ROLE_PERMISSIONS['attendee.edit'].includes(role)

  it(`${allowed ? 'disables and enables' : 'is refused disabling'}`, async () => {
    const token = await staffWithRole(t, `d-${role}`, role)
    expect((await setDisabled(token)).body.msgId).toBe(allowed ? '' : 'ESTF2001')
    expect((await login()).body.msgId).toBe(allowed ? 'ELOG1012' : '')
    if (allowed) expect((await setDisabled(token, { disabled: false })).body.msgId).toBe('')
  })

  it('is answered as if another event did not exist', async () => {
    const token = await staffWithRole(t, `x-${role}`, role)
    for (const eventCode of ['LOCKED', 'NOPE']) expect((await setDisabled(token, { eventCode })).body.msgId).toBe('ESYS0004')
  })
})

describe('a disabled attendee', () => {
  it('is refused at login in their language, and their live sessions at the event end at once; other events go on', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    const session = (await login()).body.data.token as string
    const elsewhere = (await login('SOON')).body.data.token as string
    expect((await t.post(getUser.path, {}, { token: session })).body.msgId).toBe('')

    const r = await setDisabled(token)
    expect(r.body.msgId).toBe('')
    expect(r.body.data).toMatchObject({ userCode: DEMO_USER.userCode, disabled: true })
    expect((await t.post(getUser.path, {}, { token: session })).body.msgId).toBe('EAUT0005')
    const zh = await login()
    expect(zh.body).toMatchObject({ msgId: 'ELOG1012', msgText: MESSAGES.ELOG1012.zh })
    expect((await login('DEMO', 'en')).body.msgText).toBe(MESSAGES.ELOG1012.en)
    expect((await t.post(getUser.path, {}, { token: elsewhere })).body.msgId).toBe('')
    expect((await login('SOON')).body.msgId).toBe('')
  })

  it('has no working session even if one was made as the change committed', async () => {
    const session = (await login()).body.data.token as string
    const [user] = await t.db.db.select().from(users).where(eq(users.userCode, DEMO_USER.userCode))
    // the flag alone, as a login racing the change would leave it: the session is not revoked
    await t.db.db.update(attendees).set({ disabled: true }).where(eq(attendees.userId, user.id))
    expect((await t.post(getUser.path, {}, { token: session })).body.msgId).toBe('EAUT0005')
  })

  it('is shown and filtered in the list', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    await setDisabled(token)
    expect(codes(await list(token, { disabled: 'disabled' }))).toEqual([DEMO_USER.userCode])
    expect(codes(await list(token, { disabled: 'active' }))).not.toContain(DEMO_USER.userCode)
    const all = await list(token)
    expect(all.body.data.list.find((i: { userCode: string }) => i.userCode === DEMO_USER.userCode)).toMatchObject({ disabled: true })
  })

  it('logs in again once enabled; the audit log has both changes with before and after', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    await setDisabled(token)
    const enabled = await setDisabled(token, { disabled: false })
    expect(enabled.body.data.disabled).toBe(false)
    expect((await login()).body.msgId).toBe('')
    const rows = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, DEMO_USER.userCode)))
      .orderBy(auditLog.id)
    expect(rows).toMatchObject([
      { action: 'attendee.disable', before: { disabled: false }, after: { disabled: true } },
      { action: 'attendee.enable', before: { disabled: true }, after: { disabled: false } },
    ])
  })
})

describe('bad input', () => {
  it('a clear message in the caller’s language, no 5xx, nothing written', async () => {
    const token = await staffWithRole(t, 'org', 'organiser')
    await setDisabled(token)
    const again = await setDisabled(token, {}, 'en')
    expect(again.body).toMatchObject({ msgId: 'EADM3050', msgText: MESSAGES.EADM3050.en })
    await setDisabled(token, { disabled: false })
    expect((await setDisabled(token, { disabled: false })).body.msgId).toBe('EADM3051')
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ userCode: OUTSIDER_USER.userCode }, 'ESYS0004'],
      [{ userCode: 'nope' }, 'ESYS0004'],
      [{ userCode: '' }, 'EVAL0001'],
      [{ disabled: 'yes' }, 'EVAL0001'],
      [{ disabled: undefined }, 'EVAL0001'],
      [{ userCode: 'a\u0000b' }, 'EVAL0001'],
    ]
    for (const [over, msgId] of cases) {
      const r = await setDisabled(token, over)
      expect(r.statusCode).toBe(200)
      expect(r.body.msgId).toBe(msgId)
    }
    expect((await list(token, { disabled: 'maybe' })).body.msgId).toBe('EVAL0001')
    expect(await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'attendee.disable'))).toHaveLength(1)
  })
})
