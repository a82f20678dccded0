/**
 * Train after-sales (spec §4 change and refund policy, §9 fees and hours): the checks refunds and
 * changes share, refunds of issued tickets, money back, and removing an ended order from the
 * attendee's lists. Changes are in ticket-change.ts, change-options.ts and change-outcome.ts.
 *
 * Every request runs in one transaction that locks the order first (then the run, for a change's
 * new seats), under the request's idempotency key. An order takes one refund or change at a time
 * (train/rules/order-states.ts AFTERSALE_OPEN): of two requests on one ticket the second finds
 * the order refunding / changing and is refused (ETRAIN1080), so exactly one wins.
 *
 * The railway answers later (its delay after `sent_at`): the jobs here settle the answer with the
 * order locked. Money goes back to whoever paid through the payments core (company at once,
 * WeChat Pay by its refund job).
 */
import type { RefundEstimate, RefundResult, RefundTicketsRequest, RemoveOrderResult, SaveRefundRequest } from '@contracts/calls/train'
import { saveRefund as saveRefundCall } from '@contracts/calls/train'
import { messageText, type Lang } from '@contracts/messages'
import type { TrainOrderEventKind, TrainTicketState } from '@contracts/train'
import type { Deps } from '../../deps'
import type { AftersaleOutcome } from '../railway'
import type { Tx } from '../../kernel/db/client'
import { trainOrders } from '../../kernel/db/schema'
import type { StoredRefundLine, StoredRoute } from './tables'
import { AppError } from '../../kernel/errors'
import { once } from '../../kernel/http/idempotency'
import { AFTERSALE_OPEN, statusOfTickets, TRAIN_ORDER_ACTIONS } from '../rules/order-states'
import { refundableUntil, refundProblem, trainRules, type TrainRules } from '../rules/train-rules'
import { toShanghaiIso } from '../../kernel/time/time'
import { ensureJob } from '../../kernel/jobs/repository'
import { loadOwned, type Owner } from '../../kernel/db/owned'
import { refundsOfPayment } from '../../payments/repositories/payments'
import {
  changeRecordById,
  everyMoneyRefundDone,
  refundRecordById,
  insertTrainRefund,
  releasePassengerHolds,
  updateTrainChange,
  updateTrainRefund,
} from '../repositories/aftersales'
import { addOrderEvent, lockOrder, orderById, orderParts, setTicketStates, updateOrder, type OrderRow, type OrderWithParts } from '../repositories/orders'
import * as payments from '../../payments/payments'
import { move, queueTrainNotice, scheduleGrabCheck, trainNoticeValues, TRAIN_JOBS } from '../orders/orders'
import { toOrderView } from '../orders/views'
import { refundable, refundNow, refundRecordView, ticketNow, ticketRouteView, type TicketNow } from '../orders/tickets'

export type AftersaleDeps = Pick<Deps, 'db' | 'now' | 'railway' | 'log' | 'payables' | 'searchCaches' | 'wechatPay' | 'metrics'>

/** the payments core's kind of a change's fare difference (payments/payables.ts) */
export const TRAIN_CHANGE_KIND = 'trainChange'

// ------------------------------------------------------------------------------------------------
// Shared checks
// ------------------------------------------------------------------------------------------------

/** ETRAIN1080 while another refund or change is under way, `ended` (a msgId) when the order is past after-sales */
export function requireOpen(order: OrderRow, ended: 'ETRAIN1084' | 'ETRAIN1095'): void {
  if (AFTERSALE_OPEN.includes(order.status)) return
  if (order.status === 'refunding' || order.status === 'changing' || order.status === 'changeToProcess') throw new AppError('ETRAIN1080')
  throw new AppError(ended)
}

/** the chosen passengers' tickets: each of this order (ESYS0004 otherwise), once, all on one train (ETRAIN1083) */
export function chosenTickets(parts: OrderWithParts, passengerIds: number[]): TicketNow[] {
  if (!passengerIds.length) throw new AppError('ETRAIN1099')
  const ids = [...new Set(passengerIds)]
  const tickets = ids.map((id) => {
    const p = parts.passengers.find((x) => x.id === id)
    if (!p) throw new AppError('ESYS0004')
    return ticketNow(parts.order, p, parts.changes)
  })
  const key = (r: StoredRoute) => `${r.trainCode}|${r.startDate}|${r.fromCode}|${r.toCode}|${r.seatType}`
  if (tickets.some((t) => key(t.route) !== key(tickets[0].route))) throw new AppError('ETRAIN1083')
  return tickets
}

/** the order's everChanged flags for statusOfTickets, with some tickets moved to `state` */
function ticketsAfter(parts: OrderWithParts, moved: ReadonlyMap<number, TrainTicketState>, changedNow: ReadonlySet<number> = new Set()) {
  return parts.passengers.map((p) => ({ state: moved.get(p.id) ?? p.ticketState, everChanged: p.changeId !== null || changedNow.has(p.id) }))
}

