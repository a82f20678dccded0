/**
 * changePwd (updatePasswordWithOld): the old password is checked exactly as a login checks one
 * (auth/login.ts withPassword): the same throttle rows, keyed by the person's user name (or
 * their user code when they have none), so guessing the old password through this call is no
 * faster than through login, and the hash runs outside any transaction in the bounded hash slots.
 */
import type { ChangePasswordRequest } from '@contracts/calls/register'
import type { Deps } from '../deps'
import { addressKey } from './rules/addresses'
import { afterFailure, forgetAfter, refusal } from './rules/password-throttle'
import { hashPassword, verifyPassword } from './rules/passwords'
import { REGISTER_RULES } from '../register/rules/register-rules'
import { AppError } from '../kernel/errors'
import { SemaphoreFull } from '../kernel/cache/semaphore'
import { setPasswordHash } from '../register/repositories/register'
import { ACCOUNT, lockThrottleRows, readThrottleRows, updateThrottleRow } from './repositories/password-throttle'
import type { SessionInfo } from './sessions'

/** letters and digits, within the length of REGISTER_RULES.password */
export function newPasswordOk(pw: string): boolean {
  const { minLength, maxLength } = REGISTER_RULES.password
  return pw.length >= minLength && pw.length <= maxLength && /[A-Za-z]/.test(pw) && /\d/.test(pw)
}

export async function changePassword(
  deps: Pick<Deps, 'db' | 'now' | 'hashSlots' | 'hashWorkers' | 'metrics'>,
  session: SessionInfo,
  body: ChangePasswordRequest,
  client: { ip: string },
): Promise<null> {
  const person = session.user
  if (!person.passwordHash) throw new AppError('EREG2010')
  if (!newPasswordOk(body.newPassword)) throw new AppError('EREG2011', 200, { min: REGISTER_RULES.password.minLength, max: REGISTER_RULES.password.maxLength })
  if (body.newPassword === body.oldPassword) throw new AppError('EREG2012')
  const key = (person.userName ?? person.userCode).toLowerCase()
  const address = addressKey(client.ip)

  const before = await readThrottleRows(deps.db, key, address)
  const early = refusal(before.pair, before.account, deps.now())
  if (early) {
    deps.metrics.limiterRefusal('password_attempts')
    throw new AppError(early.msgId, 200, early.params)
  }
  const run = async <T>(f: () => Promise<T>): Promise<T> => {
    try {
      return await deps.hashSlots.run(f)
    } catch (err) {
      if (err instanceof SemaphoreFull) {
        deps.metrics.limiterRefusal('password_hash_queue')
        throw new AppError('ESYS0003')
      }
      throw err
    }
  }
  const good = await run(() => verifyPassword(body.oldPassword, person.passwordHash, deps.hashWorkers.scrypt))
  const newHash = good ? await run(() => hashPassword(body.newPassword)) : null

  const answer = await deps.db.transaction(async (tx) => {
    const now = deps.now()
    const rows = await lockThrottleRows(tx, key, address)
    const late = refusal(rows.pair, rows.account, now)
    if (late) {
      deps.metrics.limiterRefusal('password_attempts')
      return late
    }
    if (!newHash) {
      const next = afterFailure(rows.pair, rows.account, now)
      await updateThrottleRow(tx, key, address, { ...next.pair, forgetAfter: forgetAfter('pair', next.pair, now) })
      await updateThrottleRow(tx, key, ACCOUNT, { ...next.account, forgetAfter: forgetAfter('account', next.account, now) })
      // a lock or a wait is news the caller must hear; otherwise: the old password is wrong
      return next.answer.msgId === 'ELOG1005' ? { msgId: 'EREG2013' as const } : next.answer
    }
    await setPasswordHash(tx, person.id, newHash, now)
    return null
  })
  if (answer) throw new AppError(answer.msgId, 200, answer.params)
  return null
}
