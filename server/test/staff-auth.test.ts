/** Staff login, sessions apart from the attendees', logout, password change and the authenticator. */
import { eq } from 'drizzle-orm'
import { beginTotp, changeStaffPassword, confirmTotp, disableTotp, getStaffProfile, staffLogin, staffLogout } from '@contracts/admin/staff'
import { listAudit } from '@contracts/admin/audit'
import { getUser, guestLogin } from '@contracts/calls/auth'
import { MESSAGES, messageText } from '@contracts/messages'
import { DEMO_USER } from '../src/seed'
import { DEMO_ADMIN, DEMO_ORGANISER } from '../src/staff/seed'
import { STAFF_RULES } from '../src/staff/rules/staff-rules'
import { totpCode } from '../src/staff/rules/totp'
import { auditLog, staffSessions } from '../src/kernel/db/schema'
import { setup, type TestContext } from './helper'
import { STAFF_PASSWORD, makeStaff, staffToken } from './staff-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const login = (userName: string, password: string, extra: object = {}, lang?: string) => t.post(staffLogin.path, { userName, password, ...extra }, { lang })
const me = (token: string) => t.post(getStaffProfile.path, {}, { token })
const MINUTE = 60_000
const HOUR = 60 * MINUTE

describe('staff login', () => {
  it('the seeded platform administrator and organiser log in and see who they are', async () => {
    const admin = await login(DEMO_ADMIN.userName, DEMO_ADMIN.password)
    expect(admin.body.msgId).toBe('')
    expect(admin.body.data.staff).toEqual({ userName: 'admin', name: DEMO_ADMIN.name, platformAdmin: true, roles: [], totpEnabled: false })
    const organiser = await staffToken(t, DEMO_ORGANISER.userName, DEMO_ORGANISER.password)
    expect((await me(organiser)).body.data).toMatchObject({ platformAdmin: false, roles: [{ eventCode: 'DEMO', role: 'organiser' }] })
  })

  it('user names are case-insensitive and trimmed, passwords are not', async () => {
    expect((await login(' ADMIN ', DEMO_ADMIN.password)).body.msgId).toBe('')
    expect((await login('admin', DEMO_ADMIN.password.toLowerCase())).body.msgId).toBe('ELOG1005')
  })

  it('a wrong password and an unknown user name answer the same', async () => {
    const a = await login('admin', 'wrong-password')
    const b = await login('nobody', 'wrong-password')
    expect(a.body).toEqual({ status: 0, msgId: 'ELOG1005', msgText: MESSAGES.ELOG1005.zh, data: null })
    expect(b.body).toEqual(a.body)
  })

  it('an attendee user name and password are not a staff login', async () => {
    expect((await login(DEMO_USER.userName, DEMO_USER.password)).body.msgId).toBe('ELOG1005')
  })

  it('5 wrong passwords lock the user name at that address for 15 minutes, the right one included', async () => {
    for (let i = 0; i < 4; i++) expect((await login('admin', `wrong${i}`)).body.msgId).toBe('ELOG1005')
    expect((await login('admin', 'wrong4')).body.msgId).toBe('ELOG1006')
    expect((await login('admin', DEMO_ADMIN.password)).body.msgId).toBe('ELOG1006')
    t.clock.advance(15 * MINUTE - 1)
    expect((await login('admin', DEMO_ADMIN.password)).body.msgId).toBe('ELOG1006')
    t.clock.advance(1)
    expect((await login('admin', DEMO_ADMIN.password)).body.msgId).toBe('')
  })

  it('a staff lock does not lock an attendee of the same user name, nor the other way round', async () => {
    await makeStaff(t, DEMO_USER.userName)
    for (let i = 0; i < 5; i++) await login(DEMO_USER.userName, `wrong${i}`)
    expect((await login(DEMO_USER.userName, STAFF_PASSWORD)).body.msgId).toBe('ELOG1006')
    const attendee = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password: DEMO_USER.password })
    expect(attendee.body.msgId).toBe('')
  })

  it('bad input gets its field message in the language of the caller, never a 5xx', async () => {
    const r = await t.post(staffLogin.path, { userName: 42, password: 'x' }, { lang: 'en' })
    expect(r.statusCode).toBe(200)
    expect(r.body).toMatchObject({ msgId: 'ESTF1001', msgText: MESSAGES.ESTF1001.en })
    expect((await t.post(staffLogin.path, { userName: 'admin' })).body.msgId).toBe('ESTF1002')
    expect((await t.post(staffLogin.path, { userName: 'admin', password: 'x', totp: '12ab56' })).body.msgId).toBe('ESTF1004')
    expect((await t.post(staffLogin.path, { userName: 'admin', password: 'x'.repeat(129) })).body.msgId).toBe('ESTF1002')
  })
})