/** writes the tickets' new states and moves the order to what they sum up to */
export async function moveTickets(
  tx: Tx,
  parts: OrderWithParts,
  moved: ReadonlyMap<number, TrainTicketState>,
  now: Date,
  events: TrainOrderEventKind[],
  opts: { changeIdOf?: ReadonlyMap<number, number | null> } = {},
): Promise<OrderRow> {
  const byState = new Map<TrainTicketState, number[]>()
  for (const [id, state] of moved) byState.set(state, [...(byState.get(state) ?? []), id])
  for (const [state, ids] of byState) await setTicketStates(tx, ids, { ticketState: state })
  for (const [id, changeId] of opts.changeIdOf ?? []) await setTicketStates(tx, [id], { changeId })
  const changedNow = new Set([...(opts.changeIdOf ?? new Map<number, number | null>()).entries()].filter(([, c]) => c !== null).map(([id]) => id))
  const to = statusOfTickets(ticketsAfter(parts, moved, changedNow))
  if (to === parts.order.status) {
    for (const kind of events) await addOrderEvent(tx, parts.order.id, kind, now)
    return await updateOrder(tx, parts.order.id, { updatedAt: now })
  }
  return move(tx, parts.order, to, now, events)
}

/** the answer's instant: sent + the railway's delay */
export const answerAt = (deps: Pick<Deps, 'railway'>, sentAt: Date): Date => new Date(sentAt.getTime() + deps.railway.aftersaleDelayMs())

export const sumOf = (xs: number[]): number => xs.reduce((a, b) => a + b, 0)

/**
 * Gives `amountFen` back to whoever paid the order, from its payments (the order's, then the
 * changes' differences), through the payments core; `payload` tells the Payable what it was for.
 */
export async function giveBack(
  tx: Tx,
  deps: Pick<Deps, 'log' | 'payables' | 'metrics'>,
  parts: OrderWithParts,
  amountFen: number,
  reason: string,
  payload: Record<string, unknown>,
  now: Date,
): Promise<number> {
  const paid = [await payments.countedPayment(tx, 'train', parts.order.id)]
  for (const c of parts.changes) if (c.paidAt) paid.push(await payments.countedPayment(tx, TRAIN_CHANGE_KIND, c.id))
  let left = amountFen
  for (const p of paid) {
    if (!p || left <= 0) continue
    const committed = sumOf((await refundsOfPayment(tx, p.id)).filter((r) => r.status !== 'abnormal').map((r) => r.amountFen))
    const take = Math.min(left, p.amountFen - committed)
    if (take <= 0) continue
    await payments.requestRefund(tx, deps, p, { amountFen: take, reason, payload }, now)
    left -= take
  }
  if (left > 0) deps.log.error({ orderId: parts.order.id, missingFen: left }, 'train after-sales: less paid than to give back')
  return amountFen - left
}

// ------------------------------------------------------------------------------------------------
// Refund
// ------------------------------------------------------------------------------------------------

/** the refund lines of the chosen tickets now, or the rule that refuses one of them */
function refundLines(deps: Pick<Deps, 'railway'>, r: TrainRules, tickets: TicketNow[], now: Date): StoredRefundLine[] {
  return tickets.map((t) => {
    const why = refundProblem(r, refundable(t, deps.railway.paperTicketTaken(t.ticketNo)), now)
    if (why) throw new AppError(why, 200, { minutes: r.onlineRefundCutoffMinutes })
    const money = refundNow(r, t, now)
    // spec §8: a refund fee as high as the fare means the ticket cannot be refunded
    if (money.refundFen <= 0) throw new AppError('ETRAIN1086')
    return {
      passengerId: t.passenger.id,
      name: t.passenger.name,
      passengerType: t.passenger.passengerType,
      ticketNo: t.ticketNo,
      priceFen: t.priceFen,
      ...money,
      changeId: t.change?.id ?? null,
    }
  })
}

function estimateOf(parts: OrderWithParts, tickets: TicketNow[], lines: StoredRefundLine[], r: TrainRules, now: Date): RefundEstimate {
  const route = tickets[0].route
  return {
    orderId: parts.order.id,
    orderNo: parts.order.orderNo,
    route: ticketRouteView(route),
    tickets: lines.map(({ changeId: _c, ...l }) => l),
    count: lines.length,
    ticketPriceFen: sumOf(lines.map((l) => l.priceFen)),
    commissionFen: sumOf(lines.map((l) => l.feeFen)),
    estimatedRefundFen: sumOf(lines.map((l) => l.refundFen)),
    to: parts.order.payer ?? 'company',
    refundableUntil: toShanghaiIso(refundableUntil(r, tickets[0].departAt)),
    hoursBeforeDeparture: Math.floor((tickets[0].departAt.getTime() - now.getTime()) / 3600_000),
    serverNow: toShanghaiIso(now),
  }
}

