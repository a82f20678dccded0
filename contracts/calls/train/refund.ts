/**
 * Refunds of train tickets (spec §2 orderDetailsPage, §3 refund fields, §4 refund policy, §9 fees
 * and hours), and the trip types refunds and changes share.
 *
 * Refunds and changes (./change) are per ticket (passenger): a request names the order and 1 or
 * more of its passengers (`passengerIds`, ids from the order's `passengers`); any other id answers
 * ESYS0004. While a refund or change of an order is under way (refunding, changing,
 * changeToProcess) no other one can start (ETRAIN1080): of two requests on one ticket exactly one
 * wins. Both go through the railway asynchronously: the order is refunding / changing at once,
 * and the railway's answer arrives later (the sandbox: after its delay, driven by `/dev/clock`);
 * the order details (getTrainOrderInfo) show it. Forced outcomes for browser tests:
 * `POST /dev/railway {"refund": "fail"}` / `{"change": "fail"}` (`auto` restores), and
 * `{"aftersaleDelayMs": n}` for the railway's delay (server/src/train/railway/README.md).
 * Conventions (money, dates, station codes, ids, idempotency keys): ../train.ts.
 */
import { defineCall } from '../../call'
import type { PassengerType, SeatType, TrainAftersaleState, TrainPayer, TrainRefundReason, TrainRefundType } from '../../train'
import type { TrainOrderView } from './orders'
import type { StationRef } from './search'

/**
 * One train between two of its stations on a date, with its times (local 'HH:mm' and instants):
 * what a changed ticket and a ticket's route have in common.
 */
export interface TrainTrip {
  trainCode: string
  trainNo: string
  date: string
  from: StationRef
  to: StationRef
  departTime: string
  arriveTime: string
  departAt: string
  arriveAt: string
}

/** the route of a ticket (spec §3 refund "route", change "changed segment") */
export interface TicketRoute extends TrainTrip {
  seatType: SeatType
}

export interface RefundTicketsRequest {
  orderId: number
  /** 1-5 passengers of the order whose tickets are refunded; all on the same train (ETRAIN1083 otherwise) */
  passengerIds: number[]
}

/** one ticket in a refund: its price, the fee, what comes back */
export interface RefundTicketLine {
  passengerId: number
  /** spec §3 "refunder" */
  name: string
  passengerType: PassengerType
  /** spec §3 "ticket number" */
  ticketNo: string
  /** the price of the ticket held (the changed one's after a change) */
  priceFen: number
  /** the fee tier applied (0, 5, 10, 20 % in the spec's profile) */
  feePercent: number
  /** spec §3 "commission": the railway's refund fee, rounded to 0.5 yuan, at least 2 yuan when not zero */
  feeFen: number
  /** price - fee */
  refundFen: number
}

/**
 * What a refund of those tickets would give back now (refundTicketOrder/estimatedRefund), shown
 * before the attendee confirms. Refused as refundOrder/save would be: past the online cut-off
 * (ETRAIN1081), a paper ticket taken (ETRAIN1082), a ticket not refundable in its state
 * (ETRAIN1084), changed after departure (ETRAIN1085), fee not lower than the fare (ETRAIN1086:
 * spec §8 "refund fee higher than fare means non-refundable").
 */
export interface RefundEstimate {
  orderId: number
  orderNo: string
  /** spec §3 "route" */
  route: TicketRoute
  tickets: RefundTicketLine[]
  /** spec §3 "count" */
  count: number
  /** the tickets' prices */
  ticketPriceFen: number
  /** spec §3 "commission": the fees of all the tickets */
  commissionFen: number
  /** spec §3 "estimated amount": ticket prices - commission (agent ticket fee and service charge are not refunded) */
  estimatedRefundFen: number
  /** who gets the money: the company account or the attendee's WeChat Pay */
  to: TrainPayer
  /** the last instant an online refund is taken (spec §9: 1 hour before departure) */
  refundableUntil: string
  /** hours left before departure (the tier was chosen by it) */
  hoursBeforeDeparture: number
  serverNow: string
}
/** the fee and the amount back of refunding some tickets now (spec §7 refundTicketOrder/estimatedRefund) */
export const estimatedRefund = defineCall<RefundTicketsRequest, RefundEstimate>({
  path: '/api/train/refundTicketOrder/estimatedRefund',
  auth: 'required',
})

export interface SaveRefundRequest extends RefundTicketsRequest {
  idempotencyKey: string
  /** spec §3 "type": online only 'voluntary' (ETRAIN1087 otherwise) */
  refundType: TrainRefundType
  /** spec §3 "reason" */
  reason: TrainRefundReason
  /** required (1-200 characters) when reason is 'other'; '' or absent otherwise */
  reasonText?: string
  /**
   * the estimate the attendee saw (estimatedRefundFen); when the fee tier moved on since (an hour
   * boundary passed), the request is refused with ETRAIN1088 and the new estimate must be shown
   */
  expectedRefundFen: number
}

/** a refund of some tickets of an order (spec §3 refund fields) */
export interface TrainRefundRecord {
  id: number
  orderId: number
  /** processing: with the railway; done: tickets refunded, money on its way / back; failed: the railway refused, tickets as before */
  state: TrainAftersaleState
  refundType: TrainRefundType
  reason: TrainRefundReason
  reasonText: string
  route: TicketRoute
  /** spec §3 "refunder" and "ticket number", per ticket */
  tickets: RefundTicketLine[]
  count: number
  commissionFen: number
  estimatedRefundFen: number
  to: TrainPayer
  /** the money: waiting for the railway, on its way to the payer (WeChat Pay: 1-7 working days), or back */
  money: 'pending' | 'refunding' | 'refunded'
  /** failed: the railway's reason in the caller's language; '' otherwise */
  failureText: string
  createdAt: string
  /** when the railway answered; null while processing */
  doneAt: string | null
}

export interface RefundResult {
  refund: TrainRefundRecord
  order: TrainOrderView
}
/**
 * Refund tickets (spec §7 refundOrder/save): checked as estimatedRefund, then the order becomes
 * refunding and the railway answers later: all tickets refunded → refunded (changedRefunded when
 * one had been changed), some → partiallyRefunded, refused → back as it was. The money goes back
 * to whoever paid (company at once, WeChat Pay through its refund), the seats go back on sale, and
 * the contact mobile gets an SMS. Another refund or change under way: ETRAIN1080.
 */
export const saveRefund = defineCall<SaveRefundRequest, RefundResult>({
  path: '/api/train/refundOrder/save',
  auth: 'required',
})
