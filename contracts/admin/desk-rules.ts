/**
 * Every number of the check-in desk, read alike by the console (its queue, its retries, its
 * refreshes) and the server (the sync's bounds); server/test/desk-rules.test.ts walks them at
 * their edges.
 */
const SECOND = 1000
const MINUTE = 60 * SECOND

export const DESK_RULES = {
  /** scans of one sync: a queue longer than this goes in several */
  maxScansPerSync: 200,
  /** the text of one scan (a token is 16, a user code at most 32) */
  codeMaxLength: 64,
  /**
   * a scan may say it happened this long before the snapshot it was answered from: the phone's
   * clock may be behind the server's; earlier than that is a wrong clock, not an earlier arrival
   */
  beforeSnapshotMaxMs: 10 * MINUTE,
  /** the desk refreshes its snapshot this often while online */
  refreshEveryMs: 2 * MINUTE,
  /** a failed sync is retried after this, doubled after each failure up to the most */
  retryFirstMs: 2 * SECOND,
  retryMaxMs: 60 * SECOND,
} as const

/**
 * The time a scan counts at: the phone's time, but no later than the server received it (a clock
 * ahead would push other desks' scans aside) and no earlier than its snapshot's time minus the
 * bound (a clock far behind would win over every other desk). `snapshotAt` itself is the server's
 * time echoed back, taken as no later than now.
 */
export function clampScanTime(scannedAt: Date, snapshotAt: Date, receivedAt: Date): Date {
  const floor = Math.min(snapshotAt.getTime(), receivedAt.getTime()) - DESK_RULES.beforeSnapshotMaxMs
  return new Date(Math.max(floor, Math.min(scannedAt.getTime(), receivedAt.getTime())))
}

/** the retry delay after `failures` failed syncs in a row (1 → the first delay) */
export const retryDelayMs = (failures: number): number => Math.min(DESK_RULES.retryMaxMs, DESK_RULES.retryFirstMs * 2 ** Math.max(0, failures - 1))
