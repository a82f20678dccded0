/**
 * Wrong-password lock: 5 wrong passwords within 15 minutes lock the user name for 15 minutes
 * (ELOG1006), even for the right password, so guessing cannot continue at full speed.
 */
import type { MsgId } from '@contracts/messages'

export const MAX_PASSWORD_FAILURES = 5
export const PASSWORD_WINDOW_MS = 15 * 60_000
export const PASSWORD_LOCK_MS = 15 * 60_000

export interface ThrottleState {
  failures: number
  windowStart: Date | null
  lockedUntil: Date | null
}

export function isLocked(s: ThrottleState | null, now: Date): boolean {
  return !!s?.lockedUntil && now.getTime() < s.lockedUntil.getTime()
}

/** State after a wrong password, and the msgId to answer. */
export function afterFailure(s: ThrottleState | null, now: Date): { next: ThrottleState; msgId: MsgId } {
  const fresh = !s?.windowStart || now.getTime() - s.windowStart.getTime() >= PASSWORD_WINDOW_MS
  const failures = (fresh ? 0 : s!.failures) + 1
  const windowStart = fresh ? now : s!.windowStart
  if (failures >= MAX_PASSWORD_FAILURES) {
    return {
      next: { failures: 0, windowStart: null, lockedUntil: new Date(now.getTime() + PASSWORD_LOCK_MS) },
      msgId: 'ELOG1006',
    }
  }
  return { next: { failures, windowStart, lockedUntil: null }, msgId: 'ELOG1005' }
}

export const afterSuccess = (): ThrottleState => ({ failures: 0, windowStart: null, lockedUntil: null })
