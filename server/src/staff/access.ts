/**
 * The one check every console call about an event makes: the caller's role there.
 *
 * - a platform administrator may do everything at every event;
 * - a staff member without a role at the event is answered ESYS0004, exactly as for an event that
 *   does not exist: staff of one event learn nothing of another, not even that it exists;
 * - a role at the event that the action does not allow is answered ESTF2001: the caller knows the
 *   event already, and is told why they cannot.
 */
import type { StaffRole } from '@contracts/admin/roles'
import type { Queryable } from '../kernel/db/client'
import { AppError } from '../kernel/errors'
import { findEventByCode, type EventRow } from '../events/repositories/events'
import type { StaffSession } from './sessions'

/** the caller's role at the event (null: a platform administrator without one), or the refusal */
export function requireRole(session: StaffSession, eventId: number, roles: readonly StaffRole[]): StaffRole | null {
  const role = session.roles.get(eventId) ?? null
  if (session.staff.platformAdmin) return role
  if (!role) throw new AppError('ESYS0004')
  if (!roles.includes(role)) throw new AppError('ESTF2001')
  return role
}

export function requirePlatformAdmin(session: StaffSession): void {
  if (!session.staff.platformAdmin) throw new AppError('ESTF2002')
}

/** the event of a code the caller may act on with one of `roles`, and their role there */
export async function eventForStaff(
  q: Queryable,
  session: StaffSession,
  eventCode: string,
  roles: readonly StaffRole[],
): Promise<{ event: EventRow; role: StaffRole | null }> {
  const event = await findEventByCode(q, eventCode)
  if (!event) throw new AppError('ESYS0004')
  return { event, role: requireRole(session, event.id, roles) }
}
