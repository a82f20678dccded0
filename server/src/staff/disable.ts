/**
 * Disabling a staff account (platform administrator only): the account's live sessions are revoked
 * in the same transaction, so they end at once, and its login is refused (ESTF1011, staff/login.ts);
 * the session check refuses a disabled account too (staff/sessions.ts), for a login racing this
 * change. Enabling restores the login; the sessions revoked stay revoked. No one disables their own
 * account: a platform administrator could otherwise lock the last one out. Audit: staff.disable /
 * staff.enable (a change to the state it already has records nothing).
 */
import type { StaffDisabledRequest } from '@contracts/admin/staff'
import type { Deps } from '../deps'
import { AppError } from '../kernel/errors'
import { recordChange } from '../audit/record'
import { normalUserName } from './rules/accounts'
import { findStaffByUserName, lockStaff, updateStaff } from './repositories/staff'
import { revokeStaffSessionsBeyond } from './repositories/sessions'
import { requirePlatformAdmin } from './access'
import type { StaffSession } from './sessions'

export async function setStaffDisabled(deps: Pick<Deps, 'db' | 'now'>, session: StaffSession, req: StaffDisabledRequest): Promise<null> {
  requirePlatformAdmin(session)
  await deps.db.transaction(async (tx) => {
    const now = deps.now()
    const found = await findStaffByUserName(tx, normalUserName(req.userName))
    if (!found) throw new AppError('ESTF2007')
    if (found.id === session.staff.id) throw new AppError('ESTF2008')
    const person = (await lockStaff(tx, found.id))!
    await updateStaff(tx, person.id, { disabled: req.disabled, updatedAt: now })
    if (req.disabled) await revokeStaffSessionsBeyond(tx, person.id, 0, now)
    await recordChange(tx, {
      staffId: session.staff.id,
      eventId: null,
      action: req.disabled ? 'staff.disable' : 'staff.enable',
      target: person.userName,
      before: { disabled: person.disabled },
      after: { disabled: req.disabled },
      at: now,
    })
  })
  return null
}
