/**
 * The desk's refund of an order, through the attendee's own refund of its kind and under its rules:
 *
 * - tickets still valid (issued or changed) go back through the railway's or the airline's refund,
 *   voluntary, every such passenger of the order, at the estimate the attendee would be shown;
 * - an order whose ticketing failed gives back what is left of its payment: its automatic refund
 *   may have been refused by WeChat Pay (`abnormal`), and the desk gives it again.
 *
 * A refund already under way is refused (EADM7405); nothing left to give back, EADM7402.
 */
import type { AirOrderStatus } from '@contracts/air'
import type { OrderKind } from '@contracts/calls/orders'
import type { Lang } from '@contracts/messages'
import { AppError } from '../../kernel/errors'
import { askAirlineForRefund, estimateWith, isValidTicket, writeRefund, type RefundAsked } from '../../air/aftersales'
import { airOrderById, passengersOf } from '../../air/repositories/air'
import { transition } from '../../air/rules/order-machine'
import { countedPayment, requestRefund } from '../../payments/payments'
import { estimateRefund, saveRefund } from '../../train/aftersales/aftersales'
import { refundPaid } from '../../train/orders/orders'
import { lockOrder, orderParts } from '../../train/repositories/orders'
import { AFTERSALE_OPEN } from '../../train/rules/order-states'
import { DESK_REFUND_TEXT, inTx, ownerOf, type Acting, type DeskDeps } from './acting'
import { orderMoney } from './money'

/** a failed ticketing's money: refused when none is left, or when what is left is already on its way */
async function requireMoneyLeft(a: Acting): Promise<void> {
  const money = await orderMoney(a.tx, a.kind, a.orderId)
  if (money.refundingFen > 0 && money.leftFen === 0) throw new AppError('EADM7405')
  if (money.leftFen === 0) throw new AppError('EADM7402')
}

async function refundTrain(a: Acting, userId: number, status: string): Promise<void> {
  if (status === 'failed') {
    await requireMoneyLeft(a)
    await refundPaid(a.tx, a.deps, (await lockOrder(a.tx, a.orderId))!, 'issueFailed', a.now)
    return
  }
  if (status === 'refunding') throw new AppError('EADM7405')
  if (!AFTERSALE_OPEN.includes(status as never)) throw new AppError('EADM7402')
  const { passengers } = await orderParts(a.tx, (await lockOrder(a.tx, a.orderId))!)
  const passengerIds = passengers.filter((p) => p.ticketState === 'issued' || p.ticketState === 'changed').map((p) => p.id)
  if (!passengerIds.length) throw new AppError('EADM7402')
  const owner = ownerOf(a, userId)
  const estimate = await estimateRefund(inTx(a), owner, { orderId: a.orderId, passengerIds })
  const request = { orderId: a.orderId, passengerIds, idempotencyKey: a.key, refundType: 'voluntary', reason: 'other', reasonText: DESK_REFUND_TEXT } as const
  await saveRefund(inTx(a), owner, { ...request, expectedRefundFen: estimate.estimatedRefundFen }, a.lang)
}

async function refundAir(a: Acting, userId: number, status: string, asked: RefundAsked | null): Promise<void> {
  if (status === 'issueFailed') {
    await requireMoneyLeft(a)
    const paid = (await countedPayment(a.tx, 'flight', a.orderId))!
    const { leftFen } = await orderMoney(a.tx, 'air', a.orderId)
    await requestRefund(a.tx, a.deps, paid, { amountFen: leftFen, reason: 'issueFailed', payload: {} }, a.now)
    return
  }
  if (status === 'refunding') throw new AppError('EADM7405')
  if (!transition(status as AirOrderStatus, 'refundRequested') || !asked) throw new AppError('EADM7402')
  const o = (await airOrderById(a.tx, a.orderId))!
  const valid = (await passengersOf(a.tx, a.orderId)).filter(isValidTicket)
  if (!valid.length) throw new AppError('EADM7402')
  const estimate = estimateWith(o, valid, asked.rules, 'voluntary', a.now)
  const request = { orderId: a.orderId, passengerIds: valid.map((p) => p.id), type: 'voluntary', reason: 'other', reasonText: DESK_REFUND_TEXT } as const
  await writeRefund(a.tx, ownerOf(a, userId), { ...request, idempotencyKey: a.key, expectedRefundFen: estimate.refundFen }, asked, a.now)
}

/**
 * Before the desk's transaction: a flight's fare rules are asked of the airline, never inside a
 * transaction (the attendee's refund does the same). Read without the event's check, which the
 * transaction makes: another event's order gets nothing but a refusal.
 */
export async function prepareRefund(deps: DeskDeps, kind: OrderKind, orderId: number, lang: Lang): Promise<RefundAsked | null> {
  if (kind !== 'air') return null
  const o = await airOrderById(deps.db, orderId)
  return o ? askAirlineForRefund(deps, o, lang) : null
}

export async function refundOrder(a: Acting, userId: number, status: string, asked: RefundAsked | null): Promise<void> {
  if (a.kind === 'train') await refundTrain(a, userId, status)
  else await refundAir(a, userId, status, asked)
}
