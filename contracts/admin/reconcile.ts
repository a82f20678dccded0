/**
 * The travel desk's reconciliation ('orders.read', server/src/orders/desk/reconcile.ts): the
 * event's WeChat Pay payments and refunds against WeChat Pay's trade bill of each day of a range
 * (China dates), matched by out_trade_no / out_refund_no, with every difference.
 */
import { defineCall } from '../call'
import type { DeskExportFile, DeskExportFormat } from './orders'

/**
 * billOnly: on the bill, not ours (no payment or refund of ours has its number);
 * oursOnly: ours (paid, or a refund WeChat accepted) and not on the bill;
 * amount: both have it, with other amounts;
 * state: both name it, in other states (the bill took a payment we hold unpaid; we say refunded and the bill has no refund)
 */
export const RECONCILE_DIFFERENCE_KINDS = ['billOnly', 'oursOnly', 'amount', 'state'] as const
export type ReconcileDifferenceKind = (typeof RECONCILE_DIFFERENCE_KINDS)[number]

/** our states as the desk shows them: a payment's (open, paid, closed), a refund's (pending, processing, success, abnormal), or none */
export type OursState = 'open' | 'paid' | 'closed' | 'pending' | 'processing' | 'success' | 'abnormal' | 'none'

export interface ReconcileRequest {
  eventCode: string
  /** China dates 'YYYY-MM-DD', both included */
  from: string
  to: string
}

export interface ReconcileDifference {
  kind: ReconcileDifferenceKind
  /** a payment (out_trade_no) or a refund (out_refund_no) */
  entry: 'payment' | 'refund'
  /** the payment's number (out_trade_no) */
  paymentNo: string
  /** the refund's number (out_refund_no); '' for a payment */
  refundNo: string
  /** the order it pays: train or air, and its number; null / '' when not ours */
  orderKind: 'train' | 'air' | null
  orderNo: string
  /** the China date of the bill's line, else of ours */
  date: string
  oursFen: number | null
  billFen: number | null
  oursState: OursState
  /** the bill's: SUCCESS for a payment, the refund's state for a refund (SUCCESS, PROCESSING, ABNORMAL …); '' when not on it */
  billState: string
}

export interface ReconcileResult {
  from: string
  to: string
  /** payments and refunds found alike on both sides */
  matchedPayments: number
  matchedRefunds: number
  /** the event's money in the range: taken and given back, ours and the bill's */
  oursPaidFen: number
  billPaidFen: number
  oursRefundedFen: number
  billRefundedFen: number
  /** lines of the bill of other events (or of no event): left out */
  otherLines: number
  differences: ReconcileDifference[]
  /** differences beyond TRAVEL_DESK_RULES.reconcileMaxDifferences, not in the list */
  moreDifferences: number
}

export const reconcileWechatPay = defineCall<ReconcileRequest, ReconcileResult>({ path: '/api/admin/orders/reconcile', auth: 'staff' })
export const exportReconciliation = defineCall<ReconcileRequest & { format: DeskExportFormat }, DeskExportFile>({
  path: '/api/admin/orders/reconcile/export',
  auth: 'staff',
})
