/**
 * Train orders after they are booked (tobePaid, paymentPage, ticketing, ticketsissuedPage): read,
 * company and WeChat payment, ticketing through the railway, cancel, the deadline. Booking is in
 * train-order-booking.ts, the order's views in train-order-views.ts.
 *
 * Every change runs in one transaction that locks what it changes (the run's row for seats, the
 * order's row for payment and status), so two requests never sell one seat twice or pay one order
 * twice; save and pay run under an idempotency key (kernel/http/idempotency.ts), so a retry gets the first
 * answer. Status moves are checked against train/rules/order-states.ts; `move` here is the only
 * writer of an order's status after booking (grabs book through train-held-orders.ts createHeldOrder,
 * after-sales move through `move`).
 */
import crypto from 'node:crypto'
import type { OrderTickets, PaymentOrderRequest, PaymentStart, PayOrderRequest, TrainOrderView } from '@contracts/calls/train'
import { payOnBusiness, paymentOrder } from '@contracts/calls/train'
import { messageText, type Lang } from '@contracts/messages'
import type { SeatType, TrainOrderEventKind, TrainOrderStatus } from '@contracts/train'
import type { NoticeKind, NoticeValues } from '@contracts/subscribe-notices'
import { queueNotice, type FallbackJob } from '../../wechat/notices'
import type { Deps } from '../../deps'
import type { Tx } from '../../kernel/db/client'
import { trainOrders } from '../../kernel/db/schema'
import { AppError } from '../../kernel/errors'
import { once } from '../../kernel/http/idempotency'
import { ensureJob } from '../../kernel/jobs/repository'
import { userLang } from '../../auth/repositories/users'
import { loadOwned, type Owner } from '../../kernel/db/owned'
import { releaseHoldsOfOrder } from '../repositories/inventory'
import {
  addOrderEvent,
  lockOrder,
  orderById,
  orderParts,
  setOrderStatus,
  updateOrder,
  updatePassenger,
  type OrderRow,
  type OrderWithParts,
} from '../repositories/orders'
import { assertMove } from '../rules/order-states'
import { chinaMinuteOfDay, isPastDeadline, onSale, trainRules, type TrainRules } from '../rules/train-rules'
import { seatLabel } from '../rules/seats'
import { shanghaiDay, shanghaiMinute, toShanghaiIso } from '../../kernel/time/time'
import type { RailwayProvider, TicketingOutcome } from '../railway'
import * as payments from '../../payments/payments'
import { changedToOf, stationName, stationRef } from './tickets'
import { policyOf } from '../../travel/travel'
import { toOrderView } from './views'

export const TRAIN_JOBS = {
  /** an unpaid order's deadline: cancelled (overdue) if still unpaid */
  payDeadline: 'train.payDeadline',
  /** the railway's answer on a paid order's tickets */
  ticketing: 'train.ticketing',
  /** seats came back on a train: fulfil grab requests */
  grabCheck: 'train.grabCheck',
  /** an SMS to send (grab fulfilled, payment, refund and change done) */
  sms: 'train.sms',
  /** the railway's answer on a refund of tickets */
  refund: 'train.refund',
  /** the railway's answer on a change */
  change: 'train.change',
  /** a change waiting for its fare difference: cancelled if still unpaid */
  changePayDeadline: 'train.changePayDeadline',
} as const

// ------------------------------------------------------------------------------------------------
// Status moves (the only writer of train_orders.status)
// ------------------------------------------------------------------------------------------------

/** moves an order's status as the state machine allows, with its timeline events (the only writer of the status) */
export async function move(
  tx: Tx,
  order: OrderRow,
  to: TrainOrderStatus,
  at: Date,
  events: TrainOrderEventKind[],
  changes: Parameters<typeof setOrderStatus>[3] = {},
): Promise<OrderRow> {
  assertMove(order.status, to)
  const row = await setOrderStatus(tx, order.id, to, { ...changes, updatedAt: at })
  for (const kind of events) await addOrderEvent(tx, order.id, kind, at)
  return row
}

/** frees an order's seats and wakes the grab requests of its train */
async function releaseSeats(tx: Tx, deps: Pick<Deps, 'searchCaches'>, order: OrderRow, now: Date): Promise<void> {
  const runs = await releaseHoldsOfOrder(tx, order.id)
  deps.searchCaches.runSeatsChanged(runs)
  if (runs.length) await scheduleGrabCheck(tx, order.trainCode, order.date, now)
}

