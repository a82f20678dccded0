/**
 * Wrong passwords, counted twice (numbers in auth-rules.ts AUTH_RULES.password):
 *
 *  - per user name AND client address (the "pair"): pairMaxFailures wrong passwords within
 *    pairWindowMs lock that user name for that address only, for pairLockMs (ELOG1006). An
 *    attacker at one address is stopped; the owner at another address is not.
 *  - per user name from every address (the "account"): accountFreeFailures within accountWindowMs
 *    cost nothing; after that each try must wait, from the last failure, a delay that doubles from
 *    accountFirstDelayMs up to accountMaxDelayMs (ELOG1011 "wait N seconds"). Many addresses
 *    guessing together are slowed to one guess per accountMaxDelayMs; the owner waits at most
 *    that long, and code login is never affected.
 *
 * A success clears the pair (the owner's own typos) but not the account: the owner logging in must
 * not give an attacker elsewhere a fresh set of free guesses.
 *
 * An address the account logged in from within knownAddressMs is spared the account's delay: a
 * guesser on rotating addresses (one wrong password every half second, each from a new address)
 * keeps the delay running for everyone else, and the owner at home or on their phone's network
 * must still get in. The guesser gains nothing from it: on a known address it is held by the pair
 * lock, the same as the owner's typos, and its failures still count for the account. An address
 * never used before waits like the guesser (code login is open to it).
 */
import type { MsgId, MsgParams } from '@contracts/messages'
import { AUTH_RULES } from './auth-rules'

const R = AUTH_RULES.password
const MINUTE = 60_000

export interface ThrottleState {
  failures: number
  windowStart: Date | null
  lockedUntil: Date | null
  lastFailureAt: Date | null
}

export const CLEAR: ThrottleState = { failures: 0, windowStart: null, lockedUntil: null, lastFailureAt: null }

export interface Refusal {
  msgId: MsgId
  params?: MsgParams
}

const ms = (d: Date | null | undefined): number => d?.getTime() ?? 0
const minutesLeft = (leftMs: number): number => Math.max(1, Math.ceil(leftMs / MINUTE))

/** milliseconds before this pair may try again (0: it may) */
export function pairLockedMs(pair: ThrottleState | null | undefined, now: Date): number {
  return Math.max(0, ms(pair?.lockedUntil) - now.getTime())
}

/** the wait the account imposes after `failures` wrong passwords within its window */
export function accountDelayMs(failures: number): number {
  const over = failures - R.accountFreeFailures
  if (over <= 0) return 0
  // 2^(over-1) grows past any delay quickly: stop doubling once the cap is reached
  return Math.min(R.accountMaxDelayMs, R.accountFirstDelayMs * 2 ** Math.min(over - 1, 30))
}

/** milliseconds before the account accepts another try (0: it does) */
export function accountWaitMs(account: ThrottleState | null | undefined, now: Date): number {
  if (!account?.lastFailureAt) return 0
  return Math.max(0, account.lastFailureAt.getTime() + accountDelayMs(account.failures) - now.getTime())
}

/**
 * Why a try is refused before its password is even looked at, or null (`knownAddress`: the
 * account logged in from this address within knownAddressMs, which skips the account's delay). Asked twice: before the
 * hash (a cheap refusal, no lock) and again under the rows' lock after it, since failures from
 * parallel tries may have landed meanwhile: a try that the lock or the delay now covers gets the
 * refusal, whatever its password, so parallel guessing learns nothing past the limit.
 */
export function refusal(pair: ThrottleState | null | undefined, account: ThrottleState | null | undefined, now: Date, knownAddress = false): Refusal | null {
  const locked = pairLockedMs(pair, now)
  if (locked > 0) return { msgId: 'ELOG1006', params: { minutes: minutesLeft(locked) } }
  if (knownAddress) return null
  const wait = accountWaitMs(account, now)
  if (wait > 0) return { msgId: 'ELOG1011', params: { seconds: Math.ceil(wait / 1000) } }
  return null
}

const fresh = (s: ThrottleState | null | undefined, now: Date, windowMs: number): boolean =>
  !s?.windowStart || now.getTime() - s.windowStart.getTime() >= windowMs

/** both rows after a wrong password (or a wrong ID number / visiting code / room number), and the answer */
export function afterFailure(
  pair: ThrottleState | null | undefined,
  account: ThrottleState | null | undefined,
  now: Date,
): { pair: ThrottleState; account: ThrottleState; answer: Refusal } {
  const accountNext: ThrottleState = fresh(account, now, R.accountWindowMs)
    ? { failures: 1, windowStart: now, lockedUntil: null, lastFailureAt: now }
    : { ...account!, failures: account!.failures + 1, lastFailureAt: now }

  const pairFailures = (fresh(pair, now, R.pairWindowMs) ? 0 : pair!.failures) + 1
  if (pairFailures >= R.pairMaxFailures) {
    return {
      pair: { failures: 0, windowStart: null, lockedUntil: new Date(now.getTime() + R.pairLockMs), lastFailureAt: now },
      account: accountNext,
      answer: { msgId: 'ELOG1006', params: { minutes: minutesLeft(R.pairLockMs) } },
    }
  }
  const windowStart = fresh(pair, now, R.pairWindowMs) ? now : pair!.windowStart
  return {
    pair: { failures: pairFailures, windowStart, lockedUntil: null, lastFailureAt: now },
    account: accountNext,
    answer: { msgId: 'ELOG1005' },
  }
}

/** whether a pair row holds anything a success must clear */
export const pairIsClear = (pair: ThrottleState | null | undefined): boolean => !pair || (pair.failures === 0 && !pair.lockedUntil)

/**
 * After this moment a row no longer changes any answer (its window is over, its lock or delay has
 * passed): the cleanup job deletes it.
 */
export function forgetAfter(kind: 'pair' | 'account', s: ThrottleState, now: Date): Date {
  const windowEnd = s.windowStart ? s.windowStart.getTime() + (kind === 'pair' ? R.pairWindowMs : R.accountWindowMs) : 0
  const waitEnd = kind === 'pair' ? ms(s.lockedUntil) : ms(s.lastFailureAt) + accountDelayMs(s.failures)
  return new Date(Math.max(now.getTime(), windowEnd, waitEnd))
}

/** the mark of an address the account logged in from (kernel/limits/rate-counters.ts setMark) */
export const knownAddressKey = (userNameKey: string, address: string): string => `pw-known:${userNameKey}|${address}`
