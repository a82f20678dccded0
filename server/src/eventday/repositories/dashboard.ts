/**
 * The SQL of the live dashboard (eventday/dashboard.ts): every figure an aggregate the database
 * counts exactly (GROUP BY), none read row by row.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { attendees } from '../../kernel/db/core-tables'
import { checkinPoints, checkins } from '../tables'

/** approved as login reads a status: anything but under review and rejected (register/rules/listed-attendee.ts) */
const approved = sql<number>`count(*) filter (where ${attendees.status} not in ('auditing', 'rejected'))::int`
const checkedIn = sql<number>`count(${checkins.id})::int`

/** registered, approved and checked-in attendees of the event, one row per attendee type */
export const countsByType = (q: Queryable, eventId: number) =>
  q
    .select({ userType: attendees.userType, registered: count(), approved, checkedIn })
    .from(attendees)
    .leftJoin(checkins, and(eq(checkins.eventId, attendees.eventId), eq(checkins.userId, attendees.userId)))
    .where(eq(attendees.eventId, eventId))
    .groupBy(attendees.userType)
    .orderBy(asc(attendees.userType))

/** check-ins of the event per point (pointId null: by staff at a desk) */
export const checkinsByPoint = (q: Queryable, eventId: number) =>
  q.select({ pointId: checkins.pointId, checkedIn: count() }).from(checkins).where(eq(checkins.eventId, eventId)).groupBy(checkins.pointId)

export const pointsOf = (q: Queryable, eventId: number) =>
  q.select().from(checkinPoints).where(eq(checkinPoints.eventId, eventId)).orderBy(asc(checkinPoints.pointCode))

/**
 * check-ins of the event per bucket of `minutes`, each bucket's first minute on the wall clock of
 * `zone` ('YYYY-MM-DDTHH:mm'): the instant is turned into the zone's wall time first, so a bucket
 * starts on the event's hour even in a zone offset by 45 minutes
 */
export function arrivalsByBucket(q: Queryable, eventId: number, zone: string, minutes: number) {
  const wall = sql`(${checkins.checkedInAt} at time zone ${zone})`
  const bucket = sql<string>`to_char(date_bin(make_interval(mins => ${minutes}::int), ${wall}, timestamp '2000-01-01'), 'YYYY-MM-DD"T"HH24:MI')`
  return q
    .select({ bucket, count: count() })
    .from(checkins)
    .where(eq(checkins.eventId, eventId))
    .groupBy(sql`1`)
    .orderBy(sql`1`)
}