export async function estimateRefund(deps: Pick<Deps, 'db' | 'now' | 'railway'>, owner: Owner, body: RefundTicketsRequest): Promise<RefundEstimate> {
  const order = await loadOwned(deps.db, trainOrders, body.orderId, owner)
  requireOpen(order, 'ETRAIN1084')
  const now = deps.now()
  const r = trainRules(order.rulesProfile)
  const parts = await orderParts(deps.db, order)
  const tickets = chosenTickets(parts, body.passengerIds)
  return estimateOf(parts, tickets, refundLines(deps, r, tickets, now), r, now)
}

export async function saveRefund(deps: AftersaleDeps, owner: Owner, body: SaveRefundRequest, lang: Lang): Promise<RefundResult> {
  if (body.refundType !== 'voluntary') throw new AppError('ETRAIN1087')
  const reasonText = (body.reasonText ?? '').trim()
  if (body.reason === 'other' && !reasonText) throw new AppError('ETRAIN1098')
  return deps.db.transaction(async (tx) => {
    const now = deps.now()
    return once(tx, { scope: saveRefundCall.path, userId: owner.userId, key: body.idempotencyKey, request: body }, now, async () => {
      const order = await loadOwned(tx, trainOrders, body.orderId, owner, { forUpdate: true })
      requireOpen(order, 'ETRAIN1084')
      const r = trainRules(order.rulesProfile)
      const parts = await orderParts(tx, order)
      const tickets = chosenTickets(parts, body.passengerIds)
      const lines = refundLines(deps, r, tickets, now)
      const estimate = estimateOf(parts, tickets, lines, r, now)
      // the attendee confirmed an amount: a tier that moved on since is shown before it is taken
      if (estimate.estimatedRefundFen !== body.expectedRefundFen) throw new AppError('ETRAIN1088')
      const refund = await insertTrainRefund(tx, {
        orderId: order.id,
        state: 'processing',
        refundType: body.refundType,
        reason: body.reason,
        reasonText: body.reason === 'other' ? reasonText : '',
        route: tickets[0].route,
        tickets: lines,
        commissionFen: estimate.commissionFen,
        estimatedRefundFen: estimate.estimatedRefundFen,
        payer: order.payer ?? 'company',
        money: 'pending',
        sentAt: now,
        failureMsgId: '',
        createdAt: now,
        doneAt: null,
      })
      await moveTickets(tx, parts, new Map(lines.map((l) => [l.passengerId, 'refunding'])), now, ['refundStarted'])
      await ensureJob(tx, { kind: TRAIN_JOBS.refund, key: String(refund.id), payload: { refundId: refund.id }, dueAt: answerAt(deps, now), now })
      const after = await orderParts(tx, (await lockOrder(tx, order.id))!)
      return { refund: refundRecordView(refund, lang), order: toOrderView(after, lang, now) }
    })
  })
}

/** whether the railway's answer on a refund is due: the order number to ask about, or when to look again (null: never) */
export async function refundDue(tx: Tx, deps: Pick<Deps, 'railway'>, refundId: number, now: Date): Promise<{ orderNo: string } | { answerAt: Date | null }> {
  const first = await refundRecordById(tx, refundId)
  const order = first && (await orderById(tx, first.orderId))
  if (!first || !order || first.state !== 'processing') return { answerAt: null }
  const due = answerAt(deps, first.sentAt)
  return due.getTime() > now.getTime() ? { answerAt: due } : { orderNo: order.orderNo }
}

/** the trip of a refund's tickets (the route they are on: the booked one or a change's) */
const refundTrip = (order: OrderRow, route: StoredRoute) => ({
  orderNo: order.orderNo,
  trainNo: route.trainNo,
  departAt: new Date(route.departAt),
  fromCode: route.fromCode,
  toCode: route.toCode,
})

/**
 * The railway's answer on a refund, once due (the refund job): refunded (tickets refunded, seats
 * back on sale, money back to the payer, SMS) or refused (tickets as they were). Order locked.
 * `outcome`: the railway's answer, asked by the job with no transaction open.
 */
