/**
 * What domain code counts, and nothing of how: services get `deps.metrics` (built in app.ts by
 * kernel/metrics/prometheus.ts) and say what happened in their own words, so no domain file
 * imports the metrics library and a test can read the counts back from the app's registry.
 */
import { AppError } from '../errors'

/** the kinds of order a booking outcome is counted for */
export type BookingKind = 'train' | 'flight'

/**
 * What became of a booking request or of its tickets:
 * - booked: the order was written and holds its seats;
 * - sold_out: no seats (the railway run, the airline cabin);
 * - refused: a rule of ours refused it (policy, travellers, one ticket per person …);
 * - failed: the provider or the server failed it (not the person's fault);
 * - ticketed / ticketing_failed: the provider's answer on a paid order's tickets.
 */
export type BookingOutcome = 'booked' | 'sold_out' | 'refused' | 'failed' | 'ticketed' | 'ticketing_failed'

/**
 * What became of a payment:
 * - paid: the money counted for its order (company at once, WeChat once confirmed);
 * - late: WeChat money for an order that no longer wanted it (refunded in full);
 * - failed: WeChat Pay could not open the payment;
 * - refunded / refund_failed: a refund paid back, or one WeChat could not pay back (a person must act).
 */
export type PaymentOutcome = 'paid' | 'late' | 'failed' | 'refunded' | 'refund_failed' | 'amount_mismatch'
export type PaymentMethod = 'company' | 'wechat'

/** the outside systems whose failures are counted */
export type Provider = 'railway' | 'airline' | 'wechatpay' | 'sms' | 'email'

export interface Metrics {
  bookingOutcome(kind: BookingKind, outcome: BookingOutcome): void
  paymentOutcome(method: PaymentMethod, outcome: PaymentOutcome): void
  /** one failed call to a provider: an error, a timeout, or its answer that it cannot serve now */
  providerFailure(provider: Provider, operation: string): void
  /** a request a limit refused (`limit`: the limit's name, e.g. code_resend_wait, per_address:/api/…) */
  limiterRefusal(limit: string): void
}

/**
 * Runs one call to a provider and counts it as a failure when it throws (the error goes on to the
 * caller unchanged): for calls whose every error is the provider's, not the person's.
 */
export async function countingFailures<T>(metrics: Metrics, provider: Provider, operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (err) {
    metrics.providerFailure(provider, operation)
    throw err
  }
}

/** what a booking that threw counts as: the sold-out answers, another business refusal, or a failure */
export function refusalOutcome(err: unknown, soldOutMsgIds: readonly string[]): BookingOutcome {
  if (!(err instanceof AppError)) return 'failed'
  return soldOutMsgIds.includes(err.msgId) ? 'sold_out' : 'refused'
}
