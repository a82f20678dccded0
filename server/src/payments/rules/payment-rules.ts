/**
 * The numbers of payments (every kind of order), in one place. WeChat's own limits are noted
 * where they come from its documentation.
 */
export const PAYMENT_RULES = {
  /** no notification this long after a WeChat payment opened: ask WeChat (the query fallback) */
  firstQueryAfterMs: 60_000,
  /** then ask again this often while it is open */
  queryEveryMs: 60_000,
  /** after expiresAt, wait this long for a payment WeChat took at the last second before closing it */
  closeGraceMs: 2 * 60_000,
  /** a refund WeChat is processing: ask again this often */
  refundPollMs: 60_000,
  /** WeChat's limits: out_trade_no 6-32 characters, description up to 127 */
  paymentNoMax: 32,
  descriptionMax: 127,
} as const

/** a payment number: kind initial, time, random, 32 characters at most ([A-Za-z0-9] as WeChat allows) */
export function newPaymentNo(kind: string, now: Date, random: string): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14)
  return `${kind
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 4)
    .toUpperCase()}${stamp}${random}`.slice(0, PAYMENT_RULES.paymentNoMax)
}
