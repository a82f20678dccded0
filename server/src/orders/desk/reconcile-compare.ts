/**
 * The comparison of one event's WeChat money with the trade bill's lines, by number: a SUCCESS
 * line with our payment of its out_trade_no, a REFUND line with our refund of its out_refund_no.
 *
 * Whose a line is: the event of our payment of that out_trade_no; for a number we have no payment
 * of, the event its attach names (payments carry `event:<id>`, payments/event-attach.ts). Lines of
 * other events, or of none, are left out and only counted.
 *
 * A refund's state on the bill is WeChat's at the day's end and never updated (a PROCESSING one
 * may have succeeded since), so states differ only where one side says the money moved and the
 * other that it did not: we hold it not yet sent, or WeChat could not pay it (ABNORMAL / CLOSED)
 * while the other says SUCCESS.
 */
import type { OursState, ReconcileDifference, ReconcileResult } from '@contracts/admin/reconcile'
import { eventIdOfAttach } from '../../payments/event-attach'
import type { TradeBillRow } from '../../payments/wechatpay/trade-bill'
import type { PaymentRow, RefundRow } from '../repositories/reconcile'

export interface Ours {
  eventId: number
  /** every payment we have of a number the bill names, and the event's paid within the range */
  payments: readonly PaymentRow[]
  /** every refund of those payments */
  refunds: readonly RefundRow[]
  /** the event's paid within the range / refunds asked within it: what the bill must hold */
  paidInRange: readonly PaymentRow[]
  refundsInRange: readonly RefundRow[]
  orderOf: (paymentId: number) => { orderKind: 'train' | 'air'; orderNo: string } | undefined
  /** the China date of a time */
  dayOf: (d: Date) => string
}

export type Comparison = Omit<ReconcileResult, 'from' | 'to' | 'moreDifferences'>

const FAILED = new Set(['ABNORMAL', 'CLOSED'])
const refundStatesDiffer = (ours: RefundRow['status'], bill: string) =>
  ours === 'pending' || (ours === 'abnormal' && bill === 'SUCCESS') || (ours === 'success' && FAILED.has(bill))

export function compareWithBill(lines: readonly TradeBillRow[], ours: Ours): Comparison {
  const paymentByNo = new Map(ours.payments.map((p) => [p.paymentNo, p]))
  const paymentById = new Map(ours.payments.map((p) => [p.id, p]))
  const refundByNo = new Map(ours.refunds.map((r) => [r.refundNo, r]))
  const out: Comparison = {
    matchedPayments: 0,
    matchedRefunds: 0,
    oursPaidFen: 0,
    billPaidFen: 0,
    oursRefundedFen: 0,
    billRefundedFen: 0,
    otherLines: 0,
    differences: [],
  }
  const seenPayments = new Set<string>()
  const seenRefunds = new Set<string>()
  const differ = (d: Omit<ReconcileDifference, 'orderKind' | 'orderNo'>, payment: PaymentRow | undefined) => {
    const order = payment && ours.orderOf(payment.id)
    out.differences.push({ ...d, orderKind: order?.orderKind ?? null, orderNo: order?.orderNo ?? '' })
  }

  for (const line of lines) {
    const payment = paymentByNo.get(line.outTradeNo)
    if ((payment?.eventId ?? eventIdOfAttach(line.attach)) !== ours.eventId) {
      out.otherLines += 1
      continue
    }
    const date = line.time.slice(0, 10)
    if (line.tradeState === 'REFUND') {
      // a refund WeChat could not pay back gave nothing: counted on neither side's total
      if (line.refundStatus !== 'ABNORMAL') out.billRefundedFen += line.refundFen
      seenRefunds.add(line.outRefundNo)
      const refund = refundByNo.get(line.outRefundNo)
      const base = {
        entry: 'refund' as const,
        paymentNo: line.outTradeNo,
        refundNo: line.outRefundNo,
        date,
        billFen: line.refundFen,
        billState: line.refundStatus,
      }
      if (!refund) differ({ ...base, kind: 'billOnly', oursFen: null, oursState: 'none' }, payment)
      else if (refund.amountFen !== line.refundFen) differ({ ...base, kind: 'amount', oursFen: refund.amountFen, oursState: refund.status }, payment)
      else if (refundStatesDiffer(refund.status, line.refundStatus))
        differ({ ...base, kind: 'state', oursFen: refund.amountFen, oursState: refund.status }, payment)
      else out.matchedRefunds += 1
      continue
    }
    out.billPaidFen += line.totalFen
    seenPayments.add(line.outTradeNo)
    const base = { entry: 'payment' as const, paymentNo: line.outTradeNo, refundNo: '', date, billFen: line.totalFen, billState: line.tradeState }
    if (!payment) differ({ ...base, kind: 'billOnly', oursFen: null, oursState: 'none' }, payment)
    else if (payment.status !== 'paid') differ({ ...base, kind: 'state', oursFen: payment.amountFen, oursState: payment.status }, payment)
    else if (payment.amountFen !== line.totalFen) differ({ ...base, kind: 'amount', oursFen: payment.amountFen, oursState: payment.status }, payment)
    else out.matchedPayments += 1
  }

  for (const p of ours.paidInRange) {
    out.oursPaidFen += p.amountFen
    if (!seenPayments.has(p.paymentNo))
      differ(
        {
          kind: 'oursOnly',
          entry: 'payment',
          paymentNo: p.paymentNo,
          refundNo: '',
          date: ours.dayOf(p.paidAt!),
          oursFen: p.amountFen,
          oursState: 'paid',
          billFen: null,
          billState: '',
        },
        p,
      )
  }
  for (const r of ours.refundsInRange) {
    if (r.status !== 'abnormal') out.oursRefundedFen += r.amountFen
    // we say it was asked (and paid, or on its way): the bill has no refund of it
    if (!seenRefunds.has(r.refundNo) && r.status !== 'abnormal') {
      const payment = paymentById.get(r.paymentId)
      differ(
        {
          kind: 'state',
          entry: 'refund',
          paymentNo: payment?.paymentNo ?? '',
          refundNo: r.refundNo,
          date: ours.dayOf(r.createdAt),
          oursFen: r.amountFen,
          oursState: r.status as OursState,
          billFen: null,
          billState: '',
        },
        payment,
      )
    }
  }
  out.differences.sort((a, b) => a.date.localeCompare(b.date) || a.paymentNo.localeCompare(b.paymentNo) || a.refundNo.localeCompare(b.refundNo))
  return out
}
