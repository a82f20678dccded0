/**
 * The people of the attendee list a badge is printed for (badges/badges.ts): the list's own filter
 * and query, and of it the approved attendees who are not disabled, since a badge admits its holder.
 */
import type { AttendeeListRequest } from '@contracts/admin/attendees'
import type { Queryable } from '../kernel/db/client'
import { filterOf } from './attendee-list'
import { allMatchingIds, badgeRows } from './repositories/attendee-list'
import { findForm } from './repositories/register'
import { attendeeTypeNames } from './rules/listed-attendee'

type ListFilter = Pick<AttendeeListRequest, 'keyword' | 'userType' | 'status' | 'checkin' | 'disabled'>

export interface BadgePerson {
  userId: number
  name: string
  company: string
  typeZh: string
  typeEn: string
}

/** the ids of the attendees the filter gives badges to, in the list's order (newest first) */
export async function badgeAttendeeIds(q: Queryable, eventId: number, req: ListFilter): Promise<number[]> {
  // a filter on another status, or on disabled attendees, prints none
  if (req.status !== '' && req.status !== 'approved') return []
  if (req.disabled === 'disabled') return []
  return allMatchingIds(q, { ...filterOf(eventId, req), status: 'approved', disabled: 'active' })
}

/** these attendees as their badges show them, in the order of the ids */
export async function badgePeople(q: Queryable, eventId: number, ids: number[]): Promise<BadgePerson[]> {
  const form = await findForm(q, eventId)
  const rows = await badgeRows(q, ids)
  const at = new Map(ids.map((id, k) => [id, k]))
  rows.sort((a, b) => at.get(a.attendeeId)! - at.get(b.attendeeId)!)
  return rows.map((r) => ({ userId: r.userId, name: r.name, company: r.company ?? '', ...attendeeTypeNames(form, r.userType) }))
}