export async function settleRefund(
  tx: Tx,
  deps: Pick<Deps, 'railway' | 'log' | 'payables' | 'searchCaches' | 'metrics'>,
  refundId: number,
  now: Date,
  outcome: AftersaleOutcome,
): Promise<{ answerAt: Date | null }> {
  const first = await refundRecordById(tx, refundId)
  if (!first) return { answerAt: null }
  const order = await lockOrder(tx, first.orderId)
  const parts = order && (await orderParts(tx, order))
  const refund = parts?.refunds.find((x) => x.id === refundId)
  if (!parts || !refund || refund.state !== 'processing') return { answerAt: null }
  const due = answerAt(deps, refund.sentAt)
  if (due.getTime() > now.getTime()) return { answerAt: due }
  const ids = refund.tickets.map((l) => l.passengerId)

  const names = refund.tickets.map((l) => l.name).join(', ')
  const notice = (result: 'ENOTE1014' | 'ENOTE1015', sms: ((lang: Lang) => string) | null) =>
    queueTrainNotice(
      tx,
      parts.order,
      {
        kind: 'refundResult',
        key: `refund:${refund.id}`,
        values: (lang) =>
          trainNoticeValues(refundTrip(parts.order, refund.route), lang, {
            passengers: names,
            result: messageText(result, lang),
            amountFen: result === 'ENOTE1014' ? refund.estimatedRefundFen : 0,
          }),
        sms,
      },
      now,
    )

  if (outcome === 'fail') {
    await updateTrainRefund(tx, refund.id, { state: 'failed', failureMsgId: 'ETRAIN1100', doneAt: now })
    const back = new Map(parts.passengers.filter((p) => ids.includes(p.id)).map((p): [number, TrainTicketState] => [p.id, p.changeId ? 'changed' : 'issued']))
    await moveTickets(tx, parts, back, now, ['refundFailed'])
    await notice('ENOTE1015', null)
    return { answerAt: null }
  }

  for (const l of refund.tickets) deps.searchCaches.runSeatsChanged(await releasePassengerHolds(tx, parts.order.id, [l.passengerId], l.changeId))
  await scheduleGrabCheck(tx, refund.route.trainCode, refund.route.startDate, now)
  await updateTrainRefund(tx, refund.id, { state: 'done', money: 'refunding', doneAt: now })
  await moveTickets(tx, parts, new Map(ids.map((id) => [id, 'refunded'])), now, ['ticketsRefunded'])
  if (refund.estimatedRefundFen > 0) await giveBack(tx, deps, parts, refund.estimatedRefundFen, 'train refund', { trainRefundId: refund.id }, now)
  await notice('ENOTE1014', (lang) =>
    messageText('ETRAIN1072', lang, {
      orderNo: parts.order.orderNo,
      count: refund.tickets.length,
      amount: (refund.estimatedRefundFen / 100).toFixed(2),
      to: messageText(refund.payer === 'company' ? 'ETRAIN1074' : 'ETRAIN1075', lang),
    }),
  )
  return { answerAt: null }
}
// ------------------------------------------------------------------------------------------------
// Money back (the Payables' onRefunded)
// ------------------------------------------------------------------------------------------------

/**
 * A refund of the payments core finished for a ticket refund or a change's surplus / refused
 * difference: once every part of it is back, the record says so and the timeline too.
 */
export async function aftersaleMoneyBack(tx: Tx, payload: Record<string, unknown>, now: Date): Promise<boolean> {
  const allBack = (key: 'trainRefundId' | 'trainChangeId', id: number) => everyMoneyRefundDone(tx, key, id)
  if (typeof payload.trainRefundId === 'number') {
    const id = payload.trainRefundId
    const refund = await refundRecordById(tx, id)
    if (refund && refund.money !== 'refunded' && (await allBack('trainRefundId', id))) {
      await updateTrainRefund(tx, id, { money: 'refunded' })
      await addOrderEvent(tx, refund.orderId, 'refunded', now)
    }
    return true
  }
  if (typeof payload.trainChangeId === 'number') {
    const id = payload.trainChangeId
    const change = await changeRecordById(tx, id)
    if (change && change.surplusState === 'refunding' && (await allBack('trainChangeId', id))) {
      await updateTrainChange(tx, id, { surplusState: 'refunded', updatedAt: now })
      await addOrderEvent(tx, change.orderId, 'changeSurplusRefunded', now)
    }
    return true
  }
  return false
}

// ------------------------------------------------------------------------------------------------
// Remove
// ------------------------------------------------------------------------------------------------

/** takes an ended order off the attendee's lists; the row stays (accounting) */
export async function removeOrder(deps: Pick<Deps, 'db' | 'now'>, owner: Owner, orderId: number): Promise<RemoveOrderResult> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now()
    const order = await loadOwned(tx, trainOrders, orderId, owner, { forUpdate: true })
    if (!TRAIN_ORDER_ACTIONS[order.status].includes('remove')) throw new AppError('ETRAIN1089')
    if (!order.removedAt) {
      await updateOrder(tx, order.id, { removedAt: now, updatedAt: now })
      await addOrderEvent(tx, order.id, 'removed', now)
    }
    return { orderId: order.id, removed: true }
  })
}
