/**
 * What a paid flight order does (the 'flight' entry of services/payables.ts): an order still
 * waiting for payment moves to awaitingIssue and its ticketing job starts; any other is 'late'
 * (cancelled by the deadline or the attendee, or paid already) and the payments service refunds.
 * Must not import services/payments.ts (see payables.ts).
 */
import { transition } from '../domain/air-order-machine'
import { ensureJob } from '../repositories/jobs'
import { airOrderById, setAirOrderStatus } from '../repositories/air'
import type { Payable } from './payables'

export const AIR_TICKETING_JOB = 'air-ticketing'

export const flightPayable: Payable = {
  async onPaid(payment, { tx, now }) {
    const order = await airOrderById(tx, payment.orderId, { forUpdate: true })
    const next = order ? transition(order.status, 'paid') : null
    if (!order || !next || payment.amountFen !== order.totalFen) return 'late'
    await setAirOrderStatus(tx, order.id, next, now, { paidBy: payment.method, paidAt: payment.paidAt ?? now })
    await ensureJob(tx, { kind: AIR_TICKETING_JOB, key: String(order.id), payload: { orderId: order.id }, dueAt: now, now })
    return 'accepted'
  },
}
