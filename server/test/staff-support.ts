/** Staff for the console's tests: made straight in the database, logged in through the route. */
import type { StaffRole } from '@contracts/admin/roles'
import { staffLogin } from '@contracts/admin/staff'
import { hashPassword } from '../src/auth/rules/passwords'
import { findEventByCode } from '../src/events/repositories/events'
import { insertStaff, setRole } from '../src/staff/repositories/staff'
import type { TestContext } from './helper'

export const STAFF_PASSWORD = 'Staff2026pass'
let hashed: Promise<string> | null = null

/** a staff member (no role when `role` is absent) at the event of `eventCode`; returns the user name */
export async function makeStaff(t: TestContext, userName: string, role?: StaffRole, eventCode = 'DEMO'): Promise<string> {
  hashed ??= hashPassword(STAFF_PASSWORD)
  const now = t.clock.now()
  const id = (await insertStaff(t.db.db, {
    userName,
    name: `Name of ${userName}`,
    passwordHash: await hashed,
    platformAdmin: false,
    createdAt: now,
    updatedAt: now,
  }))!
  if (role) {
    const event = (await findEventByCode(t.db.db, eventCode))!
    await setRole(t.db.db, { staffId: id, eventId: event.id, role, now })
  }
  return userName
}

export async function staffToken(t: TestContext, userName: string, password = STAFF_PASSWORD, extra: { totp?: string; ip?: string } = {}): Promise<string> {
  const r = await t.post(staffLogin.path, { userName, password, ...(extra.totp ? { totp: extra.totp } : {}) }, { ip: extra.ip })
  if (r.body.msgId !== '') throw new Error(`login of ${userName}: ${r.body.msgId}`)
  return r.body.data.token as string
}

/** a staff member with a role, logged in */
export async function staffWithRole(t: TestContext, userName: string, role: StaffRole, eventCode = 'DEMO'): Promise<string> {
  await makeStaff(t, userName, role, eventCode)
  return staffToken(t, userName)
}
