/**
 * The tickets of a train order after issue: which train and price each passenger holds
 * now (the one booked, or the one a change gave them), what each lets the attendee do, and the
 * views of refund and change records. No I/O: the order services pass the rows in.
 */
import type { ChangedTicket, TicketRoute, TrainChangeRecord, TrainRefundRecord } from '@contracts/calls/train'
import { messageText, type Lang, type MsgId } from '@contracts/messages'
import type { TrainTicketAction } from '@contracts/train'
import type { StoredRoute } from '../aftersales/tables'
import { AFTERSALE_OPEN } from '../rules/order-states'
import { chinaMinuteOfDay, changeProblem, feeFen, hhmm, refundPercent, refundProblem, type TrainRules } from '../rules/train-rules'
import { shanghaiDay, toShanghaiIso } from '../../kernel/time/time'
import { refOf, stationByCode } from '../railway/stations'
import type { ChangeRecordRow, RefundRecordRow } from '../repositories/aftersales'
import type { OrderPassengerRow, OrderRow } from '../repositories/orders'

export function stationRef(code: string) {
  const s = stationByCode(code)
  return s ? refOf(s) : { code, name: code, nameEn: code }
}

/** a station's name in `lang` (an SMS's words) */
export const stationName = (s: { name: string; nameEn: string }, lang: Lang): string => (lang === 'en' ? s.nameEn : s.name)

/** the order's train as booked */
export function routeOfOrder(o: OrderRow): StoredRoute {
  return {
    trainCode: o.trainCode,
    trainNo: o.trainNo,
    trainType: o.trainType,
    startDate: o.date,
    fromCode: o.fromCode,
    toCode: o.toCode,
    fromIdx: o.fromIdx,
    toIdx: o.toIdx,
    departAt: o.departAt.toISOString(),
    arriveAt: o.arriveAt.toISOString(),
    seatType: o.seatType,
  }
}

export function ticketRouteView(r: StoredRoute): TicketRoute {
  const departAt = new Date(r.departAt)
  const arriveAt = new Date(r.arriveAt)
  return {
    trainCode: r.trainCode,
    trainNo: r.trainNo,
    date: shanghaiDay(departAt),
    from: stationRef(r.fromCode),
    to: stationRef(r.toCode),
    departTime: hhmm(chinaMinuteOfDay(departAt)),
    arriveTime: hhmm(chinaMinuteOfDay(arriveAt)),
    departAt: toShanghaiIso(departAt),
    arriveAt: toShanghaiIso(arriveAt),
    seatType: r.seatType,
  }
}

/** what one passenger holds now */
export interface TicketNow {
  passenger: OrderPassengerRow
  route: StoredRoute
  departAt: Date
  priceFen: number
  ticketNo: string
  /** the done change the ticket comes from; null: as booked */
  change: ChangeRecordRow | null
  /** changes done on this ticket */
  changeCount: number
  destinationChanged: boolean
}

export function ticketNow(order: OrderRow, p: OrderPassengerRow, changes: readonly ChangeRecordRow[]): TicketNow {
  const done = changes.filter((c) => c.state === 'done' && c.tickets.some((l) => l.passengerId === p.id))
  const change = p.changeId ? (changes.find((c) => c.id === p.changeId) ?? null) : null
  const line = change?.tickets.find((l) => l.passengerId === p.id)
  const route = change ? change.toRoute : routeOfOrder(order)
  return {
    passenger: p,
    route,
    departAt: new Date(route.departAt),
    priceFen: line ? line.newPriceFen : p.ticketPriceFen,
    ticketNo: (line ? line.newTicketNo : p.ticketNo) ?? '',
    change,
    changeCount: done.length,
    destinationChanged: done.some((c) => c.changeType === 'destination'),
  }
}

/** the refund of one ticket now: its tier, fee and what comes back */
export function refundNow(r: TrainRules, t: TicketNow, now: Date): { feePercent: number; feeFen: number; refundFen: number } {
  const feePercent = refundPercent(r, t.departAt.getTime() - now.getTime())
  const fee = feeFen(r, t.priceFen, feePercent)
  return { feePercent, feeFen: fee, refundFen: t.priceFen - fee }
}

/** the refund rule's view of a ticket (paper ticket: asked of the railway by the caller) */
export const refundable = (t: TicketNow, paperTicketTaken: boolean) => ({
  state: t.passenger.ticketState,
  departAt: t.departAt,
  paperTicketTaken,
  changedAt: t.change?.doneAt ?? null,
  changedFromDepartAt: t.change ? new Date(t.change.fromRoute.departAt) : null,
})

