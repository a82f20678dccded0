/**
 * The live dashboard of an event (contracts/admin/dashboard.ts), for the roles with
 * 'dashboard.read': registrations and check-ins by attendee type and by check-in point, and
 * arrivals per bucket of the event's clock. Every figure is counted by the database; the attendee
 * types and points are named from the event's form and points.
 */
import type { Dashboard, DashboardPointRow, DashboardRequest, DashboardTypeRow } from '@contracts/admin/dashboard'
import { DASHBOARD_RULES } from '@contracts/admin/dashboard-rules'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Deps } from '../deps'
import { eventForStaff } from '../staff/access'
import type { StaffSession } from '../staff/sessions'
import { formOfEvent } from '../register/form'
import { attendeeTypeNames } from '../register/rules/listed-attendee'
import { arrivalsByBucket, checkinsByPoint, countsByType, pointsOf } from './repositories/dashboard'
import { arrivalDays } from './rules/arrival-buckets'

export async function dashboard(deps: Pick<Deps, 'db' | 'now'>, session: StaffSession, req: DashboardRequest): Promise<Dashboard> {
  const { event } = await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['dashboard.read'])
  const readAt = deps.now()
  // one snapshot: the counts by type, by point and by bucket agree with one another
  return deps.db.transaction(
    async (tx) => {
      const [types, pointCounts, points, buckets, form] = [
        await countsByType(tx, event.id),
        await checkinsByPoint(tx, event.id),
        await pointsOf(tx, event.id),
        await arrivalsByBucket(tx, event.id, event.timeZone, DASHBOARD_RULES.bucketMinutes),
        await formOfEvent(tx, event.id),
      ]
      const byType: DashboardTypeRow[] = types.map((r) => ({ ...r, ...attendeeTypeNames(form, r.userType) }))
      const countOf = new Map(pointCounts.map((p) => [p.pointId, p.checkedIn]))
      const byPoint: DashboardPointRow[] = points.map((p) => ({
        pointCode: p.pointCode,
        nameZh: p.nameZh,
        nameEn: p.nameEn,
        checkedIn: countOf.get(p.id) ?? 0,
      }))
      if (countOf.has(null)) byPoint.push({ pointCode: null, nameZh: '', nameEn: '', checkedIn: countOf.get(null)! })
      const sum = (k: 'registered' | 'approved' | 'checkedIn') => byType.reduce((n, r) => n + r[k], 0)
      return {
        timeZone: event.timeZone,
        bucketMinutes: DASHBOARD_RULES.bucketMinutes,
        totals: { registered: sum('registered'), approved: sum('approved'), checkedIn: sum('checkedIn') },
        byType,
        byPoint,
        arrivals: arrivalDays(buckets, DASHBOARD_RULES.bucketMinutes),
        readAt: readAt.toISOString(),
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}
