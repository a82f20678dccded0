/**
 * Login verification codes: the rules, as pure functions over the stored row, so they are
 * table-tested without a database. The service (auth/codes.ts) applies them under a row lock;
 * the send limits (resend wait, per day, per event and hour, per requester and per address) and
 * each requester's wrong answers are counted in rate_counters.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { MsgId } from '@contracts/messages'
import { AUTH_RULES } from './auth-rules'

/** the numbers live in AUTH_RULES.codes; these names are kept for readability */
export const CODE_TTL_MS = AUTH_RULES.codes.ttlMs
/** wrong answers one requester may give one code */
export const MAX_CODE_ATTEMPTS = AUTH_RULES.codes.maxAttempts
/** wrong answers from everyone together that kill a code */
export const MAX_CODE_ATTEMPTS_PER_CODE = AUTH_RULES.codes.maxAttemptsPerCode

export type CodeChannel = 'sms' | 'email'

/** The part of a login_codes row the rules look at. */
export interface CodeState {
  codeHash: string | null
  expiresAt: Date | null
  /** wrong answers from every requester together */
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
  /** attempts: the code's new count to store, a wrong answer counts (and one more for the requester) */
  | { ok: false; msgId: MsgId; attempts?: number }

/**
 * Judge a submitted code (already hashed) against the stored row. `requesterTries`: the wrong
 * answers this requester already gave this code. A requester's last try (maxAttempts) ends the
 * code for that requester only, so a stranger's guesses do not burn the code its owner holds; the
 * code's own count (maxAttemptsPerCode, everyone together) bounds the guesses one code can take.
 */
export function checkCode(state: CodeState | null, submittedHash: string, now: Date, requesterTries = 0): CheckResult {
  if (!state || !state.codeHash || !state.expiresAt) return { ok: false, msgId: 'ELOG1004' }
  if (state.attempts >= MAX_CODE_ATTEMPTS_PER_CODE || requesterTries >= MAX_CODE_ATTEMPTS) return { ok: false, msgId: 'ELOG1003' }
  if (now.getTime() >= state.expiresAt.getTime()) return { ok: false, msgId: 'ELOG1002' }
  if (!sameHash(state.codeHash, submittedHash)) {
    const attempts = state.attempts + 1
    const last = attempts >= MAX_CODE_ATTEMPTS_PER_CODE || requesterTries + 1 >= MAX_CODE_ATTEMPTS
    return { ok: false, msgId: last ? 'ELOG1003' : 'ELOG1001', attempts }
  }
  return { ok: true }
}

/** the counter of one requester's wrong answers to the current code of a destination (in codeTriesWindow) */
export const codeTriesKey = (destination: string, requester: string): string => `code-try:${destination}|${requester}`

/**
 * The window a requester's wrong answers to one code are counted in: the code's lifetime, so a
 * new code starts every requester again. A code sent again keeps its expiry, hence its window.
 */
export function codeTriesWindow(expiresAt: Date): { start: Date; end: Date } {
  return { start: new Date(expiresAt.getTime() - CODE_TTL_MS), end: expiresAt }
}

/**
 * Whether a send passes the current code on again instead of making a new one: it is live, not
 * killed by wrong answers, and has at least reuseMinLeftMs left. A stranger asking for a code for
 * someone else's number must not replace the code the owner is typing; the owner's phone gets the
 * same code again. The requester who asked starts its own tries on it again (its typos are
 * forgiven by the new message); the code's own count, everyone's together, never starts again.
 */
export function reusableCode(state: (CodeState & { codeSealed: string | null }) | null | undefined, now: Date): boolean {
  return Boolean(
    state?.codeHash &&
    state.codeSealed &&
    state.expiresAt &&
    state.attempts < MAX_CODE_ATTEMPTS_PER_CODE &&
    state.expiresAt.getTime() - now.getTime() >= AUTH_RULES.codes.reuseMinLeftMs,
  )
}

/**
 * The code itself, encrypted (AES-256-GCM, keyed by the server secret, bound to the destination),
 * so that it can be sent again. No weaker than the HMAC beside it: whoever holds the secret can
 * also try the million codes against the HMAC.
 */
export function sealCode(secret: string, destination: string, code: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv)
  cipher.setAAD(Buffer.from(destination))
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
}

/** the sealed code, or null when it does not open (another secret, another destination) */
export function openCode(secret: string, destination: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64')
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), raw.subarray(0, 12))
    decipher.setAAD(Buffer.from(destination))
    decipher.setAuthTag(raw.subarray(12, 28))
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

const sealKey = (secret: string): Buffer => createHmac('sha256', secret).update('login-code-seal').digest()

/** the mark of a requester that logged in with a code sent to this normalised address */
export const knownRequesterKey = (limitKey: string, requester: string): string => `code-known:${limitKey}|${requester}`
