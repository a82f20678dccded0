/** The SQL of registration review (register/review.ts): the queue, and the rows a decision locks. */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Queryable, Tx } from '../../kernel/db/client'
import { attendees, users } from '../../kernel/db/core-tables'
import { subEvents, subEventSignups } from '../../schedule/tables'
import { signupContacts } from '../tables'
import { containsPattern } from '../rules/review-rules'

export interface QueueFilter {
  eventId: number
  status: string
  keyword: string
}

/** the company as the person's account has it, else as their registration form gave it (the attendee list's too) */
export const company = sql<string | null>`coalesce(${users.company}, ${signupContacts.values}->>'company')`

function whereOf(f: QueueFilter): SQL | undefined {
  const conditions = [eq(signupContacts.eventId, f.eventId), eq(attendees.status, f.status)]
  if (f.keyword) {
    const like = containsPattern(f.keyword)
    conditions.push(or(ilike(users.name, like), ilike(users.mobile, like), ilike(users.email, like), ilike(company, like))!)
  }
  return and(...conditions)
}

/** one page of the registrations of a status: the queue oldest first, decisions newest first */
export async function reviewQueueRows(q: Queryable, f: QueueFilter, offset: number, limit: number) {
  const where = whereOf(f)
  const [{ total }] = await q
    .select({ total: count() })
    .from(signupContacts)
    .innerJoin(attendees, eq(attendees.id, signupContacts.attendeeId))
    .innerJoin(users, eq(users.id, signupContacts.userId))
    .where(where)
  const order = f.status === 'auditing' ? [asc(signupContacts.createdAt), asc(signupContacts.id)] : [desc(signupContacts.reviewedAt), desc(signupContacts.id)]
  const rows = await q
    .select({
      attendeeId: attendees.id,
      contactCode: signupContacts.contactCode,
      contactType: signupContacts.contactType,
      status: attendees.status,
      submittedAt: signupContacts.createdAt,
      reviewedAt: signupContacts.reviewedAt,
      reason: signupContacts.reviewReason,
      values: signupContacts.values,
      name: users.name,
      mobile: users.mobile,
      email: users.email,
      company,
    })
    .from(signupContacts)
    .innerJoin(attendees, eq(attendees.id, signupContacts.attendeeId))
    .innerJoin(users, eq(users.id, signupContacts.userId))
    .where(where)
    .orderBy(...order)
    .offset(offset)
    .limit(limit)
  return { total, rows }
}

/** the activities each of these attendees holds a place at */
export async function activitiesOf(q: Queryable, attendeeIds: number[]) {
  if (attendeeIds.length === 0) return []
  return q
    .select({ attendeeId: subEventSignups.attendeeId, code: subEvents.code, titleZh: subEvents.titleZh, titleEn: subEvents.titleEn })
    .from(subEventSignups)
    .innerJoin(subEvents, eq(subEvents.id, subEventSignups.subEventId))
    .where(inArray(subEventSignups.attendeeId, attendeeIds))
    .orderBy(asc(subEvents.sort), asc(subEvents.id))
}

/**
 * The registrations of these codes at the event, their attendee rows locked in id order (two
 * organisers deciding overlapping selections wait for each other, never deadlock)
 */
export async function lockForDecision(tx: Tx, eventId: number, contactCodes: string[]) {
  return tx
    .select({ contact: signupContacts, attendee: attendees, user: { mobile: users.mobile, email: users.email, name: users.name } })
    .from(signupContacts)
    .innerJoin(attendees, eq(attendees.id, signupContacts.attendeeId))
    .innerJoin(users, eq(users.id, signupContacts.userId))
    .where(and(eq(signupContacts.eventId, eventId), inArray(signupContacts.contactCode, contactCodes)))
    .orderBy(asc(attendees.id))
    .for('update', { of: attendees })
}

export async function recordDecision(tx: Tx, d: { contactId: number; attendeeId: number; status: string; reason: string; at: Date }): Promise<void> {
  await tx.update(attendees).set({ status: d.status }).where(eq(attendees.id, d.attendeeId))
  await tx.update(signupContacts).set({ reviewedAt: d.at, reviewReason: d.reason, updatedAt: d.at }).where(eq(signupContacts.id, d.contactId))
}
