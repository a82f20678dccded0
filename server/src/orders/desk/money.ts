/**
 * An order's money as the desk sees it, from the payments core's rows: given back, under way, and
 * what is left to give back of the payment that paid it (refunds WeChat Pay could not pay back
 * count as not given).
 */
import type { Queryable } from '../../kernel/db/client'
import type { paymentRefunds, payments } from '../../kernel/db/schema'
import { refundableFen } from '../../payments/refunds'
import { paymentsOfOrders } from '../repositories/desk'

type PaymentRow = typeof payments.$inferSelect
type RefundRow = typeof paymentRefunds.$inferSelect

/** the payments core's name of each order kind */
export const PAYMENT_KIND = { train: 'train', air: 'flight' } as const

export interface OrderMoney {
  refundedFen: number
  refundingFen: number
  /** what the paying payment can still give back; 0 when unpaid */
  leftFen: number
  counted: PaymentRow | null
}

export function moneyOf(ps: readonly PaymentRow[], refundsOf: (paymentId: number) => readonly RefundRow[]): OrderMoney {
  let refundedFen = 0
  let refundingFen = 0
  for (const p of ps)
    for (const r of refundsOf(p.id)) {
      if (r.status === 'success') refundedFen += r.amountFen
      else if (r.status !== 'abnormal') refundingFen += r.amountFen
    }
  const counted = ps.find((p) => p.counted) ?? null
  const committed = counted
    ? refundsOf(counted.id)
        .filter((r) => r.status !== 'abnormal')
        .reduce((s, r) => s + r.amountFen, 0)
    : 0
  return { refundedFen, refundingFen, leftFen: counted ? Math.max(0, refundableFen(counted) - committed) : 0, counted }
}

export async function orderMoney(q: Queryable, kind: keyof typeof PAYMENT_KIND, orderId: number): Promise<OrderMoney> {
  const { payments: ps, refunds } = await paymentsOfOrders(q, PAYMENT_KIND[kind], [orderId])
  return moneyOf(ps, (id) => refunds.filter((r) => r.paymentId === id))
}
