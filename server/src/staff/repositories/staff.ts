/** staff accounts and their roles at events. */
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { events, staff, staffRoles } from '../../kernel/db/schema'

export type StaffRow = typeof staff.$inferSelect
export type StaffChanges = Partial<Omit<StaffRow, 'id' | 'userName' | 'createdAt'>>

export async function findStaffByUserName(q: Queryable, userName: string): Promise<StaffRow | undefined> {
  const [row] = await q.select().from(staff).where(eq(staff.userName, userName))
  return row
}

/** the row locked for this transaction (a password or authenticator change) */
export async function lockStaff(q: Queryable, id: number): Promise<StaffRow | undefined> {
  const [row] = await q.select().from(staff).where(eq(staff.id, id)).for('update')
  return row
}

/** the new id, or null when the user name is taken */
export async function insertStaff(q: Queryable, row: Omit<typeof staff.$inferInsert, 'id'>): Promise<number | null> {
  const [got] = await q.insert(staff).values(row).onConflictDoNothing().returning({ id: staff.id })
  return got?.id ?? null
}

export async function updateStaff(q: Queryable, id: number, changes: StaffChanges): Promise<void> {
  await q.update(staff).set(changes).where(eq(staff.id, id))
}

export interface RoleRow {
  eventId: number
  eventCode: string
  role: string
}

/** a staff member's roles, with their events' codes */
export async function rolesOf(q: Queryable, staffId: number): Promise<RoleRow[]> {
  return q
    .select({ eventId: staffRoles.eventId, eventCode: events.eventCode, role: staffRoles.role })
    .from(staffRoles)
    .innerJoin(events, eq(events.id, staffRoles.eventId))
    .where(eq(staffRoles.staffId, staffId))
    .orderBy(asc(events.eventCode))
}

export async function roleAt(q: Queryable, staffId: number, eventId: number): Promise<string | null> {
  const [row] = await q
    .select({ role: staffRoles.role })
    .from(staffRoles)
    .where(and(eq(staffRoles.staffId, staffId), eq(staffRoles.eventId, eventId)))
  return row?.role ?? null
}

export async function setRole(q: Queryable, r: { staffId: number; eventId: number; role: string; now: Date }): Promise<void> {
  await q
    .insert(staffRoles)
    .values({ staffId: r.staffId, eventId: r.eventId, role: r.role, createdAt: r.now })
    .onConflictDoUpdate({ target: [staffRoles.staffId, staffRoles.eventId], set: { role: r.role } })
}

export async function removeRole(q: Queryable, staffId: number, eventId: number): Promise<void> {
  await q.delete(staffRoles).where(and(eq(staffRoles.staffId, staffId), eq(staffRoles.eventId, eventId)))
}

/** the user names of staff ids (the audit log's who) */
export async function staffNames(q: Queryable, ids: number[]): Promise<Map<number, { userName: string; name: string }>> {
  if (!ids.length) return new Map()
  const rows = await q.select({ id: staff.id, userName: staff.userName, name: staff.name }).from(staff).where(inArray(staff.id, ids))
  return new Map(rows.map((r) => [r.id, { userName: r.userName, name: r.name }]))
}

/** the staff with a role at an event, by user name */
export async function staffAt(q: Queryable, eventId: number): Promise<Array<{ userName: string; name: string; role: string; disabled: boolean }>> {
  return q
    .select({ userName: staff.userName, name: staff.name, role: staffRoles.role, disabled: staff.disabled })
    .from(staffRoles)
    .innerJoin(staff, eq(staff.id, staffRoles.staffId))
    .where(eq(staffRoles.eventId, eventId))
    .orderBy(asc(staff.userName))
}
