/**
 * Login verification codes: the rules, as pure functions over the stored row, so they are
 * table-tested without a database. The service (auth/codes.ts) applies them under a row lock;
 * the send limits (resend wait, per day, per event and hour) are counted in rate_counters.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { MsgId } from '@contracts/messages'
import { AUTH_RULES } from './auth-rules'

/** the numbers live in AUTH_RULES.codes; these names are kept for readability */
export const CODE_TTL_MS = AUTH_RULES.codes.ttlMs
/** wrong answers that kill a code */
export const MAX_CODE_ATTEMPTS = AUTH_RULES.codes.maxAttempts

export type CodeChannel = 'sms' | 'email'

/** The part of a login_codes row the rules look at. */
export interface CodeState {
  codeHash: string | null
  expiresAt: Date | null
  attempts: number
}

/** 6 digits from a CSPRNG, leading zeros kept */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0')

/** `sms:13800138000`, `email:demo@example.com` (address lower-cased) */
export function destinationKey(channel: CodeChannel, to: string): string {
  return `${channel}:${channel === 'email' ? to.trim().toLowerCase() : to.trim()}`
}

/**
 * Only an HMAC of the code is stored, keyed by a server secret and bound to the destination:
 * with a million possible codes a plain hash would be reversed in milliseconds.
 */
export function hashCode(secret: string, destination: string, code: string): string {
  return createHmac('sha256', secret).update(`${destination}\n${code}`).digest('hex')
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

export type CheckResult =
  | { ok: true }
  /** attempts: the new counter to store (a wrong answer counts) */
  | { ok: false; msgId: MsgId; attempts?: number }

/** Judge a submitted code (already hashed) against the stored row. */
export function checkCode(state: CodeState | null, submittedHash: string, now: Date): CheckResult {
  if (!state || !state.codeHash || !state.expiresAt) return { ok: false, msgId: 'ELOG1004' }
  if (state.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, msgId: 'ELOG1003' }
  if (now.getTime() >= state.expiresAt.getTime()) return { ok: false, msgId: 'ELOG1002' }
  if (!sameHash(state.codeHash, submittedHash)) {
    const attempts = state.attempts + 1
    return { ok: false, msgId: attempts >= MAX_CODE_ATTEMPTS ? 'ELOG1003' : 'ELOG1001', attempts }
  }
  return { ok: true }
}
