/**
 * What a paid flight order does (the 'flight' entry of payments/payables.ts): an order still
 * waiting for payment moves to awaitingIssue and its ticketing job starts; any other is 'late'
 * (cancelled by the deadline or the attendee, or paid already) and the payments service refunds.
 * Must not import payments/payments.ts (see payables.ts). The 'flightChange' entry (a change's
 * fee) is below.
 */
import { transition } from './rules/order-machine'
import { ensureJob } from '../kernel/jobs/repository'
import { airOrderById, setAirOrderStatus } from './repositories/air'
import { airChangeById, updateAirChange } from './repositories/aftersales'
import type { Payable } from '../payments/payables'

export const AIR_TICKETING_JOB = 'air-ticketing'
/** sends a refund or change to the airline and follows it (air/aftersales.ts afterSaleJob) */
export const AIR_AFTERSALE_JOB = 'air-aftersale'

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

/**
 * What a paid change does (the 'flightChange' entry; the payment's orderId is the change's id): a
 * change still waiting for this money goes to the airline (the after-sales job sends it); any
 * other is 'late' and the payments service refunds. The order is locked before the change, as in
 * every after-sales path, so a notification and the attendee's undo cannot deadlock.
 */
export const flightChangePayable: Payable = {
  async onPaid(payment, { tx, now }) {
    const c0 = await airChangeById(tx, payment.orderId)
    if (!c0) return 'late'
    const o = (await airOrderById(tx, c0.orderId, { forUpdate: true }))!
    const c = (await airChangeById(tx, c0.id, { forUpdate: true }))!
    const next = transition(o.status, 'changePaid')
    if (c.state !== 'toBePaid' || !next || payment.amountFen !== c.dueFen) return 'late'
    await updateAirChange(tx, c.id, { state: 'processing', paidBy: payment.method })
    await setAirOrderStatus(tx, o.id, next, now, {}, `change ${c.changeNo} paid`)
    await ensureJob(tx, { kind: AIR_AFTERSALE_JOB, key: `change:${c.changeNo}`, payload: { changeNo: c.changeNo }, dueAt: now, now })
    return 'accepted'
  },
}
