/**
 * The desk's snapshot (contracts/admin/desk.ts getDeskSnapshot): everything a desk needs to answer
 * a scan by itself. Every approved attendee without an attendance code gets one first, through
 * the attendee app's own insert-if-absent, so every valid code is in the list whether or not its
 * attendee ever opened the app. One answer, not pages: 10,000 attendees and 5,000 check-ins are
 * 2.5 MB of JSON (260 KB gzipped by a proxy; docs/console.md), read every few minutes by each desk.
 */
import type { DeskSnapshot } from '@contracts/admin/desk'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Deps } from '../../deps'
import { eventForStaff } from '../../staff/access'
import type { StaffSession } from '../../staff/sessions'
import { formOfEvent } from '../../register/form'
import { attendeeTypeNames } from '../../register/rules/listed-attendee'
import { newAttendanceToken } from '../rules/checkin-sign'
import { insertAttendanceCodeIfAbsent, listPoints } from '../repositories/eventday'
import { approvedWithoutCode, deskAttendeeRows, eventCheckins } from '../repositories/desk'

/** codes issued by one insert */
const ISSUE_BATCH = 1000

export async function deskSnapshot(deps: Pick<Deps, 'db' | 'now'>, session: StaffSession, eventCode: string): Promise<DeskSnapshot> {
  const { event } = await eventForStaff(deps.db, session, eventCode, ROLE_PERMISSIONS['checkin.desk'])
  // taken before the reads: a check-in committed while they run is after this time, never lost between
  const takenAt = deps.now()
  const missing = await approvedWithoutCode(deps.db, event.id)
  for (let i = 0; i < missing.length; i += ISSUE_BATCH) {
    const rows = missing.slice(i, i + ISSUE_BATCH).map((userId) => ({ eventId: event.id, userId, token: newAttendanceToken(), issuedAt: takenAt }))
    await insertAttendanceCodeIfAbsent(deps.db, rows)
  }
  const [points, people, checkins, form] = await Promise.all([
    listPoints(deps.db, event.id),
    deskAttendeeRows(deps.db, event.id),
    eventCheckins(deps.db, event.id),
    formOfEvent(deps.db, event.id),
  ])
  return {
    takenAt: takenAt.toISOString(),
    timeZone: event.timeZone,
    points: points.map((p) => ({ pointCode: p.pointCode, nameZh: p.nameZh, nameEn: p.nameEn })),
    attendees: people.map((r) => ({
      userCode: r.userCode,
      name: r.name,
      mobile: r.mobile ?? '',
      company: r.company ?? '',
      ...attendeeTypeNames(form, r.userType),
      tableNo: r.tableNo ?? '',
      hasPhoto: r.hasPhoto !== null,
      token: r.token,
    })),
    checkins: checkins.map((c) => ({ userCode: c.userCode, at: c.at.toISOString(), pointCode: c.pointCode })),
  }
}
