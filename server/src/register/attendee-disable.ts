/**
 * Disabling an attendee at an event ('attendee.edit'): their login there is refused (ELOG1012) and
 * their live sessions there are revoked in the same transaction, so they stop working at once
 * (auth/sessions.ts also refuses a session of a disabled attendee, for a login racing this change).
 * Enabling them again lets them log in; the sessions revoked stay revoked. Each change writes an
 * audit row (attendee.disable / attendee.enable). Other events of the same person are untouched.
 */
import type { AttendeeDisabledRequest, AttendeeListItem } from '@contracts/admin/attendees'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Deps } from '../deps'
import { AppError } from '../kernel/errors'
import { recordChange } from '../audit/record'
import { revokeSessionsAt } from '../auth/sessions'
import { eventForStaff } from '../staff/access'
import type { StaffSession } from '../staff/sessions'
import { findForm } from './repositories/register'
import { attendeeListRow, lockAttendeeOfEvent, setAttendeeDisabledFlag } from './repositories/attendee-list'
import { toListItem } from './attendee-list'

export async function setAttendeeDisabled(
  deps: Pick<Deps, 'db' | 'now' | 'searchCaches'>,
  session: StaffSession,
  req: AttendeeDisabledRequest,
): Promise<AttendeeListItem> {
  const now = deps.now()
  const { item, revoked } = await deps.db.transaction(async (tx) => {
    const { event } = await eventForStaff(tx, session, req.eventCode, ROLE_PERMISSIONS['attendee.edit'])
    const row = await lockAttendeeOfEvent(tx, event.id, req.userCode)
    if (!row) throw new AppError('ESYS0004')
    // two organisers at once: the second is told, not silently agreed with
    if (row.attendee.disabled === req.disabled) throw new AppError(req.disabled ? 'EADM3050' : 'EADM3051')
    await setAttendeeDisabledFlag(tx, row.attendee.id, req.disabled)
    const gone = req.disabled ? await revokeSessionsAt(tx, { userId: row.user.id, eventId: event.id }, now) : []
    await recordChange(tx, {
      staffId: session.staff.id,
      eventId: event.id,
      action: req.disabled ? 'attendee.disable' : 'attendee.enable',
      target: row.user.userCode,
      before: { disabled: row.attendee.disabled },
      after: { disabled: req.disabled },
      at: now,
    })
    const form = await findForm(tx, event.id)
    return { item: toListItem((await attendeeListRow(tx, event.id, req.userCode))!, form), revoked: gone }
  })
  // the searches' session cache forgets them on this instance now (others within its short TTL)
  deps.searchCaches.sessionsRevoked(revoked)
  return item
}
