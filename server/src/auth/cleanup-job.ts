/**
 * The cleanup job: deletes what has ended and is no longer needed: sessions ended (expired or
 * revoked, by logout or by the per-person cap) a week ago, code rows whose code is over, idle
 * password counters, rate counters of windows that are over, idempotency answers past their
 * retry window, and WeChat subscriptions (openids) past their keeping. Recurring, one per database
 * (a singleton row), every CLEANUP_RULES.everyMs.
 */
import { deleteIdleCodeRows } from './repositories/login-codes'
import { deleteIdleThrottleRows } from './repositories/password-throttle'
import { deleteEndedCounters } from '../kernel/limits/rate-counters'
import { deleteSessionsEndedBefore } from './repositories/sessions'
import { deleteOldIdempotencyKeys } from '../kernel/http/idempotency'
import type { JobHandler } from '../kernel/jobs/runner'
import { deleteEndedStaffSessions } from '../staff/sessions'
import { deleteSubscriptionsPastKeeping } from '../wechat/subscriptions'

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
  const codes = await deleteIdleCodeRows(tx, now)
  const throttles = await deleteIdleThrottleRows(tx, now)
  // request limits and code counters whose window (or cooldown) is over
  const counters = await deleteEndedCounters(tx, now)
  const idempotencyKeys = await deleteOldIdempotencyKeys(tx, now)
  // the organisers' console's sessions, kept as long as the attendees'
  const staffSessions = await deleteEndedStaffSessions(tx, new Date(now.getTime() - CLEANUP_RULES.keepEndedSessionsMs))
  const subscriptions = await deleteSubscriptionsPastKeeping(tx, now)
  const total = sessions + codes + throttles + counters + idempotencyKeys + staffSessions + subscriptions
  if (total > 0) log.info({ sessions, codes, throttles, counters, idempotencyKeys, staffSessions, subscriptions }, 'cleanup')
  return { nextDueAt: new Date(now.getTime() + CLEANUP_RULES.everyMs) }
}
