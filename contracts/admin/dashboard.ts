/**
 * The live dashboard of an event in the organisers' console: registrations and check-ins counted
 * exactly by the database, by attendee type and by check-in point, and arrivals per bucket of
 * minutes (contracts/admin/dashboard-rules.ts) on the event's clock. Action 'dashboard.read'.
 */
import { defineCall } from '../call'

export interface DashboardRequest {
  eventCode: string
}

export interface DashboardCounts {
  /** every attendee on the event's list, whatever their status */
  registered: number
  approved: number
  checkedIn: number
}

export interface DashboardTypeRow extends DashboardCounts {
  userType: string
  typeZh: string
  typeEn: string
}

export interface DashboardPointRow {
  /** null: checked in by staff at a desk, at no point */
  pointCode: string | null
  nameZh: string
  nameEn: string
  checkedIn: number
}

export interface ArrivalBucket {
  /** the bucket's first minute on the event's clock, 'HH:mm' */
  start: string
  count: number
}

export interface ArrivalDay {
  /** the day on the event's clock, 'YYYY-MM-DD' */
  day: string
  /** from the first bucket with an arrival to the last, empty buckets between them included */
  buckets: ArrivalBucket[]
}

export interface Dashboard {
  /** the event's IANA zone: the clock of the buckets */
  timeZone: string
  bucketMinutes: number
  totals: DashboardCounts
  byType: DashboardTypeRow[]
  byPoint: DashboardPointRow[]
  /** the days with check-ins, earliest first */
  arrivals: ArrivalDay[]
  /** ISO 8601 (UTC): when the counts were read */
  readAt: string
}

export const getDashboard = defineCall<DashboardRequest, Dashboard>({ path: '/api/admin/dashboard', auth: 'staff' })
