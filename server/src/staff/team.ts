/**
 * Making staff: the platform administrator creates accounts and gives any role at any event; an
 * owner gives the roles below owner at their own event (contracts/admin/roles.ts 'staff.grant').
 */
import type { EventStaffMember, NewStaff, RoleGrant } from '@contracts/admin/staff'
import { ROLE_PERMISSIONS, type StaffRole } from '@contracts/admin/roles'
import type { Deps } from '../deps'
import { hashPassword } from '../auth/rules/passwords'
import { AppError } from '../kernel/errors'
import { recordChange } from '../audit/record'
import { STAFF_RULES } from './rules/staff-rules'
import { USER_NAME, normalUserName, passwordIsStrong } from './rules/accounts'
import { findStaffByUserName, insertStaff, removeRole, roleAt, setRole, staffAt } from './repositories/staff'
import { eventForStaff, requirePlatformAdmin } from './access'
import type { StaffSession } from './sessions'

export async function createStaffAccount(deps: Pick<Deps, 'db' | 'now'>, session: StaffSession, req: NewStaff): Promise<null> {
  requirePlatformAdmin(session)
  if (!passwordIsStrong(req.password)) throw new AppError('ESTF1006', 200, { min: STAFF_RULES.passwords.minLength })
  const userName = normalUserName(req.userName)
  const passwordHash = await hashPassword(req.password)
  await deps.db.transaction(async (tx) => {
    const now = deps.now()
    const id = await insertStaff(tx, { userName, name: req.name, passwordHash, platformAdmin: false, createdAt: now, updatedAt: now })
    if (id === null) throw new AppError('ESTF2004')
    await recordChange(tx, {
      staffId: session.staff.id,
      eventId: null,
      action: 'staff.create',
      target: userName,
      before: null,
      after: { userName, name: req.name },
      at: now,
    })
  })
  return null
}

/** the event's staff, for those who give its roles */
export async function eventStaff(deps: Pick<Deps, 'db'>, session: StaffSession, eventCode: string): Promise<EventStaffMember[]> {
  const { event } = await eventForStaff(deps.db, session, eventCode, ROLE_PERMISSIONS['staff.grant'])
  return (await staffAt(deps.db, event.id)).map((s) => ({ userName: s.userName, name: s.name, role: s.role as StaffRole, disabled: s.disabled }))
}

export async function grantRole(deps: Pick<Deps, 'db' | 'now'>, session: StaffSession, req: RoleGrant): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now()
    const { event } = await eventForStaff(tx, session, req.eventCode, ROLE_PERMISSIONS['staff.grant'])
    const person = await findStaffByUserName(tx, normalUserName(req.userName))
    if (!person) throw new AppError('ESTF2007')
    const before = await roleAt(tx, person.id, event.id)
    // owners are made (and unmade) by the platform administrator only
    if (!session.staff.platformAdmin && (req.role === 'owner' || before === 'owner')) throw new AppError('ESTF2001')
    if (req.role) await setRole(tx, { staffId: person.id, eventId: event.id, role: req.role, now })
    else await removeRole(tx, person.id, event.id)
    await recordChange(tx, {
      staffId: session.staff.id,
      eventId: event.id,
      action: 'staff.grant',
      target: person.userName,
      before: { role: before },
      after: { role: req.role },
      at: now,
    })
  })
  return null
}

/**
 * The first platform administrator of a database (`npm run staff -- admin`, server/src/staff/cli.ts):
 * production seeds no one, so someone at the server's command line makes the first account. Its
 * audit entry names the new account as its own author.
 */
export async function createPlatformAdmin(deps: Pick<Deps, 'db' | 'now'>, req: NewStaff): Promise<void> {
  const userName = normalUserName(req.userName)
  if (!USER_NAME.test(userName)) throw new AppError('ESTF2003')
  if (!req.name.trim()) throw new AppError('ESTF2005')
  if (!passwordIsStrong(req.password)) throw new AppError('ESTF1006', 200, { min: STAFF_RULES.passwords.minLength })
  const passwordHash = await hashPassword(req.password)
  await deps.db.transaction(async (tx) => {
    const now = deps.now()
    const id = await insertStaff(tx, { userName, name: req.name.trim(), passwordHash, platformAdmin: true, createdAt: now, updatedAt: now })
    if (id === null) throw new AppError('ESTF2004')
    await recordChange(tx, {
      staffId: id,
      eventId: null,
      action: 'staff.create',
      target: userName,
      before: null,
      after: { userName, name: req.name.trim(), platformAdmin: true },
      at: now,
    })
  })
}
