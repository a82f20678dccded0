/**
 * The demo's staff: a platform administrator and an organiser of DEMO (README "Demo logins"),
 * created once and then left alone (a changed password survives restarts), like the demo people.
 */
import type { StaffRole } from '@contracts/admin/roles'
import type { AppDb } from '../kernel/db/client'
import { findStaffByUserName, insertStaff, roleAt, setRole } from './repositories/staff'

export interface SeedStaff {
  userName: string
  password: string
  name: string
  platformAdmin: boolean
  /** event code → role */
  roles: Record<string, StaffRole>
}

export const DEMO_ADMIN: SeedStaff = { userName: 'admin', password: 'Admin@2026', name: '平台管理员', platformAdmin: true, roles: {} }
export const DEMO_ORGANISER: SeedStaff = {
  userName: 'organiser',
  password: 'Organiser@2026',
  name: '王组织',
  platformAdmin: false,
  roles: { DEMO: 'organiser' },
}
export const SEED_STAFF = [DEMO_ADMIN, DEMO_ORGANISER]

export async function seedStaff(db: AppDb, now: Date, eventIds: Map<string, number>, hash: (password: string) => Promise<string>): Promise<void> {
  for (const s of SEED_STAFF) {
    let row = await findStaffByUserName(db, s.userName)
    if (!row) {
      await insertStaff(db, {
        userName: s.userName,
        name: s.name,
        passwordHash: await hash(s.password),
        platformAdmin: s.platformAdmin,
        createdAt: now,
        updatedAt: now,
      })
      row = (await findStaffByUserName(db, s.userName))!
    }
    for (const [eventCode, role] of Object.entries(s.roles)) {
      const eventId = eventIds.get(eventCode)
      if (eventId !== undefined && !(await roleAt(db, row.id, eventId))) await setRole(db, { staffId: row.id, eventId, role, now })
    }
  }
}