export async function scheduleGrabCheck(tx: Tx, trainCode: string, startDate: string, now: Date): Promise<void> {
  await ensureJob(tx, {
    kind: TRAIN_JOBS.grabCheck,
    key: `${trainCode}|${startDate}|${now.getTime()}|${crypto.randomBytes(4).toString('hex')}`,
    payload: { trainCode, startDate },
    dueAt: now,
    now,
  })
}

// ------------------------------------------------------------------------------------------------
// Read, cancel, pay, ticketing
// ------------------------------------------------------------------------------------------------

export async function getOrder(deps: Pick<Deps, 'db' | 'now'>, owner: Owner, orderId: number, lang: Lang): Promise<TrainOrderView> {
  const order = await loadOwned(deps.db, trainOrders, orderId, owner)
  return toOrderView(await orderParts(deps.db, order), lang, deps.now())
}

export async function getTickets(deps: Pick<Deps, 'db'>, owner: Owner, orderId: number): Promise<OrderTickets> {
  const order = await loadOwned(deps.db, trainOrders, orderId, owner)
  const { passengers, changes } = await orderParts(deps.db, order)
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    pickupNo: order.pickupNo,
    tickets: passengers
      .filter((p) => p.ticketNo)
      .map((p) => ({
        passengerId: p.id,
        name: p.name,
        passengerType: p.passengerType,
        ticketNo: p.ticketNo!,
        carriage: p.carriage ?? '',
        seatNo: p.seatNo ?? '',
        seatPosition: p.seatPosition,
        seatType: order.seatType,
        priceFen: p.ticketPriceFen,
        ticketState: p.ticketState,
        changedTo: changedToOf(p, changes),
      })),
  }
}

export async function cancelOrder(deps: Pick<Deps, 'db' | 'now' | 'searchCaches'>, owner: Owner, orderId: number, lang: Lang): Promise<TrainOrderView> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now()
    const order = await loadOwned(tx, trainOrders, orderId, owner, { forUpdate: true })
    if (order.status !== 'toBePaid') throw new AppError('ETRAIN1041')
    const row = await move(tx, order, 'canceled', now, ['canceled'])
    await releaseSeats(tx, deps, row, now)
    return toOrderView(await orderParts(tx, row), lang, now)
  })
}

/** the next instant the railway issues tickets: now inside the hours, else the next opening */
export function nextTicketingInstant(r: TrainRules, at: Date): Date {
  if (onSale(r, at)) return at
  const minute = chinaMinuteOfDay(at)
  const wait = (r.saleOpensMinute - minute + 1440) % 1440
  const opening = new Date(at.getTime() + wait * 60_000)
  opening.setUTCSeconds(0, 0)
  return opening
}

/**
 * Marks a toBePaid order paid by `payer` and starts ticketing, inside `tx` (the order locked): the
 * train Payable (train/orders/payable.ts) calls it when the payments core has the money, from
 * company payment and from WeChat Pay's notification alike. The railway answers once it is open
 * (spec §9 ticketing hours) and its delay has passed (settleTicketing).
 */
export async function startTicketing(tx: Tx, order: OrderRow, payer: 'company' | 'attendee', now: Date): Promise<OrderRow> {
  const r = trainRules(order.rulesProfile)
  const from = nextTicketingInstant(r, now)
  const row = await move(tx, order, 'ticketing', now, ['paid', 'ticketingStarted'], { payer, paidAt: now, ticketingDueAt: from })
  await ensureJob(tx, { kind: TRAIN_JOBS.ticketing, key: String(order.id), payload: { orderId: order.id }, dueAt: from, now })
  // spec §4: payment success is confirmed by SMS
  await queueSms(
    tx,
    `paid:${order.id}`,
    { mobile: order.contactMobile, userId: order.userId, eventId: order.eventId },
    (lang) => messageText('ETRAIN1071', lang, smsTrip(order, lang)),
    now,
  )
  return row
}

/** the trip's words of an SMS, in `lang` */
export const smsTrip = (o: { orderNo: string; trainNo: string; departAt: Date; fromCode: string; toCode: string }, lang: Lang) => ({
  orderNo: o.orderNo,
  trainNo: o.trainNo,
  date: shanghaiDay(o.departAt),
  from: stationName(stationRef(o.fromCode), lang),
  to: stationName(stationRef(o.toCode), lang),
})