describe('staff sessions are apart from attendee sessions', () => {
  it('an attendee token is refused by a staff call, a staff token by an attendee call', async () => {
    const attendee = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password: DEMO_USER.password })
    expect((await me(attendee.body.data.token)).body.msgId).toBe('EAUT0005')
    const staff = await staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)
    expect((await t.post(getUser.path, {}, { token: staff })).body.msgId).toBe('EAUT0005')
    expect((await me('')).body.msgId).toBe('EAUT0003')
  })

  it('logout ends the session at once', async () => {
    const token = await staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)
    expect((await t.post(staffLogout.path, {}, { token })).body.msgId).toBe('')
    expect((await me(token)).body.msgId).toBe('EAUT0005')
  })

  it('ended sessions are deleted by the cleanup job a week later', async () => {
    const token = await staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)
    await t.post(staffLogout.path, {}, { token })
    t.clock.advance(8 * 24 * HOUR)
    await t.app.jobs.runOnce(t.clock.now())
    expect(await t.db.db.select().from(staffSessions)).toEqual([])
  })

  it(`a session ends ${STAFF_RULES.sessions.idleMs / HOUR} hours after its last call`, async () => {
    const token = await staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)
    t.clock.advance(STAFF_RULES.sessions.idleMs - MINUTE)
    expect((await me(token)).body.msgId).toBe('')
    t.clock.advance(STAFF_RULES.sessions.idleMs - 1)
    expect((await me(token)).body.msgId).toBe('')
    t.clock.advance(STAFF_RULES.sessions.idleMs)
    expect((await me(token)).body.msgId).toBe('EAUT0004')
  })

  it(`a session ends ${STAFF_RULES.sessions.maxAgeMs / HOUR} hours after login, however busy`, async () => {
    const token = await staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)
    for (let h = 1; h < STAFF_RULES.sessions.maxAgeMs / HOUR; h++) {
      t.clock.advance(HOUR)
      expect((await me(token)).body.msgId).toBe('')
    }
    t.clock.advance(HOUR - 1)
    expect((await me(token)).body.msgId).toBe('')
    t.clock.advance(1)
    expect((await me(token)).body.msgId).toBe('EAUT0004')
  })

  it(`a staff member keeps at most ${STAFF_RULES.sessions.maxLive} live sessions: the next login ends the oldest`, async () => {
    const tokens: string[] = []
    for (let i = 0; i <= STAFF_RULES.sessions.maxLive; i++) {
      tokens.push(await staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password))
      t.clock.advance(1000)
    }
    expect((await me(tokens[0])).body.msgId).toBe('EAUT0005')
    for (const token of tokens.slice(1)) expect((await me(token)).body.msgId).toBe('')
  })
})

describe('password change', () => {
  const change = (token: string, oldPassword: string, newPassword: string, lang?: string) =>
    t.post(changeStaffPassword.path, { oldPassword, newPassword }, { token, lang })

  it('refuses a weak new password, a wrong current one and the same one, saying why', async () => {
    const token = await staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)
    const weak = await change(token, DEMO_ADMIN.password, 'short1', 'en')
    expect(weak.body).toMatchObject({ msgId: 'ESTF1006', msgText: messageText('ESTF1006', 'en', { min: STAFF_RULES.passwords.minLength }) })
    expect((await change(token, DEMO_ADMIN.password, 'onlyletterslong')).body.msgId).toBe('ESTF1006')
    expect((await change(token, DEMO_ADMIN.password, '1234567890')).body.msgId).toBe('ESTF1006')
    expect((await change(token, 'wrong-password', 'NewPass2026x')).body.msgId).toBe('ESTF1005')
    expect((await change(token, DEMO_ADMIN.password, DEMO_ADMIN.password)).body.msgId).toBe('ESTF1007')
  })

  it('a new password ends the other sessions, keeps this one, and is written to the audit log without the password', async () => {
    const other = await staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)
    const token = await staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)
    expect((await change(token, DEMO_ADMIN.password, 'NewPass2026x')).body.msgId).toBe('')
    expect((await me(other)).body.msgId).toBe('EAUT0005')
    expect((await me(token)).body.msgId).toBe('')
    expect((await login('admin', DEMO_ADMIN.password)).body.msgId).toBe('ELOG1005')
    expect((await login('admin', 'NewPass2026x')).body.msgId).toBe('')
    const page = await t.post(listAudit.path, { page: 1, pageSize: 10 }, { token })
    expect(page.body.data.list[0]).toMatchObject({ action: 'staff.password', target: 'admin', staffUserName: 'admin', before: null, after: null })
    expect(JSON.stringify(page.body.data)).not.toContain('NewPass2026x')
  })
})

