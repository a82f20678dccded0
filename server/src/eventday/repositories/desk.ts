/** The check-in desk's reads and writes (eventday/desk/): the snapshot's lists, scans by id, check-ins moved to an earlier scan. */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Queryable, Tx } from '../../kernel/db/client'
import { attendanceCodes, attendees, checkinPoints, checkins, deskScans, seatAssignments, storedFiles, users } from '../../kernel/db/schema'
import type { DeskScanResult } from '@contracts/admin/desk'

/** approved attendees of the event, not disabled there, without an attendance code yet */
export async function approvedWithoutCode(q: Queryable, eventId: number): Promise<number[]> {
  const rows = await q
    .select({ userId: attendees.userId })
    .from(attendees)
    .leftJoin(attendanceCodes, and(eq(attendanceCodes.eventId, attendees.eventId), eq(attendanceCodes.userId, attendees.userId)))
    .where(and(eq(attendees.eventId, eventId), eq(attendees.status, 'approved'), eq(attendees.disabled, false), isNull(attendanceCodes.token)))
  return rows.map((r) => r.userId)
}

/** what the desk shows of every approved attendee, with their token (one row each, by name) */
export function deskAttendeeRows(q: Queryable, eventId: number) {
  const photos = q
    .selectDistinct({ userId: storedFiles.userId })
    .from(storedFiles)
    .where(and(eq(storedFiles.eventId, eventId), eq(storedFiles.field, 'photo')))
    .as('photos')
  return q
    .select({
      userCode: users.userCode,
      name: users.name,
      mobile: users.mobile,
      company: users.company,
      userType: attendees.userType,
      tableNo: seatAssignments.tableNo,
      hasPhoto: photos.userId,
      token: attendanceCodes.token,
    })
    .from(attendees)
    .innerJoin(users, eq(users.id, attendees.userId))
    .innerJoin(attendanceCodes, and(eq(attendanceCodes.eventId, attendees.eventId), eq(attendanceCodes.userId, attendees.userId)))
    .leftJoin(seatAssignments, and(eq(seatAssignments.eventId, attendees.eventId), eq(seatAssignments.userId, attendees.userId)))
    .leftJoin(photos, eq(photos.userId, attendees.userId))
    .where(and(eq(attendees.eventId, eventId), eq(attendees.status, 'approved'), eq(attendees.disabled, false)))
    .orderBy(asc(users.name), asc(users.id))
}

export function eventCheckins(q: Queryable, eventId: number) {
  return q
    .select({ userCode: users.userCode, at: checkins.checkedInAt, pointCode: checkinPoints.pointCode })
    .from(checkins)
    .innerJoin(users, eq(users.id, checkins.userId))
    .leftJoin(checkinPoints, eq(checkinPoints.id, checkins.pointId))
    .where(eq(checkins.eventId, eventId))
}

/** the scans of these ids already stored, with their event (a scan id is the phone's, unique everywhere) */
export function scansByIds(q: Queryable, scanIds: string[]) {
  if (scanIds.length === 0) return Promise.resolve([])
  return q.select({ scanId: deskScans.scanId, eventId: deskScans.eventId }).from(deskScans).where(inArray(deskScans.scanId, scanIds))
}

/** claims a scan id: false when it was claimed before (the claim of a concurrent sync waits for that one to commit) */
export async function claimScan(tx: Tx, v: typeof deskScans.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(deskScans).values(v).onConflictDoNothing().returning({ scanId: deskScans.scanId })
  return rows.length > 0
}

export async function storedAnswer(q: Queryable, scanId: string): Promise<DeskScanResult | null> {
  const [row] = await q.select({ answer: deskScans.answer }).from(deskScans).where(eq(deskScans.scanId, scanId))
  return row?.answer ?? null
}

export async function saveAnswer(tx: Tx, scanId: string, answer: DeskScanResult): Promise<void> {
  await tx.update(deskScans).set({ answer }).where(eq(deskScans.scanId, scanId))
}

/**
 * The attendee a scanned code names at the event, their row locked: two desks deciding on the same
 * person take turns, whatever their scans' order.
 */
export async function lockScannedAttendee(tx: Tx, eventId: number, by: { token: string } | { userCode: string }) {
  const [row] = await tx
    .select({ userId: users.id, userCode: users.userCode, name: users.name, status: attendees.status, disabled: attendees.disabled })
    .from(attendees)
    .innerJoin(users, eq(users.id, attendees.userId))
    .where(
      and(
        eq(attendees.eventId, eventId),
        'token' in by
          ? sql`${attendees.userId} = (select ${attendanceCodes.userId} from ${attendanceCodes} where ${attendanceCodes.eventId} = ${eventId} and ${attendanceCodes.token} = ${by.token})`
          : eq(users.userCode, by.userCode),
      ),
    )
    .for('update', { of: attendees })
  return row
}

/** moves a check-in to an earlier scan: its time and point become the earlier scan's */
export async function moveCheckin(tx: Tx, id: number, v: { checkedInAt: Date; pointId: number; receivedAt: Date }): Promise<void> {
  await tx
    .update(checkins)
    .set({ ...v, method: 'staff' })
    .where(eq(checkins.id, id))
}