/** the SMS job of a notice, written in the language the order's attendee last used the app in (users.lang) */
async function smsJob(tx: Tx, key: string, to: { mobile: string; userId: number; eventId: number }, text: (lang: Lang) => string): Promise<FallbackJob> {
  const lang = await userLang(tx, to.userId)
  // eventId, userId and lang tell the message log whose SMS it is
  return { kind: TRAIN_JOBS.sms, key, payload: { to: to.mobile, text: text(lang), eventId: to.eventId, userId: to.userId, lang } }
}

/** An SMS sent by the sms job once the transaction commits (a rolled-back change sends nothing). */
export async function queueSms(
  tx: Tx,
  key: string,
  to: { mobile: string; userId: number; eventId: number },
  text: (lang: Lang) => string,
  now: Date,
): Promise<void> {
  await ensureJob(tx, { ...(await smsJob(tx, key, to, text)), dueAt: now, now })
}

/**
 * A result notice of a train order (docs/wechat.md "Subscription messages"), once the transaction
 * commits: the WeChat subscription message the attendee accepted for it, else its SMS (`sms`
 * null: a result told only on the order page, as before subscription messages).
 */
export async function queueTrainNotice(
  tx: Tx,
  order: OrderRow,
  n: { kind: NoticeKind; key: string; values: (lang: Lang) => NoticeValues; sms: ((lang: Lang) => string) | null },
  now: Date,
): Promise<void> {
  const fallback = n.sms ? await smsJob(tx, n.key, { mobile: order.contactMobile, userId: order.userId, eventId: order.eventId }, n.sms) : null
  await queueNotice(
    tx,
    { userId: order.userId, eventId: order.eventId, orderKind: 'train', orderId: order.id, kind: n.kind, key: n.key, values: n.values, fallback },
    now,
  )
}

/** a train order's words in a subscription message, in `lang` */
export function trainNoticeValues(
  o: { orderNo: string; trainNo: string; departAt: Date; fromCode: string; toCode: string },
  lang: Lang,
  n: { passengers: string; result: string; amountFen: number },
): NoticeValues {
  const trip = smsTrip(o, lang)
  return { trip: `${trip.trainNo} ${trip.from}-${trip.to}`, departAt: shanghaiMinute(o.departAt), orderNo: o.orderNo, ...n }
}

/** passengers and their seats, as the change SMS writes them */
export const seatsText = (lines: Array<{ name: string; carriage: string | null; seatNo: string | null }>, lang: Lang): string =>
  lines.map((l) => messageText('ENOTE1004', lang, { name: l.name, carriage: l.carriage ?? '', seatNo: l.seatNo ?? '' })).join(lang === 'zh' ? '，' : ', ')

/** the instant the railway's answer on a ticketing order is due */
export const ticketingAnswerAt = (railway: Pick<RailwayProvider, 'ticketingDelayMs'>, order: OrderRow): Date | null =>
  order.ticketingDueAt ? new Date(order.ticketingDueAt.getTime() + railway.ticketingDelayMs()) : null

const paymentSubject = (order: OrderRow, owner: Owner) => ({
  kind: 'train',
  orderId: order.id,
  owner,
  amountFen: order.totalFen,
  description: `火车票 ${stationRef(order.fromCode).name}-${stationRef(order.toCode).name} ${order.trainNo}`,
})

/** the checks before any payment: the order is the caller's, waiting for money, inside its deadline */
export async function lockPayableOrder(tx: Tx, owner: Owner, orderId: number, now: Date): Promise<OrderRow> {
  const order = await loadOwned(tx, trainOrders, orderId, owner, { forUpdate: true })
  if (order.status !== 'toBePaid') throw new AppError('ETRAIN1040')
  if (isPastDeadline(order.payDeadline, now)) throw new AppError('ETRAIN1042')
  return order
}

/** the company pays through the payments core: the train Payable moves the order to ticketing in the same transaction */
export async function payByCompany(
  deps: Pick<Deps, 'db' | 'now' | 'log' | 'payables' | 'wechatPay' | 'metrics'>,
  owner: Owner,
  body: PayOrderRequest,
  lang: Lang,
): Promise<TrainOrderView> {
  const policy = await policyOf(deps.db, owner.eventId)
  return deps.db.transaction(async (tx) => {
    const now = deps.now()
    return once(tx, { scope: payOnBusiness.path, userId: owner.userId, key: body.idempotencyKey, request: body }, now, async () => {
      const order = await lockPayableOrder(tx, owner, body.orderId, now)
      if (!policy.payers.includes('company')) throw new AppError('ETRAIN1043')
      await payments.payByCompany(tx, deps, paymentSubject(order, owner), now)
      return toOrderView(await orderParts(tx, (await lockOrder(tx, order.id))!), lang, now)
    })
  })
}

