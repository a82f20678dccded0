/**
 * The numbers of the job runner (kernel/jobs/runner.ts), in one place and tested at their edges
 * (server/test/jobs-rules.test.ts).
 */
export const JOB_RULES = {
  /** due jobs one claim takes (the rest wait for the next claim of the same run) */
  batch: 20,
  /**
   * how long a claimed job is this instance's: another instance takes it over only once this has
   * passed, so it must outlast the slowest provider call a job makes (a WeChat Pay or airline call
   * is bounded by its own timeout of seconds). A crashed instance's jobs run again this much later.
   */
  leaseMs: 5 * 60_000,
  /** failed runs in a row after which a job stops being retried and waits for an operator (`failed_at`) */
  maxAttempts: 8,
  /** the delay before the first retry; each next one doubles it … */
  retryFirstDelayMs: 60_000,
  /** … up to this */
  retryMaxDelayMs: 60 * 60_000,
  /**
   * the shortest sleep between two runs: a job due in 3 ms is not worth a run of its own 3 ms
   * later, and clocks of two instances differ by that much anyway
   */
  minSleepMs: 50,
} as const

/** retry delay after the n-th failure in a row: 1 min, 2, 4 … capped at an hour */
export const retryDelayMs = (attempts: number): number => Math.min(JOB_RULES.retryMaxDelayMs, JOB_RULES.retryFirstDelayMs * 2 ** Math.max(0, attempts - 1))

/** whether the n-th failure in a row ends the job (failed, for an operator to retry) */
export const isFinalFailure = (attempts: number): boolean => attempts >= JOB_RULES.maxAttempts

/** how long the runner sleeps when the next job is runnable in `untilDueMs` (negative: already), at most `intervalMs` */
export const nextSleepMs = (untilDueMs: number, intervalMs: number): number => Math.min(intervalMs, Math.max(JOB_RULES.minSleepMs, untilDueMs))
