/**
 * Staff login: user name and password, then the authenticator's code when the account has one.
 *
 * It runs as the attendees' password login does (auth/login.ts): wrong passwords are counted in the
 * same throttle (auth/password-attempts.ts: a pair per user name and address that locks, an account
 * count that slows down) under the staff's own key; the hash runs outside any
 * transaction on the low-priority hash workers, bounded by deps.hashSlots; then one short
 * transaction locks the throttle rows, looks again, and records the failure or creates the session.
 *
 * The authenticator step: a right password on an account with an authenticator and no code answers
 * ESTF1003 (the console then asks for the code and sends both again); a wrong or reused code counts
 * as a wrong password. A code is good once: the step it belongs to is kept under the staff row's lock.
 */
import type { StaffLoginRequest, StaffLoginResponse } from '@contracts/admin/staff'
import type { MsgId, MsgParams } from '@contracts/messages'
import type { Deps } from '../deps'
import { addressKey } from '../auth/rules/addresses'
import { checkPassword, earlyRefusal, lockAttempt } from '../auth/password-attempts'
import { AppError } from '../kernel/errors'
import { normalUserName, throttleKey } from './rules/accounts'
import { matchTotp, openSecret } from './rules/totp'
import { findStaffByUserName, lockStaff, rolesOf, updateStaff } from './repositories/staff'
import { createStaffSession } from './sessions'
import { toStaffProfile } from './profile'

type LoginDeps = Pick<Deps, 'db' | 'now' | 'config' | 'hashSlots' | 'hashWorkers' | 'metrics'>
type Outcome = { msgId: MsgId; params?: MsgParams } | { response: StaffLoginResponse }

export async function staffLogin(deps: LoginDeps, req: StaffLoginRequest, client: { ip: string }): Promise<StaffLoginResponse> {
  const outcome = await withPassword(deps, req, addressKey(client.ip))
  if ('msgId' in outcome) throw new AppError(outcome.msgId, 200, outcome.params)
  return outcome.response
}

async function withPassword(deps: LoginDeps, req: StaffLoginRequest, address: string): Promise<Outcome> {
  const key = throttleKey(req.userName)
  // 1. a locked pair or a waiting account is refused before any hash
  const early = await earlyRefusal(deps, key, address)
  if (early.refusal) {
    deps.metrics.limiterRefusal('password_attempts')
    return early.refusal
  }

  // 2. the hash, outside any transaction; an unknown user name is checked against a dummy hash
  const person = await findStaffByUserName(deps.db, normalUserName(req.userName))
  const good = await checkPassword(deps, req.password, person?.passwordHash)

  // 3. one short transaction: lock, look again, record, and (all proofs right) the session
  return deps.db.transaction(async (tx) => {
    const now = deps.now()
    const attempt = await lockAttempt(tx, key, address, now, early.known)
    if (attempt.refusal) {
      deps.metrics.limiterRefusal('password_attempts')
      return attempt.refusal
    }
    if (!good || !person) return attempt.fail()
    if (person.disabled) return { msgId: 'ESTF1011' }

    const staff = (await lockStaff(tx, person.id))!
    if (staff.totpSealed) {
      if (!req.totp) return { msgId: 'ESTF1003' }
      const secret = openSecret(deps.config.codeHashSecret, staff.totpSealed)
      const step = secret ? matchTotp(secret, req.totp, now, staff.totpLastStep) : null
      if (step === null) return attempt.fail({ msgId: 'ESTF1004' })
      await updateStaff(tx, staff.id, { totpLastStep: step })
    }

    await attempt.succeed()
    const s = await createStaffSession(tx, staff.id, now)
    return { response: { token: s.token, expiresAt: s.expiresAt.toISOString(), staff: toStaffProfile(staff, await rolesOf(tx, staff.id)) } }
  })
}
