/**
 * Login verification codes: the rules, as pure functions over the stored row, so they are
 * table-tested without a database. The service (services/codes.ts) applies them under a row lock.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { RESEND_SECONDS } from '@contracts/validation'
import type { MsgId } from '@contracts/messages'
import { shanghaiDay } from './time'

export const CODE_TTL_MS = 10 * 60_000
/** wrong answers that kill a code */
export const MAX_CODE_ATTEMPTS = 5
export const RESEND_MS = RESEND_SECONDS * 1000
/** codes per destination per Shanghai calendar day */
export const DAILY_CODE_LIMIT = 10

export type CodeChannel = 'sms' | 'email'

/** The part of a login_codes row the rules look at. */
export interface CodeState {
  codeHash: string | null
  expiresAt: Date | null
  attempts: number
  lastSentAt: Date | null
  sendDay: string | null
  sendsToday: number
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

export type SendDecision =
  | { ok: true; next: Omit<CodeState, 'codeHash'> & { codeHash: string } }
  | { ok: false; msgId: MsgId }

/** May a new code be sent now? If so, the row as it must be stored. */
export function decideSend(state: CodeState | null, codeHash: string, now: Date): SendDecision {
  const today = shanghaiDay(now)
  const sendsToday = state && state.sendDay === today ? state.sendsToday : 0
  if (state?.lastSentAt && now.getTime() - state.lastSentAt.getTime() < RESEND_MS) {
    return { ok: false, msgId: 'ECODE1001' }
  }
  if (sendsToday >= DAILY_CODE_LIMIT) return { ok: false, msgId: 'ECODE1002' }
  return {
    ok: true,
    next: {
      codeHash,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      attempts: 0,
      lastSentAt: now,
      sendDay: today,
      sendsToday: sendsToday + 1,
    },
  }
}

/** Seconds before the next send is allowed (for the client's countdown). */
export function resendAfterSeconds(state: Pick<CodeState, 'lastSentAt'> | null, now: Date): number {
  if (!state?.lastSentAt) return 0
  return Math.max(0, Math.ceil((state.lastSentAt.getTime() + RESEND_MS - now.getTime()) / 1000))
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
