/** staff_sessions: only the sha256 of a token is stored. */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { staff, staffSessions } from '../../kernel/db/schema'
import type { StaffRow } from './staff'

export type StaffSessionRow = typeof staffSessions.$inferSelect

export async function insertStaffSession(q: Queryable, s: Omit<typeof staffSessions.$inferInsert, 'id'>): Promise<void> {
  await q.insert(staffSessions).values(s)
}

export async function sessionByTokenHash(q: Queryable, tokenHash: string): Promise<{ s: StaffSessionRow; staff: StaffRow } | undefined> {
  const [row] = await q
    .select({ s: staffSessions, staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, tokenHash))
  return row
}

export async function touchStaffSession(q: Queryable, id: number, now: Date): Promise<void> {
  await q.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, id))
}

/** ends the live sessions of a staff member beyond the newest `keep`; callers lock the staff row first */
export async function revokeStaffSessionsBeyond(q: Queryable, staffId: number, keep: number, now: Date): Promise<void> {
  const beyond = q
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now)))
    .orderBy(desc(staffSessions.createdAt), desc(staffSessions.id))
    .offset(keep)
  await q.update(staffSessions).set({ revokedAt: now }).where(inArray(staffSessions.id, beyond))
}

export async function revokeStaffSession(q: Queryable, id: number, now: Date): Promise<void> {
  await q
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)))
}

/** every live session of a staff member but one (a password change keeps the session that made it) */
export async function revokeOtherStaffSessions(q: Queryable, staffId: number, keepId: number, now: Date): Promise<void> {
  await q
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), ne(staffSessions.id, keepId), isNull(staffSessions.revokedAt)))
}

/** sessions that ended before `before`; returns how many */
export async function deleteStaffSessionsEndedBefore(q: Queryable, before: Date): Promise<number> {
  const gone = await q
    .delete(staffSessions)
    .where(or(lt(staffSessions.expiresAt, before), and(isNotNull(staffSessions.revokedAt), lt(staffSessions.revokedAt, before))))
    .returning({ id: staffSessions.id })
  return gone.length
}
