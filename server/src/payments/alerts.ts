/**
 * Payments a person must look at (payment_alerts). WeChat reporting a paid transaction of ours in
 * another amount than the order's is not the order being paid: the money is recorded as taken
 * (paidFen), refunded in full at once through the refund job, the order left waiting for its own
 * amount, and an alert raised: an error-level log line with a stable message and a row an operator
 * (and the travel desk's console) lists, until they resolve it. The notification itself is
 * acknowledged, so WeChat stops sending it: answering 400 only makes it retry for a day while the
 * money sits there.
 */
import type { Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import type { AppDb } from '../kernel/db/client'
import { REFUND_REASONS, requestRefund } from './refunds'
import type { PaymentRow } from './repositories/payments'
import { alertsWithPayments, countPaymentsWithOpenAlerts, insertAlert, resolveAlert } from './repositories/alerts'

/** the log line's message: alerting rules match on it, so it does not change */
export const AMOUNT_MISMATCH_LOG = 'WeChat Pay: payment amount differs from the order: refunded and flagged'

/**
 * A paid WeChat payment whose amount (paid.paidFen, what WeChat took) is not the order's
 * (paid.amountFen): flagged and refunded in full. Inside settle()'s transaction, the payment row
 * locked and already marked paid (not counted); once per payment, however often it is reported.
 */
export async function flagAmountMismatch(
  tx: Tx,
  deps: Pick<Deps, 'log' | 'payables' | 'metrics'>,
  paid: PaymentRow,
  notificationId: string | null,
  now: Date,
): Promise<void> {
  const receivedFen = paid.paidFen!
  const alert = await insertAlert(tx, {
    paymentId: paid.id,
    kind: 'amountMismatch',
    expectedFen: paid.amountFen,
    receivedFen,
    transactionId: paid.transactionId,
    notificationId,
    raisedAt: now,
  })
  if (!alert) return
  deps.log.error(
    {
      alert: 'paymentAmountMismatch',
      alertId: alert.id,
      paymentNo: paid.paymentNo,
      kind: paid.kind,
      orderId: paid.orderId,
      expectedFen: paid.amountFen,
      receivedFen,
      transactionId: paid.transactionId,
      notificationId,
    },
    AMOUNT_MISMATCH_LOG,
  )
  deps.metrics.paymentOutcome('wechat', 'amount_mismatch')
  await requestRefund(tx, deps, paid, { amountFen: receivedFen, reason: REFUND_REASONS.amountMismatch, payload: {} }, now)
}

/** the alerts an operator looks at (open: not yet resolved), oldest first, with their payment and how much is back */
export const listPaymentAlerts = (db: AppDb, opts: { open: boolean } = { open: true }) => alertsWithPayments(db, opts)

/**
 * How many payments have an alert not yet resolved: what a monitoring gauge reads at scrape time
 * (one indexed count, no state kept in the process).
 */
export const countFlaggedPayments = (db: AppDb): Promise<number> => countPaymentsWithOpenAlerts(db)

/** an operator has looked at an alert: it leaves the open list with their note; false if none such was open */
export const resolvePaymentAlert = (db: AppDb, id: number, note: string, now: Date): Promise<boolean> => resolveAlert(db, id, note.slice(0, 500), now)