export const changeable = (t: TicketNow) => ({
  state: t.passenger.ticketState,
  departAt: t.departAt,
  changeCount: t.changeCount,
  destinationChanged: t.destinationChanged,
})

/**
 * The buttons of one ticket: refund and change while the order is open to after-sales and the
 * rules allow it now. (A paper ticket taken at a station is only known to the railway: the refund
 * call checks it and answers ETRAIN1082.)
 */
export function ticketActionsOf(r: TrainRules, order: OrderRow, t: TicketNow, now: Date): TrainTicketAction[] {
  if (!AFTERSALE_OPEN.includes(order.status)) return []
  const actions: TrainTicketAction[] = []
  if (!refundProblem(r, refundable(t, false), now) && refundNow(r, t, now).refundFen > 0) actions.push('refund')
  if (!changeProblem(r, changeable(t), now)) actions.push('change')
  return actions
}

const failure = (msgId: string, lang: Lang): string => (msgId ? messageText(msgId as MsgId, lang) : '')

export function changedTicketView(c: ChangeRecordRow, passengerId: number): ChangedTicket | null {
  const line = c.tickets.find((l) => l.passengerId === passengerId)
  if (!line) return null
  const route = ticketRouteView(c.toRoute)
  return {
    changeType: c.changeType,
    trainCode: c.toRoute.trainCode,
    trainNo: c.toRoute.trainNo,
    trainType: c.toRoute.trainType,
    date: route.date,
    from: route.from,
    to: route.to,
    departTime: route.departTime,
    arriveTime: route.arriveTime,
    departAt: route.departAt,
    arriveAt: route.arriveAt,
    seatType: c.toRoute.seatType,
    carriage: line.carriage,
    seatNo: line.seatNo,
    seatPosition: line.seatPosition,
    ticketNo: line.newTicketNo,
    priceFen: line.newPriceFen,
  }
}

/** the ticket a passenger holds after a change (done), or will hold (waiting for money or the railway) */
export function changedToOf(p: OrderPassengerRow, changes: readonly ChangeRecordRow[]): ChangedTicket | null {
  const pending = changes.find((c) => (c.state === 'toPay' || c.state === 'processing') && c.tickets.some((l) => l.passengerId === p.id))
  const c = pending ?? (p.changeId ? changes.find((x) => x.id === p.changeId) : undefined)
  return c ? changedTicketView(c, p.id) : null
}

export function refundRecordView(row: RefundRecordRow, lang: Lang): TrainRefundRecord {
  return {
    id: row.id,
    orderId: row.orderId,
    state: row.state,
    refundType: row.refundType,
    reason: row.reason,
    reasonText: row.reasonText,
    route: ticketRouteView(row.route),
    tickets: row.tickets.map(({ changeId: _c, ...l }) => l),
    count: row.tickets.length,
    commissionFen: row.commissionFen,
    estimatedRefundFen: row.estimatedRefundFen,
    to: row.payer,
    money: row.money,
    failureText: failure(row.failureMsgId, lang),
    createdAt: toShanghaiIso(row.createdAt),
    doneAt: row.doneAt ? toShanghaiIso(row.doneAt) : null,
  }
}

export function changeRecordView(row: ChangeRecordRow, lang: Lang, now: Date): TrainChangeRecord {
  return {
    id: row.id,
    orderId: row.orderId,
    state: row.state,
    changeType: row.changeType,
    cause: row.cause,
    causeText: row.causeText,
    tickets: row.tickets.map((l) => ({
      passengerId: l.passengerId,
      name: l.name,
      passengerType: l.passengerType,
      oldTicketNo: l.oldTicketNo,
      oldPriceFen: l.oldPriceFen,
      newPriceFen: l.newPriceFen,
      carriage: l.carriage,
      seatNo: l.seatNo,
      newTicketNo: l.newTicketNo,
    })),
    from: ticketRouteView(row.fromRoute),
    to: ticketRouteView(row.toRoute),
    oldFareFen: row.oldFareFen,
    newFareFen: row.newFareFen,
    changeFeeFen: row.changeFeeFen,
    differenceFen: row.differenceFen,
    payer: row.payer,
    payDeadline: row.state === 'toPay' && row.payDeadline ? toShanghaiIso(row.payDeadline) : null,
    paidAt: row.paidAt ? toShanghaiIso(row.paidAt) : null,
    surplus: row.surplusState ? { amountFen: -row.differenceFen, state: row.surplusState } : null,
    failureText: failure(row.failureMsgId, lang),
    createdAt: toShanghaiIso(row.createdAt),
    doneAt: row.doneAt ? toShanghaiIso(row.doneAt) : null,
    serverNow: toShanghaiIso(now),
  }
}
