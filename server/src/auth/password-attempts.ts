/**
 * The wrong-password throttle around a password check (rules: rules/password-throttle.ts, numbers:
 * AUTH_RULES.password), for every password login: the attendees' (login.ts) and the staff's
 * (staff/login.ts), each under its own user-name key.
 *
 *   1. `earlyRefusal`: a locked pair or a waiting account is refused before any hash (one read, no
 *      lock); an address the account logged in from lately is spared the account's wait;
 *   2. `checkPassword`: the hash, outside any transaction, in one of the hash slots;
 *   3. `lockAttempt` in the caller's transaction: the rows locked and looked at again (parallel
 *      failures may have landed while it hashed), then `fail` or `succeed` records the outcome.
 */
import type { MsgId } from '@contracts/messages'
import type { Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import { hasMark, setMark } from '../kernel/limits/rate-counters'
import { AppError } from '../kernel/errors'
import { SemaphoreFull } from '../kernel/cache/semaphore'
import { verifyPassword } from './rules/passwords'
import { AUTH_RULES } from './rules/auth-rules'
import { CLEAR, afterFailure, forgetAfter, knownAddressKey, pairIsClear, refusal, type Refusal } from './rules/password-throttle'
import { ACCOUNT, lockThrottleRows, readThrottleRows, updateThrottleRow } from './repositories/password-throttle'

export interface PasswordAttempt {
  /** the refusal the locked rows give now (a lock or a wait), or null */
  refusal: Refusal | null
  /** records a wrong password (or proof): the pair's lock is news the caller must hear, otherwise `answer`, otherwise ELOG1005 */
  fail(answer?: { msgId: MsgId }): Promise<Refusal>
  /** records a success: the owner's own typos are forgiven (the account's count is not), the address is known */
  succeed(): Promise<void>
}

export async function earlyRefusal(deps: Pick<Deps, 'db' | 'now'>, key: string, address: string): Promise<{ known: boolean; refusal: Refusal | null }> {
  const known = await hasMark(deps.db, knownAddressKey(key, address), deps.now())
  const rows = await readThrottleRows(deps.db, key, address)
  return { known, refusal: refusal(rows.pair, rows.account, deps.now(), known) }
}

export async function lockAttempt(tx: Tx, key: string, address: string, now: Date, known: boolean): Promise<PasswordAttempt> {
  const rows = await lockThrottleRows(tx, key, address)
  return {
    refusal: refusal(rows.pair, rows.account, now, known),
    async fail(answer) {
      const next = afterFailure(rows.pair, rows.account, now)
      await updateThrottleRow(tx, key, address, { ...next.pair, forgetAfter: forgetAfter('pair', next.pair, now) })
      await updateThrottleRow(tx, key, ACCOUNT, { ...next.account, forgetAfter: forgetAfter('account', next.account, now) })
      return next.answer.msgId === 'ELOG1006' || !answer ? next.answer : answer
    },
    async succeed() {
      if (!pairIsClear(rows.pair)) await updateThrottleRow(tx, key, address, { ...CLEAR, forgetAfter: now })
      await setMark(tx, knownAddressKey(key, address), new Date(now.getTime() + AUTH_RULES.password.knownAddressMs))
    },
  }
}

/**
 * Whether the password matches the stored hash (an unknown user's null is checked against a dummy
 * hash: same answer, same work, same wait for a slot), on the low-priority hash workers, bounded
 * by the hash slots: a full queue answers ESYS0003.
 */
export async function checkPassword(
  deps: Pick<Deps, 'hashSlots' | 'hashWorkers' | 'metrics'>,
  password: string,
  stored: string | null | undefined,
): Promise<boolean> {
  try {
    return await deps.hashSlots.run(() => verifyPassword(password, stored, deps.hashWorkers.scrypt))
  } catch (err) {
    if (err instanceof SemaphoreFull) {
      deps.metrics.limiterRefusal('password_hash_queue')
      throw new AppError('ESYS0003')
    }
    throw err
  }
}
