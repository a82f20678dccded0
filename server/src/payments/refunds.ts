/**
 * Refunds of payments of every kind of order: rows (payment_refunds) written in the transaction
 * that decides them, company ones credited at once, WeChat ones sent by the payment-refund job
 * (confirmations.ts) with the refund number making a retry harmless.
 */
import type { Queryable, Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import { ensureJob } from '../kernel/jobs/repository'
import type { WxRefund } from './wechatpay'
import { payableContext } from './payables'
import {
  insertRefund,
  paymentById,
  paymentsOfOrder,
  refundsOfPayment,
  updatePayment,
  updateRefund,
  type PaymentRow,
  type RefundRow,
} from './repositories/payments'

export const PAYMENT_REFUND_JOB = 'payment-refund'

/** why money goes back, as the payments core writes it (an order kind passes its own reasons too) */
export const REFUND_REASONS = {
  /** paid after the order stopped waiting for it (cancelled, paid otherwise) */
  late: 'late',
  /** WeChat took another amount than the order's: the order never saw this money (payment_alerts) */
  amountMismatch: 'amountMismatch',
} as const

/** the most a payment can give back: what was taken (paidFen), the asked amount for rows older than that column */
export const refundableFen = (p: PaymentRow): number => p.paidFen ?? p.amountFen

/** what refunds of a payment have given back or are giving back (those WeChat Pay could not pay back left out) */
export async function committedRefundFen(q: Queryable, p: PaymentRow): Promise<number> {
  return (await refundsOfPayment(q, p.id)).filter((x) => x.status !== 'abnormal').reduce((s, x) => s + x.amountFen, 0)
}

/**
 * Gives (part of) a payment back. Company payments are credited at once; WeChat ones are sent by
 * the payment-refund job. Inside the transaction that decides it (a cancelled order and its refund
 * commit together).
 */
export async function requestRefund(
  tx: Tx,
  deps: Pick<Deps, 'log' | 'payables' | 'metrics'>,
  p: PaymentRow,
  r: { amountFen: number; reason: string; payload: Record<string, unknown> },
  now: Date,
): Promise<RefundRow> {
  const prior = await refundsOfPayment(tx, p.id)
  const committed = await committedRefundFen(tx, p)
  if (r.amountFen < 1 || committed + r.amountFen > refundableFen(p)) throw new Error(`refund of ${r.amountFen} exceeds what is left of payment ${p.paymentNo}`)
  const refund = await insertRefund(tx, {
    paymentId: p.id,
    refundNo: `${p.paymentNo}R${prior.length + 1}`,
    amountFen: r.amountFen,
    reason: r.reason.slice(0, 80),
    status: p.method === 'company' ? 'success' : 'pending',
    payload: r.payload,
    createdAt: now,
    finishedAt: p.method === 'company' ? now : null,
  })
  if (p.method === 'company') {
    await updatePayment(tx, p.id, { refundedFen: p.refundedFen + r.amountFen, updatedAt: now })
    await deps.payables.of(p.kind).onRefunded?.(refund, p, payableContext(tx, deps, now))
    deps.metrics.paymentOutcome('company', 'refunded')
  } else {
    await ensureJob(tx, { kind: PAYMENT_REFUND_JOB, key: refund.refundNo, payload: { refundNo: refund.refundNo }, dueAt: now, now })
  }
  return refund
}

export async function finishRefund(
  tx: Tx,
  deps: Pick<Deps, 'log' | 'payables' | 'metrics'>,
  refund: RefundRow,
  w: WxRefund,
  now: Date,
): Promise<'done' | 'processing'> {
  if (refund.status === 'success' || refund.status === 'abnormal') return 'done'
  if (w.status === 'PROCESSING') {
    if (refund.status !== 'processing') await updateRefund(tx, refund.id, { status: 'processing', wechatRefundId: w.refund_id })
    return 'processing'
  }
  const p = (await paymentById(tx, refund.paymentId, { forUpdate: true }))!
  const status = w.status === 'SUCCESS' ? 'success' : 'abnormal'
  await updateRefund(tx, refund.id, { status, wechatRefundId: w.refund_id, finishedAt: now })
  deps.metrics.paymentOutcome('wechat', status === 'success' ? 'refunded' : 'refund_failed')
  if (status === 'success') await updatePayment(tx, p.id, { refundedFen: p.refundedFen + refund.amountFen, updatedAt: now })
  else deps.log.error({ refundNo: refund.refundNo, wechat: w.status }, 'WeChat Pay: refund could not be paid back (needs a person: merchant console)')
  // the order never saw money taken in a wrong amount: its kind is not told of giving it back
  if (refund.reason !== REFUND_REASONS.amountMismatch)
    await deps.payables.of(p.kind).onRefunded?.({ ...refund, status, finishedAt: now }, p, payableContext(tx, deps, now))
  return 'done'
}

/** what an order view says of its money: refunded so far, refunds under way */
export async function refundSummary(tx: Tx, kind: string, orderId: number): Promise<{ refundedFen: number; refundingFen: number }> {
  let refundedFen = 0
  let refundingFen = 0
  for (const p of await paymentsOfOrder(tx, kind, orderId)) {
    for (const r of await refundsOfPayment(tx, p.id)) {
      if (r.status === 'success') refundedFen += r.amountFen
      else if (r.status !== 'abnormal') refundingFen += r.amountFen
    }
  }
  return { refundedFen, refundingFen }
}
