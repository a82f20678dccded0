/**
 * What each kind of order does when it is paid, and the registry of those kinds the payments
 * service (payments/payments.ts) consults through `deps.payables`. The composition root (app.ts)
 * builds the registry with one entry per kind of order that takes payments, so payments imports
 * no order service and an order service may call payments freely.
 *
 * A Payable runs inside the payments service's transaction, with the payment row locked:
 * - onPaid: lock the order (SELECT … FOR UPDATE), and if it is still waiting for this money,
 *   move it on (to ticketing …) and answer 'accepted'; if it is not (cancelled, expired, paid
 *   by another payment) answer 'late': the payments service then refunds the payment in full.
 *   Never throw for "late": a thrown error rolls the notification back and WeChat sends it again.
 * - onRefunded (optional): a refund of one of its payments finished (success or abnormal); the
 *   payload is what the kind passed to requestRefund (which passengers …).
 *
 * A Payable may schedule jobs with ensureJob.
 */
import type { Tx } from '../kernel/db/client'
import type { FastifyBaseLogger } from 'fastify'
import type { PaymentRow, RefundRow } from './repositories/payments'

export interface PayableContext {
  tx: Tx
  now: Date
  log: FastifyBaseLogger
}

export const payableContext = (tx: Tx, deps: { log: FastifyBaseLogger }, now: Date): PayableContext => ({ tx, now, log: deps.log })

export interface Payable {
  onPaid(payment: PaymentRow, ctx: PayableContext): Promise<'accepted' | 'late'>
  onRefunded?(refund: RefundRow, payment: PaymentRow, ctx: PayableContext): Promise<void>
}

/** every kind of order that takes payments, by the `kind` its payments carry */
export class Payables {
  private readonly byKind = new Map<string, Payable>()

  constructor(entries: Record<string, Payable> = {}) {
    for (const [kind, payable] of Object.entries(entries)) this.register(kind, payable)
  }

  /** a kind takes payments from now on (tests add a kind of their own) */
  register(kind: string, payable: Payable): void {
    this.byKind.set(kind, payable)
  }

  of(kind: string): Payable {
    const p = this.byKind.get(kind)
    if (!p) throw new Error(`no payable registered for kind ${kind}`)
    return p
  }
}
