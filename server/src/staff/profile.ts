/** The response view of a staff member (never the row: it holds the password hash and the sealed secret). */
import type { StaffProfile } from '@contracts/admin/staff'
import type { StaffRole } from '@contracts/admin/roles'
import type { RoleRow, StaffRow } from './repositories/staff'
import type { StaffSession } from './sessions'

export function toStaffProfile(staff: StaffRow, roles: RoleRow[]): StaffProfile {
  return {
    userName: staff.userName,
    name: staff.name,
    platformAdmin: staff.platformAdmin,
    roles: roles.map((r) => ({ eventCode: r.eventCode, role: r.role as StaffRole })),
    totpEnabled: !!staff.totpSealed,
  }
}

export const profileOfSession = (s: StaffSession): StaffProfile =>
  toStaffProfile(
    s.staff,
    [...s.roles].map(([eventId, role]) => ({ eventId, role, eventCode: s.eventCodes.get(eventId) ?? '' })),
  )
