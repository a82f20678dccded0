/**
 * Disabling a staff account (staff/disable.ts): the platform administrator only, never their own;
 * the account's sessions end at once and its login is refused in the caller's language; enabling
 * restores the login; each change is in the audit log; the team list shows it.
 */
import { and, eq } from 'drizzle-orm'
import { getStaffProfile, listEventStaff, setStaffDisabled, staffLogin } from '@contracts/admin/staff'
import { STAFF_ROLES } from '@contracts/admin/roles'
import { MESSAGES } from '@contracts/messages'
import { auditLog } from '../src/kernel/db/schema'
import { DEMO_ADMIN } from '../src/staff/seed'
import { setup, type TestContext } from './helper'
import { STAFF_PASSWORD, makeStaff, staffToken, staffWithRole } from './staff-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const admin = () => staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)
const setDisabled = (token: string, userName: string, disabled: unknown, lang?: string) =>
  t.post(setStaffDisabled.path, { userName, disabled }, { token, lang })
const loginOf = (userName: string, lang?: string) => t.post(staffLogin.path, { userName, password: STAFF_PASSWORD }, { lang })

describe.each(STAFF_ROLES)('role %s at DEMO', (role) => {
  it('is refused disabling a colleague (platform administrator only)', async () => {
    const token = await staffWithRole(t, `r-${role}`, role)
    await makeStaff(t, 'colleague', 'reviewer')
    expect((await setDisabled(token, 'colleague', true)).body.msgId).toBe('ESTF2002')
    expect((await loginOf('colleague')).body.msgId).toBe('')
  })
})

describe('the platform administrator', () => {
  it('disables an account: its sessions end at once, its login is refused; enabling restores the login', async () => {
    const token = await admin()
    const session = await staffWithRole(t, 'leaver', 'organiser')
    expect((await t.post(getStaffProfile.path, {}, { token: session })).body.msgId).toBe('')

    expect((await setDisabled(token, 'leaver', true)).body.msgId).toBe('')
    expect((await t.post(getStaffProfile.path, {}, { token: session })).body.msgId).toBe('EAUT0005')
    expect((await loginOf('leaver')).body).toMatchObject({ msgId: 'ESTF1011', msgText: MESSAGES.ESTF1011.zh })
    expect((await loginOf('leaver', 'en')).body.msgText).toBe(MESSAGES.ESTF1011.en)
    const team = await t.post(listEventStaff.path, { eventCode: 'DEMO' }, { token })
    expect(team.body.data.find((m: { userName: string }) => m.userName === 'leaver')).toMatchObject({ disabled: true })

    expect((await setDisabled(token, 'leaver', false)).body.msgId).toBe('')
    expect((await loginOf('leaver')).body.msgId).toBe('')
    // the sessions revoked stay revoked
    expect((await t.post(getStaffProfile.path, {}, { token: session })).body.msgId).toBe('EAUT0005')

    const rows = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, 'leaver')))
      .orderBy(auditLog.id)
    expect(rows.filter((r) => r.action !== 'staff.grant')).toMatchObject([
      { action: 'staff.disable', eventId: null, before: { disabled: false }, after: { disabled: true } },
      { action: 'staff.enable', eventId: null, before: { disabled: true }, after: { disabled: false } },
    ])
  })

  it('cannot disable their own account; bad input is told clearly and changes nothing', async () => {
    const token = await admin()
    const own = await setDisabled(token, DEMO_ADMIN.userName, true, 'en')
    expect(own.body).toMatchObject({ msgId: 'ESTF2008', msgText: MESSAGES.ESTF2008.en })
    expect((await setDisabled(token, 'nobody', true)).body.msgId).toBe('ESTF2007')
    expect((await setDisabled(token, '', true)).body.msgId).toBe('ESTF1001')
    await makeStaff(t, 'colleague', 'reviewer')
    for (const bad of ['yes', null, 1]) {
      const r = await setDisabled(token, 'colleague', bad)
      expect(r.statusCode).toBe(200)
      expect(r.body.msgId).toBe('EVAL0001')
    }
    expect((await loginOf('colleague')).body.msgId).toBe('')
    expect(await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'staff.disable'))).toHaveLength(0)
  })
})
