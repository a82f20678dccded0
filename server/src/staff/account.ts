/**
 * A staff member's own account: password change and the authenticator. Each change is recorded in
 * the audit log, in its transaction (audit/record.ts); secrets and hashes never are.
 */
import type { StaffPasswordChange, TotpEnrolment } from '@contracts/admin/staff'
import type { Deps } from '../deps'
import { hashPassword } from '../auth/rules/passwords'
import { checkPassword } from '../auth/password-attempts'
import { AppError } from '../kernel/errors'
import { SemaphoreFull } from '../kernel/cache/semaphore'
import { recordChange } from '../audit/record'
import { STAFF_RULES } from './rules/staff-rules'
import { passwordIsStrong } from './rules/accounts'
import { matchTotp, newTotpSecret, openSecret, sealSecret, totpUri } from './rules/totp'
import { lockStaff, updateStaff } from './repositories/staff'
import { revokeOtherStaffSessions } from './repositories/sessions'
import type { StaffSession } from './sessions'

type AccountDeps = Pick<Deps, 'db' | 'now' | 'config' | 'hashSlots' | 'hashWorkers' | 'metrics'>

/** a new hash in one of the hash slots, as a check is (ESYS0003 when they are full) */
async function hashInSlot(deps: Pick<Deps, 'hashSlots' | 'metrics'>, password: string): Promise<string> {
  try {
    return await deps.hashSlots.run(() => hashPassword(password))
  } catch (err) {
    if (err instanceof SemaphoreFull) {
      deps.metrics.limiterRefusal('password_hash_queue')
      throw new AppError('ESYS0003')
    }
    throw err
  }
}

export async function changePassword(deps: AccountDeps, session: StaffSession, req: StaffPasswordChange): Promise<null> {
  if (!passwordIsStrong(req.newPassword)) throw new AppError('ESTF1006', 200, { min: STAFF_RULES.passwords.minLength })
  if (req.newPassword === req.oldPassword) throw new AppError('ESTF1007')
  // both hashes outside the transaction, as at login
  if (!(await checkPassword(deps, req.oldPassword, session.staff.passwordHash))) throw new AppError('ESTF1005')
  const hash = await hashInSlot(deps, req.newPassword)
  await deps.db.transaction(async (tx) => {
    const now = deps.now()
    const row = (await lockStaff(tx, session.staff.id))!
    // changed meanwhile by another of the person's sessions: the old password given is no longer theirs
    if (row.passwordHash !== session.staff.passwordHash) throw new AppError('ESTF1005')
    await updateStaff(tx, row.id, { passwordHash: hash, updatedAt: now })
    await revokeOtherStaffSessions(tx, row.id, session.sessionId, now)
    await recordChange(tx, { staffId: row.id, eventId: null, action: 'staff.password', target: row.userName, before: null, after: null, at: now })
  })
  return null
}

export async function beginTotp(deps: AccountDeps, session: StaffSession): Promise<TotpEnrolment> {
  if (session.staff.totpSealed) throw new AppError('ESTF1008')
  const secret = newTotpSecret()
  await updateStaff(deps.db, session.staff.id, { totpPendingSealed: sealSecret(deps.config.codeHashSecret, secret), updatedAt: deps.now() })
  return { secret, uri: totpUri(secret, session.staff.userName) }
}

export async function confirmTotp(deps: AccountDeps, session: StaffSession, code: string): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now()
    const row = (await lockStaff(tx, session.staff.id))!
    if (row.totpSealed) throw new AppError('ESTF1008')
    const secret = row.totpPendingSealed ? openSecret(deps.config.codeHashSecret, row.totpPendingSealed) : null
    if (!secret) throw new AppError('ESTF1009')
    const step = matchTotp(secret, code, now, null)
    if (step === null) throw new AppError('ESTF1004')
    await updateStaff(tx, row.id, { totpSealed: row.totpPendingSealed, totpPendingSealed: null, totpLastStep: step, updatedAt: now })
    await recordChange(tx, {
      staffId: row.id,
      eventId: null,
      action: 'staff.totp.on',
      target: row.userName,
      before: { totpEnabled: false },
      after: { totpEnabled: true },
      at: now,
    })
  })
  return null
}

export async function disableTotp(deps: AccountDeps, session: StaffSession, code: string): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now()
    const row = (await lockStaff(tx, session.staff.id))!
    const secret = row.totpSealed ? openSecret(deps.config.codeHashSecret, row.totpSealed) : null
    if (!secret) throw new AppError('ESTF1010')
    if (matchTotp(secret, code, now, row.totpLastStep) === null) throw new AppError('ESTF1004')
    await updateStaff(tx, row.id, { totpSealed: null, totpPendingSealed: null, totpLastStep: null, updatedAt: now })
    await recordChange(tx, {
      staffId: row.id,
      eventId: null,
      action: 'staff.totp.off',
      target: row.userName,
      before: { totpEnabled: true },
      after: { totpEnabled: false },
      at: now,
    })
  })
  return null
}