describe('authenticator (TOTP)', () => {
  const enrol = async (token: string): Promise<string> => {
    const begun = await t.post(beginTotp.path, {}, { token })
    expect(begun.body.data.uri).toMatch(/^otpauth:\/\/totp\//)
    const secret = begun.body.data.secret as string
    expect((await t.post(confirmTotp.path, { code: totpCode(secret, new Date(t.clock.t - 3 * 30_000)) }, { token })).body.msgId).toBe('ESTF1004')
    expect((await t.post(confirmTotp.path, { code: totpCode(secret, t.clock.now()) }, { token })).body.msgId).toBe('')
    return secret
  }

  it('once confirmed, login asks for the code after the password, and takes each code once', async () => {
    const token = await staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)
    const secret = await enrol(token)
    expect((await me(token)).body.data.totpEnabled).toBe(true)

    t.clock.advance(30_000)
    expect((await login('admin', DEMO_ADMIN.password)).body.msgId).toBe('ESTF1003')
    // a wrong password is told as such, whatever the code
    expect((await login('admin', 'wrong-password', { totp: totpCode(secret, t.clock.now()) })).body.msgId).toBe('ELOG1005')
    expect((await login('admin', DEMO_ADMIN.password, { totp: '000000' === totpCode(secret, t.clock.now()) ? '111111' : '000000' })).body.msgId).toBe(
      'ESTF1004',
    )
    const code = totpCode(secret, t.clock.now())
    expect((await login('admin', DEMO_ADMIN.password, { totp: code })).body.msgId).toBe('')
    // the same code again, even within its step: refused
    expect((await login('admin', DEMO_ADMIN.password, { totp: code })).body.msgId).toBe('ESTF1004')
    t.clock.advance(30_000)
    expect((await login('admin', DEMO_ADMIN.password, { totp: totpCode(secret, t.clock.now()) })).body.msgId).toBe('')
  })

  it('wrong codes count as wrong passwords toward the lock', async () => {
    const token = await staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)
    const secret = await enrol(token)
    const wrong = totpCode(secret, new Date(t.clock.t + 10 * 30_000))
    for (let i = 0; i < 4; i++) expect((await login('admin', DEMO_ADMIN.password, { totp: wrong })).body.msgId).toBe('ESTF1004')
    expect((await login('admin', DEMO_ADMIN.password, { totp: wrong })).body.msgId).toBe('ELOG1006')
  })

  it('is switched off only with a current code, and both changes are audited', async () => {
    const token = await staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)
    const secret = await enrol(token)
    expect((await t.post(beginTotp.path, {}, { token })).body.msgId).toBe('ESTF1008')
    t.clock.advance(30_000)
    expect((await t.post(disableTotp.path, { code: '12345' }, { token })).body.msgId).toBe('ESTF1004')
    expect((await t.post(disableTotp.path, { code: totpCode(secret, t.clock.now()) }, { token })).body.msgId).toBe('')
    expect((await t.post(disableTotp.path, { code: totpCode(secret, t.clock.now()) }, { token })).body.msgId).toBe('ESTF1010')
    expect((await login('admin', DEMO_ADMIN.password)).body.msgId).toBe('')
    const rows = await t.db.db.select().from(auditLog).where(eq(auditLog.target, 'admin'))
    expect(rows.map((r) => r.action).sort()).toEqual(['staff.totp.off', 'staff.totp.on'])
    expect(JSON.stringify(rows)).not.toContain(secret)
  })

  it('confirming without a started set-up is refused', async () => {
    const token = await staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)
    expect((await t.post(confirmTotp.path, { code: '123456' }, { token })).body.msgId).toBe('ESTF1009')
  })
})
