/**
 * Roles at events: each role allowed and refused by the table of contracts/admin/roles.ts, staff of
 * one event refused at another (answered as missing), and every change in the audit log.
 */
import { eq } from 'drizzle-orm'
import { listAudit } from '@contracts/admin/audit'
import { createStaff, getStaffProfile, grantStaffRole, listEventStaff } from '@contracts/admin/staff'
import { ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@contracts/admin/roles'
import { MESSAGES } from '@contracts/messages'
import { auditLog } from '../src/kernel/db/schema'
import { DEMO_ADMIN, DEMO_ORGANISER } from '../src/staff/seed'
import { createPlatformAdmin } from '../src/staff/team'
import { setup, type TestContext } from './helper'
import { makeStaff, staffToken, staffWithRole } from './staff-support'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const audit = (token: string, eventCode?: string) => t.post(listAudit.path, { ...(eventCode ? { eventCode } : {}), page: 1, pageSize: 20 }, { token })
const grant = (token: string, userName: string, role: StaffRole | null, eventCode = 'DEMO') =>
  t.post(grantStaffRole.path, { eventCode, userName, role }, { token })
const admin = () => staffToken(t, DEMO_ADMIN.userName, DEMO_ADMIN.password)

describe.each(STAFF_ROLES)('role %s at DEMO', (role) => {
  it(`reads DEMO's audit log only if the table allows it`, async () => {
    const token = await staffWithRole(t, `a-${role}`, role)
    const r = await audit(token, 'DEMO')
    expect(r.body.msgId).toBe(ROLE_PERMISSIONS['audit.read'].includes(role) ? '' : 'ESTF2001')
  })

  it('gives roles at DEMO only if the table allows it', async () => {
    const token = await staffWithRole(t, `g-${role}`, role)
    await makeStaff(t, 'newcomer')
    const r = await grant(token, 'newcomer', 'reviewer')
    expect(r.body.msgId).toBe(ROLE_PERMISSIONS['staff.grant'].includes(role) ? '' : 'ESTF2001')
  })

  it('is answered as if another event did not exist, and so is an event that does not', async () => {
    const token = await staffWithRole(t, `x-${role}`, role)
    await makeStaff(t, 'newcomer')
    for (const eventCode of ['LOCKED', 'NOPE']) {
      expect((await audit(token, eventCode)).body.msgId).toBe('ESYS0004')
      expect((await grant(token, 'newcomer', 'reviewer', eventCode)).body.msgId).toBe('ESYS0004')
    }
  })

  it('cannot read every entry nor create accounts (platform administrator only)', async () => {
    const token = await staffWithRole(t, `p-${role}`, role)
    expect((await audit(token)).body.msgId).toBe('ESTF2002')
    expect((await t.post(createStaff.path, { userName: 'someone', name: 'Someone', password: 'Someone2026' }, { token })).body.msgId).toBe('ESTF2002')
  })
})

describe('owners and the platform administrator', () => {
  it('an owner gives and takes the roles below owner, never owner itself', async () => {
    const owner = await staffWithRole(t, 'boss', 'owner')
    await makeStaff(t, 'helper')
    expect((await grant(owner, 'helper', 'checkin')).body.msgId).toBe('')
    expect((await grant(owner, 'helper', 'owner')).body.msgId).toBe('ESTF2001')
    expect((await grant(owner, 'helper', null)).body.msgId).toBe('')
    await makeStaff(t, 'other-owner', 'owner')
    expect((await grant(owner, 'other-owner', 'reviewer')).body.msgId).toBe('ESTF2001')
  })

  it('the staff of an event are listed to those who give its roles', async () => {
    const owner = await staffWithRole(t, 'boss', 'owner')
    await makeStaff(t, 'helper', 'checkin')
    await makeStaff(t, 'elsewhere', 'owner', 'LOCKED')
    expect((await t.post(listEventStaff.path, { eventCode: 'DEMO' }, { token: owner })).body.data).toEqual([
      { userName: 'boss', name: 'Name of boss', role: 'owner', disabled: false },
      { userName: 'helper', name: 'Name of helper', role: 'checkin', disabled: false },
      { userName: 'organiser', name: DEMO_ORGANISER.name, role: 'organiser', disabled: false },
    ])
    expect((await t.post(listEventStaff.path, { eventCode: 'LOCKED' }, { token: owner })).body.msgId).toBe('ESYS0004')
    const organiser = await staffToken(t, DEMO_ORGANISER.userName, DEMO_ORGANISER.password)
    expect((await t.post(listEventStaff.path, { eventCode: 'DEMO' }, { token: organiser })).body.msgId).toBe('ESTF2001')
    expect((await t.post(listEventStaff.path, { eventCode: 'LOCKED' }, { token: await admin() })).body.data).toEqual([
      { userName: 'elsewhere', name: 'Name of elsewhere', role: 'owner', disabled: false },
    ])
  })

  it('a role taken away stops working at once', async () => {
    const token = await staffWithRole(t, 'leaver', 'organiser')
    expect((await audit(token, 'DEMO')).body.msgId).toBe('')
    expect((await grant(await admin(), 'leaver', null)).body.msgId).toBe('')
    expect((await audit(token, 'DEMO')).body.msgId).toBe('ESYS0004')
  })

  it('the platform administrator creates an owner for an event, and both changes are audited', async () => {
    const token = await admin()
    expect((await t.post(createStaff.path, { userName: ' New.Owner ', name: '新负责人', password: 'Owner2026pw' }, { token })).body.msgId).toBe('')
    expect((await grant(token, 'new.owner', 'owner', 'LOCKED')).body.msgId).toBe('')
    const owner = await staffToken(t, 'new.owner', 'Owner2026pw')
    expect((await t.post(getStaffProfile.path, {}, { token: owner })).body.data.roles).toEqual([{ eventCode: 'LOCKED', role: 'owner' }])
    const entries = (await audit(token)).body.data.list
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['staff.grant', 'staff.create'])
    expect(entries[0]).toMatchObject({ eventCode: 'LOCKED', target: 'new.owner', staffUserName: 'admin', before: { role: null }, after: { role: 'owner' } })
    expect(entries[1]).toMatchObject({ eventCode: null, target: 'new.owner', before: null, after: { userName: 'new.owner', name: '新负责人' } })
    // the event's own log shows its entry to its owner
    expect((await audit(owner, 'LOCKED')).body.data.list.map((e: { action: string }) => e.action)).toEqual(['staff.grant'])
  })

  it('the first platform administrator is made at the command line, audited as its own author', async () => {
    await createPlatformAdmin(t.app.deps, { userName: ' Chief ', name: '总管', password: 'Chief2026pw' })
    const token = await staffToken(t, 'chief', 'Chief2026pw')
    expect((await t.post(getStaffProfile.path, {}, { token })).body.data).toMatchObject({ userName: 'chief', platformAdmin: true, roles: [] })
    expect((await audit(token)).body.data.list[0]).toMatchObject({ action: 'staff.create', staffUserName: 'chief', target: 'chief' })
    await expect(createPlatformAdmin(t.app.deps, { userName: 'chief', name: 'X', password: 'Chief2026pw' })).rejects.toMatchObject({ msgId: 'ESTF2004' })
    await expect(createPlatformAdmin(t.app.deps, { userName: 'x', name: 'X', password: 'Chief2026pw' })).rejects.toMatchObject({ msgId: 'ESTF2003' })
    await expect(createPlatformAdmin(t.app.deps, { userName: 'deputy', name: 'X', password: 'weak' })).rejects.toMatchObject({ msgId: 'ESTF1006' })
  })

  it('bad input is told in the language of the caller, and nothing is written', async () => {
    const token = await admin()
    const cases: Array<[object, keyof typeof MESSAGES]> = [
      [{ userName: 'ab', name: 'X', password: 'Someone2026' }, 'ESTF2003'],
      [{ userName: 'has space', name: 'X', password: 'Someone2026' }, 'ESTF2003'],
      [{ userName: 'fine', name: ' ', password: 'Someone2026' }, 'ESTF2005'],
      [{ userName: 'fine', name: 'X', password: 'weak' }, 'ESTF1006'],
      [{ userName: 'admin', name: 'X', password: 'Someone2026' }, 'ESTF2004'],
    ]
    for (const [body, msgId] of cases) {
      const r = await t.post(createStaff.path, body, { token, lang: 'en' })
      expect(r.statusCode).toBe(200)
      expect(r.body.msgId).toBe(msgId)
      expect(r.body.msgText).toMatch(MESSAGES[msgId].en.slice(0, 10))
    }
    expect((await grant(token, 'nobody-here', 'reviewer')).body.msgId).toBe('ESTF2007')
    expect((await t.post(grantStaffRole.path, { eventCode: 'DEMO', userName: 'admin', role: 'king' }, { token })).body.msgId).toBe('ESTF2006')
    expect(await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'staff.create'))).toEqual([])
  })
})
