/** The SQL of the console's attendee list (register/attendee-list.ts). */
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Queryable, Tx } from '../../kernel/db/client'
import { attendees, users } from '../../kernel/db/core-tables'
import { checkins } from '../../eventday/tables'
import { signupContacts } from '../tables'
import { containsPattern } from '../rules/review-rules'
import { company } from './review'

export interface AttendeeFilter {
  eventId: number
  keyword: string
  userType: string
  status: string
  checkin: 'all' | 'in' | 'out'
  disabled: 'all' | 'disabled' | 'active'
}

const checkedIn = sql`exists (select 1 from ${checkins} where ${checkins.eventId} = ${attendees.eventId} and ${checkins.userId} = ${attendees.userId})`
const companyFromForm = (like: string) =>
  sql`exists (select 1 from ${signupContacts} where ${signupContacts.attendeeId} = ${attendees.id} and ${signupContacts.values}->>'company' ilike ${like})`

/**
 * The filter on attendees and their person only: check-in and the form's company are asked with
 * EXISTS, so the planner can scan the event's attendees once and join their people by hash
 */
function whereOf(f: AttendeeFilter): SQL | undefined {
  const conditions: SQL[] = [eq(attendees.eventId, f.eventId)]
  if (f.userType) conditions.push(eq(attendees.userType, f.userType))
  if (f.status) conditions.push(eq(attendees.status, f.status))
  if (f.checkin === 'in') conditions.push(checkedIn)
  if (f.checkin === 'out') conditions.push(sql`not ${checkedIn}`)
  if (f.disabled !== 'all') conditions.push(eq(attendees.disabled, f.disabled === 'disabled'))
  if (f.keyword) {
    const like = containsPattern(f.keyword)
    conditions.push(or(ilike(users.name, like), ilike(users.mobile, like), ilike(users.email, like), ilike(users.company, like), companyFromForm(like))!)
  }
  return and(...conditions)
}

const listColumns = {
  attendeeId: attendees.id,
  userCode: users.userCode,
  name: users.name,
  mobile: users.mobile,
  email: users.email,
  company,
  userType: attendees.userType,
  status: attendees.status,
  disabled: attendees.disabled,
  addedAt: attendees.createdAt,
  checkedInAt: checkins.checkedInAt,
}

/** the list's columns over every attendee of an event */
const listed = (q: Queryable) =>
  q
    .select(listColumns)
    .from(attendees)
    .innerJoin(users, eq(users.id, attendees.userId))
    .leftJoin(checkins, and(eq(checkins.eventId, attendees.eventId), eq(checkins.userId, attendees.userId)))
    .leftJoin(signupContacts, eq(signupContacts.attendeeId, attendees.id))

/** the ids of a page of the event's attendees that pass the filter, newest first (the index on event, added) */
async function pageIds(q: Queryable, f: AttendeeFilter, offset: number, limit: number): Promise<number[]> {
  const from = q.select({ id: attendees.id }).from(attendees)
  // their people are joined only when a search text needs them
  const rows = await (f.keyword ? from.innerJoin(users, eq(users.id, attendees.userId)).where(whereOf(f)) : from.where(whereOf(f)))
    .orderBy(desc(attendees.createdAt), desc(attendees.id))
    .offset(offset)
    .limit(limit)
  return rows.map((r) => r.id)
}

/** the ids of every attendee of the event that passes the filter, newest first (the export) */
export const allMatchingIds = (q: Queryable, f: AttendeeFilter): Promise<number[]> => pageIds(q, f, 0, Number.MAX_SAFE_INTEGER)

/** the list's columns and the registration form's answers of these attendees, in no order */
export const exportRows = (q: Queryable, ids: number[]) =>
  q
    .select({ ...listColumns, values: signupContacts.values })
    .from(attendees)
    .innerJoin(users, eq(users.id, attendees.userId))
    .leftJoin(checkins, and(eq(checkins.eventId, attendees.eventId), eq(checkins.userId, attendees.userId)))
    .leftJoin(signupContacts, eq(signupContacts.attendeeId, attendees.id))
    .where(inArray(attendees.id, ids))

async function matchCount(q: Queryable, f: AttendeeFilter): Promise<number> {
  const from = q.select({ total: count() }).from(attendees)
  const [row] = await (f.keyword ? from.innerJoin(users, eq(users.id, attendees.userId)).where(whereOf(f)) : from.where(whereOf(f)))
  return row.total
}

/**
 * the attendees of an event that pass the filter, newest first, a page of them, and how many pass
 * it: the page's ids, then their columns for those ids alone, and the count apart (a window count
 * would sort every match for a page of 50)
 */
export async function attendeeListRows(q: Queryable, f: AttendeeFilter, offset: number, limit: number) {
  const ids = await pageIds(q, f, offset, limit)
  const total = await matchCount(q, f)
  if (ids.length === 0) return { total, rows: [] }
  const rows = await listed(q).where(inArray(attendees.id, ids))
  const at = new Map(ids.map((id, i) => [id, i]))
  return { total, rows: rows.sort((a, b) => at.get(a.attendeeId)! - at.get(b.attendeeId)!) }
}

/** one attendee of the event, as the list shows them */
export async function attendeeListRow(q: Queryable, eventId: number, userCode: string) {
  const [row] = await listed(q).where(and(eq(attendees.eventId, eventId), eq(users.userCode, userCode)))
  return row
}

/** the attendee of this event with this user code, and their person, locked for an edit */
export async function lockAttendeeOfEvent(tx: Tx, eventId: number, userCode: string) {
  const [row] = await tx
    .select({ attendee: attendees, user: users })
    .from(attendees)
    .innerJoin(users, eq(users.id, attendees.userId))
    .where(and(eq(attendees.eventId, eventId), eq(users.userCode, userCode)))
    .for('update')
  return row
}

/** the people known by this mobile or this e-mail (two when they are different people) */
export async function usersByContacts(q: Queryable, mobile: string, email: string) {
  const conds = [mobile ? eq(users.mobile, mobile) : undefined, email ? eq(users.email, email) : undefined].filter((c) => c !== undefined)
  if (conds.length === 0) return []
  return q
    .select()
    .from(users)
    .where(or(...conds))
}

export async function updatePerson(
  tx: Tx,
  userId: number,
  changes: { name: string; mobile: string | null; email: string | null; company: string | null },
  now: Date,
) {
  await tx
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId))
}

export async function updateAttendee(tx: Tx, attendeeId: number, changes: { userType: string; status: string }) {
  await tx.update(attendees).set(changes).where(eq(attendees.id, attendeeId))
}

export async function setAttendeeDisabledFlag(tx: Tx, attendeeId: number, disabled: boolean) {
  await tx.update(attendees).set({ disabled }).where(eq(attendees.id, attendeeId))
}

/** what a printed badge shows of these attendees, in no order */
export const badgeRows = (q: Queryable, ids: number[]) =>
  q
    .select({ attendeeId: attendees.id, userId: attendees.userId, name: users.name, company, userType: attendees.userType })
    .from(attendees)
    .innerJoin(users, eq(users.id, attendees.userId))
    .leftJoin(signupContacts, eq(signupContacts.attendeeId, attendees.id))
    .where(inArray(attendees.id, ids))
