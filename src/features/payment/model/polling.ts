/**
 * Waiting for the server to confirm a payment: the order's state is read again with a growing
 * pause, so a phone on a bad venue network is not hammered and a quick confirmation still shows
 * within a second or two.
 */
export const PAYMENT_POLL = {
  /** first read this soon after the cashier closed (WeChat notifies the server within seconds) */
  firstDelayMs: 1000,
  /** each pause is this much longer than the one before … */
  factor: 1.6,
  /** … up to this */
  maxDelayMs: 8000,
  /**
   * after the cashier said "paid", give up waiting after this long and offer "check again"
   * (the server's query job settles the payment even without a notification)
   */
  confirmTimeoutMs: 60_000,
  /** a QR code is watched this long at most (WeChat's Native code_url itself lives 2 hours) */
  qrWatchMs: 15 * 60_000,
} as const

/** the pause before read number `attempt` (0-based) */
export function pollDelay(attempt: number): number {
  const d = PAYMENT_POLL.firstDelayMs * Math.pow(PAYMENT_POLL.factor, Math.max(0, attempt))
  return Math.min(PAYMENT_POLL.maxDelayMs, Math.round(d))
}
