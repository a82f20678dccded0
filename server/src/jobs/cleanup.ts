/**
 * The cleanup job: deletes what has ended and is no longer needed. Recurring, one per database
 * (a singleton row), every CLEANUP_RULES.everyMs.
 */
import { PASSWORD_WINDOW_MS } from '../domain/password-throttle'
import { startOfShanghaiDay } from '../domain/time'
import { deleteIdleCodeRows } from '../repositories/login-codes'
import { deleteIdleThrottleRows } from '../repositories/password-throttle'
import { deleteSessionsEndedBefore } from '../repositories/sessions'
import type { JobHandler } from './runner'

export const CLEANUP_JOB = { kind: 'cleanup', key: 'cleanup' } as const

export const CLEANUP_RULES = {
  everyMs: 60 * 60_000,
  /**
   * an ended session is kept this long so its token still answers "expired" (EAUT0004, "log in
   * again") rather than "unknown" when a phone comes back after days offline
   */
  keepEndedSessionsMs: 7 * 24 * 3600_000,
}

export const cleanup: JobHandler = async ({ tx, now, log }) => {
  const sessions = await deleteSessionsEndedBefore(tx, new Date(now.getTime() - CLEANUP_RULES.keepEndedSessionsMs))
  // a code row's counters only matter on the day of its last send (daily limit, resend wait)
  const codes = await deleteIdleCodeRows(tx, now, startOfShanghaiDay(now))
  const throttles = await deleteIdleThrottleRows(tx, now, new Date(now.getTime() - PASSWORD_WINDOW_MS))
  if (sessions + codes + throttles > 0) log.info({ sessions, codes, throttles }, 'cleanup')
  return { nextDueAt: new Date(now.getTime() + CLEANUP_RULES.everyMs) }
}