/** what a WeChat payment of a train order pays for: the order (its own payment) or a change's difference */
export interface WechatPayable {
  parts: OrderWithParts
  subject: payments.PaymentSubject
  expiresAt: Date
}

/**
 * The frame of a WeChat payment of a train order or change (paymentOrder): under the request's idempotency
 * key, `pick` locks and checks what is paid (ETRAIN1040 / ETRAIN1042), then one payment is opened
 * through the payments core (the same for every retry) and the order answered with it.
 */
export async function payTrainByWechat(
  deps: Pick<Deps, 'db' | 'now' | 'log' | 'wechatPay' | 'payables' | 'metrics'>,
  owner: Owner,
  body: PaymentOrderRequest,
  payerIp: string,
  lang: Lang,
  pick: (tx: Tx, now: Date) => Promise<WechatPayable>,
): Promise<PaymentStart> {
  const policy = await policyOf(deps.db, owner.eventId)
  return deps.db.transaction(async (tx) => {
    const now = deps.now()
    return once(tx, { scope: paymentOrder.path, userId: owner.userId, key: body.idempotencyKey, request: body }, now, async () => {
      const { parts, subject, expiresAt } = await pick(tx, now)
      if (!policy.payers.includes('attendee')) throw new AppError('ETRAIN1044')
      const opened = await payments.openWechatPayment(
        tx,
        deps,
        { ...subject, tradeType: body.tradeType, wxCode: body.wxCode, wxCodeSource: body.wxCodeSource, payerIp, expiresAt },
        now,
      )
      return {
        order: toOrderView(parts, lang, now),
        payment: {
          paymentNo: opened.paymentNo,
          tradeType: body.tradeType,
          amountFen: opened.amountFen,
          expiresAt: toShanghaiIso(opened.expiresAt),
          jsapi: opened.jsapi,
          codeUrl: opened.codeUrl,
        },
      }
    })
  })
}

/** the attendee pays by WeChat Pay: a payment opened through the payments core (one per order); the notification moves the order */
export async function payByWechat(
  deps: Pick<Deps, 'db' | 'now' | 'log' | 'wechatPay' | 'payables' | 'metrics'>,
  owner: Owner,
  body: PaymentOrderRequest,
  payerIp: string,
  lang: Lang,
): Promise<PaymentStart> {
  return payTrainByWechat(deps, owner, body, payerIp, lang, async (tx, now) => {
    const order = await lockPayableOrder(tx, owner, body.orderId, now)
    return { parts: await orderParts(tx, order), subject: paymentSubject(order, owner), expiresAt: order.payDeadline }
  })
}

/**
 * Whether the railway's answer on a ticketing order is due (the ticketing job asks the railway
 * only then): the order number to ask about, or when to look again (null: never, not ticketing).
 */
export async function ticketingDue(tx: Tx, deps: Pick<Deps, 'railway'>, orderId: number, now: Date): Promise<{ orderNo: string } | { answerAt: Date | null }> {
  const order = await orderById(tx, orderId)
  const answerAt = order && order.status === 'ticketing' ? ticketingAnswerAt(deps.railway, order) : null
  if (!order || !answerAt) return { answerAt: null }
  return answerAt.getTime() > now.getTime() ? { answerAt } : { orderNo: order.orderNo }
}

/**
 * The railway's answer on a ticketing order, once it is due: tickets issued (carriage, seat,
 * ticket numbers, pickup number) or failed (seats freed, the payment refunded). Runs in `tx`
 * with the order locked; does nothing to an order that is no longer ticketing or not due yet.
 * `outcome`: the railway's answer when the caller asked it already (the job, with no transaction open).
 */
