/** The event-day tables (eventday/tables.ts): reads within one event, check-in and code upserts. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { attendanceCodes, attendees, checkinPoints, checkins, eventDaySettings, eventPages, feedbacks, seatAssignments, users } from '../../kernel/db/schema'

export type EventDaySettingsRow = typeof eventDaySettings.$inferSelect
export type CheckinPointRow = typeof checkinPoints.$inferSelect
export type CheckinRow = typeof checkins.$inferSelect
export type EventPageRow = typeof eventPages.$inferSelect

export async function findSettings(q: Queryable, eventId: number): Promise<EventDaySettingsRow | undefined> {
  const [row] = await q.select().from(eventDaySettings).where(eq(eventDaySettings.eventId, eventId))
  return row
}

export async function findPoint(q: Queryable, eventId: number, pointCode: string): Promise<CheckinPointRow | undefined> {
  const [row] = await q
    .select()
    .from(checkinPoints)
    .where(and(eq(checkinPoints.eventId, eventId), eq(checkinPoints.pointCode, pointCode)))
  return row
}

export async function findCheckin(q: Queryable, eventId: number, userId: number): Promise<{ c: CheckinRow; point: CheckinPointRow | null } | undefined> {
  const [row] = await q
    .select({ c: checkins, point: checkinPoints })
    .from(checkins)
    .leftJoin(checkinPoints, eq(checkinPoints.id, checkins.pointId))
    .where(and(eq(checkins.eventId, eventId), eq(checkins.userId, userId)))
  return row
}

/** the first check-in wins: true when this one was inserted, false when one was there already */
export async function insertCheckinIfAbsent(q: Queryable, v: typeof checkins.$inferInsert): Promise<boolean> {
  const rows = await q.insert(checkins).values(v).onConflictDoNothing().returning({ id: checkins.id })
  return rows.length > 0
}

export async function findAttendanceCode(q: Queryable, eventId: number, userId: number) {
  const [row] = await q
    .select()
    .from(attendanceCodes)
    .where(and(eq(attendanceCodes.eventId, eventId), eq(attendanceCodes.userId, userId)))
  return row
}

/** the attendance codes these people of the event hold, by user id (none for those without) */
export async function findAttendanceCodes(q: Queryable, eventId: number, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map()
  const rows = await q
    .select({ userId: attendanceCodes.userId, token: attendanceCodes.token })
    .from(attendanceCodes)
    .where(and(eq(attendanceCodes.eventId, eventId), inArray(attendanceCodes.userId, userIds)))
  return new Map(rows.map((r) => [r.userId, r.token]))
}

/** keeps an existing code: a concurrent first ask gets the same one (one row, or many: the desk's snapshot, the badges) */
export async function insertAttendanceCodeIfAbsent(
  q: Queryable,
  v: typeof attendanceCodes.$inferInsert | (typeof attendanceCodes.$inferInsert)[],
): Promise<void> {
  const rows = Array.isArray(v) ? v : [v]
  if (rows.length === 0) return
  await q
    .insert(attendanceCodes)
    .values(rows)
    .onConflictDoNothing({ target: [attendanceCodes.eventId, attendanceCodes.userId] })
}

export async function insertFeedback(q: Queryable, v: typeof feedbacks.$inferInsert): Promise<{ id: number }> {
  const [row] = await q.insert(feedbacks).values(v).returning({ id: feedbacks.id })
  return row
}

/** approved attendees of the event whose company is `company` (trimmed, case-insensitive), by name */
export function listCompanyAttendees(q: Queryable, eventId: number, company: string) {
  return q
    .select({ userId: users.id, name: users.name, userType: attendees.userType })
    .from(attendees)
    .innerJoin(users, eq(users.id, attendees.userId))
    .where(and(eq(attendees.eventId, eventId), eq(attendees.status, 'approved'), sql`lower(trim(${users.company})) = lower(trim(${company}))`))
    .orderBy(asc(users.name))
}

export async function findSeat(q: Queryable, eventId: number, userId: number) {
  const [row] = await q
    .select()
    .from(seatAssignments)
    .where(and(eq(seatAssignments.eventId, eventId), eq(seatAssignments.userId, userId)))
  return row
}

export async function findEventPage(q: Queryable, eventId: number, kind: string, pageCode?: string): Promise<EventPageRow | undefined> {
  const where = pageCode
    ? and(eq(eventPages.eventId, eventId), eq(eventPages.kind, kind), eq(eventPages.pageCode, pageCode))
    : and(eq(eventPages.eventId, eventId), eq(eventPages.kind, kind))
  const [row] = await q.select().from(eventPages).where(where).orderBy(asc(eventPages.sort), asc(eventPages.id)).limit(1)
  return row
}

export function listPoints(q: Queryable, eventId: number): Promise<CheckinPointRow[]> {
  return q.select().from(checkinPoints).where(eq(checkinPoints.eventId, eventId)).orderBy(asc(checkinPoints.id))
}
