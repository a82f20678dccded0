/**
 * What each kind of order does when it is paid: the registry the payments service
 * (services/payments.ts) consults. One entry per kind, added by the slice that owns the order:
 *
 *   export const PAYABLES: Record<string, Payable> = { flight: flightPayable, train: trainPayable }
 *
 * A Payable runs inside the payments service's transaction, with the payment row locked:
 * - onPaid: lock the order (SELECT … FOR UPDATE), and if it is still waiting for this money,
 *   move it on (to ticketing …) and answer 'accepted'; if it is not (cancelled, expired, paid
 *   by another payment) answer 'late': the payments service then refunds the payment in full.
 *   Never throw for "late": a thrown error rolls the notification back and WeChat sends it again.
 * - onRefunded (optional): a refund of one of its payments finished (success or abnormal); the
 *   payload is what the kind passed to requestRefund (which passengers …).
 *
 * A Payable module must not import services/payments.ts (payments imports this registry: a
 * cycle would leave an entry undefined at load time). It may schedule jobs with ensureJob.
 */
import type { Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import type { PaymentRow, RefundRow } from './repositories/payments'
import { flightChangePayable, flightPayable } from '../air/payable'
import { trainPayable } from '../train/orders/payable'
import { trainChangePayable } from '../train/aftersales/change-payable'

export interface PayableContext {
  tx: Tx
  now: Date
  log: Deps['log']
}

export interface Payable {
  onPaid(payment: PaymentRow, ctx: PayableContext): Promise<'accepted' | 'late'>
  onRefunded?(refund: RefundRow, payment: PaymentRow, ctx: PayableContext): Promise<void>
}

/** every kind of order that takes payments; tests may add a kind of their own */
export const PAYABLES: Record<string, Payable> = {
  train: trainPayable,
  // a train change's fare difference (issue 11); the key is TRAIN_CHANGE_KIND of services/train-aftersales.ts
  trainChange: trainChangePayable,
  flight: flightPayable,
  flightChange: flightChangePayable,
}

export function payableOf(kind: string): Payable {
  const p = Object.prototype.hasOwnProperty.call(PAYABLES, kind) ? PAYABLES[kind] : undefined
  if (!p) throw new Error(`no payable registered for kind ${kind}`)
  return p
}