export async function settleTicketing(
  tx: Tx,
  deps: Pick<Deps, 'railway' | 'log' | 'payables' | 'searchCaches' | 'metrics'>,
  orderId: number,
  now: Date,
  outcome?: TicketingOutcome,
): Promise<{ order: OrderRow | undefined; answerAt: Date | null }> {
  const railway = deps.railway
  const order = await lockOrder(tx, orderId)
  const answerAt = order && order.status === 'ticketing' ? ticketingAnswerAt(railway, order) : null
  if (!order || !answerAt) return { order, answerAt: null }
  if (answerAt.getTime() > now.getTime()) return { order, answerAt }
  if ((outcome ?? railway.ticketingOutcome(order.orderNo)) === 'fail') {
    deps.metrics.bookingOutcome('train', 'ticketing_failed')
    const row = await move(tx, order, 'failed', now, ['issueFailed'], { failureMsgId: 'ETRAIN1060' })
    await releaseSeats(tx, deps, row, now)
    const names = (await orderParts(tx, order)).passengers.map((p) => p.name).join(', ')
    await queueTrainNotice(
      tx,
      row,
      {
        kind: 'ticketingFailed',
        key: `ticketingFailed:${order.id}`,
        values: (lang) => trainNoticeValues(order, lang, { passengers: names, result: messageText('ENOTE1011', lang), amountFen: order.totalFen }),
        sms: null,
      },
      now,
    )
    return { order: await refundPaid(tx, deps, row, 'issueFailed', now), answerAt: null }
  }
  const { passengers } = await orderParts(tx, order)
  const train = railway.train(order.trainCode)
  const classes = train?.seatTypes ?? [order.seatType]
  const pickupNo = `E${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}`
  const capacityOf = (s: SeatType) => railway.runNumbers(order.trainCode, order.date, s).capacity
  const seats: Array<{ name: string; carriage: string; seatNo: string }> = []
  for (const [i, p] of passengers.entries()) {
    const label = seatLabel(classes, capacityOf, order.seatType, p.seatIndex)
    seats.push({ name: p.name, carriage: label.carriage, seatNo: label.seatNo })
    await updatePassenger(tx, p.id, {
      carriage: label.carriage,
      seatNo: label.seatNo,
      seatPosition: label.position,
      ticketNo: `${pickupNo}${String(i + 1).padStart(2, '0')}`,
      ticketState: 'issued',
    })
  }
  deps.metrics.bookingOutcome('train', 'ticketed')
  const issued = await move(tx, order, 'issued', now, ['issued'], { pickupNo })
  await queueTrainNotice(
    tx,
    issued,
    {
      kind: 'ticketIssued',
      key: `ticketIssued:${order.id}`,
      values: (lang) =>
        trainNoticeValues(order, lang, { passengers: seatsText(seats, lang), result: messageText('ENOTE1010', lang), amountFen: order.totalFen }),
      sms: null,
    },
    now,
  )
  return { order: issued, answerAt: null }
}

/**
 * Gives an order's money back to whoever paid (failed to issue; the travel desk again when a refund
 * came back refused): through the payments core, which
 * credits the company at once and sends a WeChat refund by its job; the train Payable's
 * onRefunded marks the order refunded when the money is back.
 */
export async function refundPaid(tx: Tx, deps: Pick<Deps, 'log' | 'payables' | 'metrics'>, order: OrderRow, reason: string, now: Date): Promise<OrderRow> {
  const paid = await payments.countedPayment(tx, 'train', order.id)
  if (!paid) return order
  // what is not given back yet nor on its way (a refund WeChat Pay could not pay back is given again)
  const left = payments.refundableFen(paid) - (await payments.committedRefundFen(tx, paid))
  const row = await updateOrder(tx, order.id, { refundState: 'refunding', refundFen: left, updatedAt: now })
  if (left > 0) await payments.requestRefund(tx, deps, paid, { amountFen: left, reason, payload: {} }, now)
  return (await lockOrder(tx, order.id)) ?? row
}

export async function askTicketing(
  deps: Pick<Deps, 'db' | 'now' | 'railway' | 'log' | 'payables' | 'searchCaches' | 'metrics'>,
  owner: Owner,
  orderId: number,
  lang: Lang,
): Promise<TrainOrderView> {
  const order = await loadOwned(deps.db, trainOrders, orderId, owner)
  const now = deps.now()
  const answerAt = order.status === 'ticketing' ? ticketingAnswerAt(deps.railway, order) : null
  if (answerAt && answerAt.getTime() <= now.getTime()) {
    return deps.db.transaction(async (tx) => {
      const row = (await settleTicketing(tx, deps, order.id, now)).order ?? order
      return toOrderView(await orderParts(tx, row), lang, now)
    })
  }
  return toOrderView(await orderParts(deps.db, order), lang, now)
}

/** the deadline job: an order still unpaid at its deadline becomes overdue and frees its seats */
export async function expireOrder(tx: Tx, deps: Pick<Deps, 'searchCaches'>, orderId: number, now: Date): Promise<void> {
  const order = await lockOrder(tx, orderId)
  if (!order || order.status !== 'toBePaid' || !isPastDeadline(order.payDeadline, now)) return
  const row = await move(tx, order, 'overdue', now, ['overdue'])
  await releaseSeats(tx, deps, row, now)
}
