/**
 * What an air order looks like to the attendee: the order with its passengers, payments, refunds and
 * changes, the cabin's fare rule and check-in advice (ticketOrderDetail and every call that answers
 * an order).
 */
import dayjs from 'dayjs'
import type { AirOrderView, CheckInAdviceView, FlightRef, RuleTerm } from '@contracts/calls/flight'
import type { Lang } from '@contracts/messages'
import type { Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import { actionsFor, isEnded } from './rules/order-machine'
import { changeBackFen, checkInAdvice } from './rules/air-rules'
import { maskMobile } from '../kernel/mask'
import { isMsgId, messageText } from '@contracts/messages'
import type { TravelPolicy } from '../travel/rules/travel-policy'
import { passengersOf, timelineOf, type AirOrderRow, type AirPassengerRow } from './repositories/air'
import { changesOfOrder, refundsOfOrder } from './repositories/aftersales'
import { routeKindOfFlight } from './search'
import { openPaymentOf, refundSummary } from '../payments/payments'
import type { PayMethod } from '@contracts/air'

/** the payments kind of an air order (air/payable.ts 'flight'; orderId = the order's id) */
export const KIND = 'flight'

/** the payments kind of a change's fee (air/payable.ts 'flightChange'; orderId = the change's id) */
export const CHANGE_KIND = 'flightChange'

/** how the event lets an attendee pay (an order or a change) */
export const payMethodsOf = (p: TravelPolicy): PayMethod[] => p.payers.map((x) => (x === 'company' ? 'company' : 'wechat'))

/** 3101**********1234: enough to recognise, not enough to copy */
function maskDocument(n: string): string {
  if (n.length <= 6) return n.slice(0, 1) + '*'.repeat(Math.max(0, n.length - 2)) + n.slice(-1)
  return n.slice(0, 4) + '*'.repeat(n.length - 8) + n.slice(-4)
}

export interface OrderViewExtras {
  /** the cabin's refund/change terms (the provider is not asked inside a transaction) */
  rule: { refund: RuleTerm[]; change: RuleTerm[] }
  lang: Lang
}

/** a time as the air calls answer it (Beijing offset) */
export const iso = (d: Date) => dayjs(d).utcOffset(480).format('YYYY-MM-DDTHH:mm:ssZ')

/** the order as every order call answers it (contracts/calls/flight.ts AirOrderView) */
export async function orderView(tx: Tx, o: AirOrderRow, policy: TravelPolicy, extras: OrderViewExtras): Promise<AirOrderView> {
  const passengers = await passengersOf(tx, o.id)
  const timeline = await timelineOf(tx, o.id)
  const money = await refundSummary(tx, KIND, o.id)
  const open = o.status === 'toBePaid' ? await openPaymentOf(tx, KIND, o.id) : null
  const refunds = await refundsOfOrder(tx, o.id)
  const changes = await changesOfOrder(tx, o.id)
  const changeViews = []
  for (const c of changes) {
    const pending = c.state === 'toBePaid' ? await openPaymentOf(tx, CHANGE_KIND, c.id) : null
    changeViews.push({
      changeId: c.id,
      changeNo: c.changeNo,
      state: c.state,
      type: c.type,
      cause: c.cause,
      causeText: c.causeText,
      newFlight: c.newFlight,
      newCabinCode: c.newCabinCode,
      lines: c.lines,
      feeFen: c.feeFen,
      fareDiffFen: c.fareDiffFen,
      dueFen: c.dueFen,
      backFen: changeBackFen(c.lines),
      payDeadline: c.state === 'toBePaid' && c.payDeadline ? iso(c.payDeadline) : null,
      paidBy: c.paidBy,
      paymentPending: pending !== null,
      requestedAt: iso(c.requestedAt),
      decidedAt: c.decidedAt ? iso(c.decidedAt) : null,
      rejectReason: isMsgId(c.rejectMsgId) ? messageText(c.rejectMsgId, extras.lang) : '',
    })
  }
  const openChange = changes.find((c) => c.state === 'toBePaid')
  return {
    orderId: o.id,
    orderCode: o.orderCode,
    status: o.status,
    flight: o.flight,
    cabinCode: o.cabinCode,
    cabinClass: o.cabinClass,
    passengers: passengers.map((p) => ({
      passengerId: p.id,
      name: p.name,
      passengerType: p.passengerType,
      documentType: p.documentType,
      documentNumberMasked: maskDocument(p.documentNumber),
      sex: p.sex,
      birthDate: p.birthDate,
      mobileMasked: p.mobile ? maskMobile(p.mobile) : '',
      insurance: p.insurance,
      ticketNo: p.ticketNo,
      fare: p.segmentFare ?? p.fare,
      ticketStatus: p.ticketStatus,
      segment: p.segment ?? o.flight,
      cabinCode: p.segmentCabin ?? o.cabinCode,
    })),
    contact: { name: o.contactName, mobileMasked: maskMobile(o.contactMobile), email: o.contactEmail },
    remark: o.remark,
    price: o.price,
    payDeadline: o.status === 'toBePaid' ? iso(o.payDeadline) : null,
    payMethods: payMethodsOf(policy),
    paidBy: o.paidBy,
    paidAt: o.paidAt ? iso(o.paidAt) : null,
    paymentPending: open !== null,
    refundedFen: money.refundedFen,
    createdAt: iso(o.createdAt),
    timeline: timeline.map((e) => {
      // the change to a lower fare decided at this entry's moment: what it gave back
      const back =
        e.status === 'changed' || e.status === 'partiallyChanged'
          ? changes.find((c) => c.state === 'changed' && c.decidedAt?.getTime() === e.at.getTime())
          : undefined
      const backFen = back ? changeBackFen(back.lines) : 0
      return backFen > 0 ? { status: e.status, at: iso(e.at), backFen } : { status: e.status, at: iso(e.at) }
    }),
    actions: actionsFor(o.status),
    refunds: refunds.map((r) => ({
      refundId: r.id,
      refundNo: r.refundNo,
      state: r.state,
      type: r.type,
      reason: r.reason,
      reasonText: r.reasonText,
      count: r.lines.length,
      lines: r.lines,
      feeFen: r.feeFen,
      refundFen: r.refundFen,
      refundTo: r.refundTo,
      requestedAt: iso(r.requestedAt),
      decidedAt: r.decidedAt ? iso(r.decidedAt) : null,
      rejectReason: isMsgId(r.rejectMsgId) ? messageText(r.rejectMsgId, extras.lang) : '',
    })),
    changes: changeViews,
    changePayDeadline: openChange?.payDeadline ? iso(openChange.payDeadline) : null,
    changePayMethods: payMethodsOf(policy),
    checkIn: checkInView(o, passengers),
    rule: extras.rule,
    ended: isEnded(o.status),
  }
}

/** the refund/change terms of a booked cabin, asked of the airline outside any transaction */
export async function cabinRuleOf(deps: Pick<Deps, 'airline'>, flight: FlightRef, cabinCode: string): Promise<OrderViewExtras['rule']> {
  const offer = await deps.airline.flight(flight.date, flight.flightNo, flight.depAirport, flight.arrAirport)
  const rule = offer ? deps.airline.fareRule(offer, cabinCode) : null
  return rule ? { refund: rule.refund, change: rule.change } : { refund: [], change: [] }
}

/**
 * spec §9 check-in advice for the order's route (regional flights count as international), and
 * when check-in closes for the earliest flight a valid ticket is for
 */
function checkInView(o: AirOrderRow, passengers: AirPassengerRow[]): CheckInAdviceView {
  const international = routeKindOfFlight(o.flight) === 'regional'
  const advice = checkInAdvice(international ? 'regional' : 'domestic')
  const departures = passengers
    .filter((p) => p.ticketStatus === 'issued' || p.ticketStatus === 'changed')
    .map((p) => Date.parse((p.segment ?? o.flight).dep.time))
  return {
    routeKind: international ? 'international' : 'domestic',
    arriveEarlyHours: [advice.arriveEarlyHours[0], advice.arriveEarlyHours[1]],
    closesMinutesBefore: advice.closesMinutesBefore,
    closesAt: departures.length ? iso(new Date(Math.min(...departures) - advice.closesMinutesBefore * 60_000)) : null,
  }
}
