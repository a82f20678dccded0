/**
 * Train orders as a kind of payable of the payments core (payments/payables.ts): money for a
 * train order that still waits for it starts ticketing; money that arrives for an order that no
 * longer waits (cancelled, overdue, paid otherwise: spec §4 "otherwise the user is only refunded")
 * is answered 'late', which the payments core refunds in full, and the order says so. A refund
 * that finished marks the order refunded, or the ticket refund or change it was for.
 */
import type { Payable } from '../../payments/payables'
import { isPastDeadline } from '../rules/train-rules'
import { addOrderEvent, lockOrder, updateOrder } from '../repositories/orders'
import { startTicketing } from './orders'
import { aftersaleMoneyBack } from '../aftersales/aftersales'

export const trainPayable: Payable = {
  async onPaid(payment, { tx, now }) {
    const order = await lockOrder(tx, payment.orderId)
    if (!order) return 'late'
    const payer = payment.method === 'company' ? 'company' : 'attendee'
    if (order.status !== 'toBePaid' || isPastDeadline(order.payDeadline, now) || payment.amountFen !== order.totalFen) {
      if (!order.refundState && order.status !== 'ticketing' && order.status !== 'issued') {
        await updateOrder(tx, order.id, { payer, refundState: 'refunding', refundFen: payment.amountFen, failureMsgId: 'ETRAIN1062', updatedAt: now })
        await addOrderEvent(tx, order.id, 'latePaymentRefunded', now)
      }
      return 'late'
    }
    await startTicketing(tx, order, payer, now)
    return 'accepted'
  },
  async onRefunded(refund, payment, { tx, now }) {
    if (refund.status !== 'success') return
    // a ticket refund or a change's surplus is the after-sales record's, not the order's
    if (await aftersaleMoneyBack(tx, refund.payload, now)) return
    const order = await lockOrder(tx, payment.orderId)
    if (!order || order.refundState === 'refunded') return
    await updateOrder(tx, order.id, { refundState: 'refunded', refundFen: refund.amountFen, updatedAt: now })
    await addOrderEvent(tx, order.id, 'refunded', now)
  },
}
