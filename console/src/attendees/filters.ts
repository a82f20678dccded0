/** The attendee list's filters as its address keeps them (?q=&type=&status=&checkin=&disabled=&page=&size=). */
import type { AttendeeListRequest, CheckinFilter, DisabledFilter } from '@contracts/admin/attendees'
import type { ReviewStatus } from '@contracts/admin/review'
import type { BadgeFilter } from '@contracts/admin/badges'
import { oneOf, pageOf } from '../lib/addressPaging'

export const STATUSES: readonly ReviewStatus[] = ['approved', 'auditing', 'rejected']
export const CHECKINS: readonly CheckinFilter[] = ['all', 'in', 'out']
export const DISABLED: readonly DisabledFilter[] = ['all', 'active', 'disabled']

export function filtersOf(eventCode: string, q: URLSearchParams): AttendeeListRequest {
  return {
    eventCode,
    keyword: q.get('q') ?? '',
    userType: q.get('type') ?? '',
    status: oneOf<ReviewStatus | ''>(['', ...STATUSES], q.get('status'), ''),
    checkin: oneOf(CHECKINS, q.get('checkin'), 'all'),
    disabled: oneOf(DISABLED, q.get('disabled'), 'all'),
    ...pageOf(q),
  }
}

/** the filter without its page: what the export and the badges take */
export function badgeFilterOf({ eventCode, keyword, userType, status, checkin, disabled }: AttendeeListRequest): BadgeFilter {
  return { eventCode, keyword, userType, status, checkin, disabled }
}
