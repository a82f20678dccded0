/**
 * What an order shows after its tickets are drawn (spec §2 airOrderDetails, dishonoredBill,
 * ticketChanging; §3 refund and change fields; §4 the 15 air statuses, cancel vs refund; §9 the
 * 7-day and 2-hour terms): the actions, ticket statuses, refunds and changes every answer with an
 * order carries. The calls are in ./cancel-refund and ./change.
 *
 * How a ticket moves after it is drawn:
 * - refund (dishonoredBill): getReissueRefundPriceMultiPlayer shows the estimate, ticketRefund
 *   asks the airline: the order is 'refunding' until the airline answers (asynchronously: the
 *   client asks findOrderDetails again), then 'refunded' (every ticket), 'partiallyRefunded'
 *   (some) or 'retrograde' (the airline refused). The money goes back to whoever paid: WeChat Pay
 *   by a refund of that payment, the company by a recorded company refund.
 * - change (ticketChanging): findRebookList offers the other flights of the same route on a date
 *   with the fare difference and the change fee; ticketChange holds the new seats: when money is
 *   due the order is 'changeToBePaid' until createChangeOrderPay (WeChat Pay) or
 *   confirmChangeOrder (the company) pays it, or ticketCancelChange undoes it, or its deadline
 *   passes (undone by the server); then 'changing' until the airline confirms: 'changed' (every
 *   remaining ticket), 'partiallyChanged' (some) or 'retrograde' (refused; money refunded).
 * - cancel (ticketCancel): only an order without tickets (not yet paid); a ticketed one is refunded.
 * - removeTicketOrder: an ended order leaves the attendee's lists (kept for accounting).
 * - 'traveled': set by the server once the last ticket's flight has arrived.
 * Conventions (login, money, times, languages, FlightRef): ../flight.ts.
 */
import type { PassengerType, PayMethod, RuleWindow } from '../../air'
import type { FlightView, RuleTerm } from './search'

/** what the attendee may do with an order now: the details screen shows exactly these buttons */
export const AIR_ORDER_ACTIONS = ['pay', 'cancel', 'refund', 'change', 'payChange', 'cancelChange', 'remove'] as const
export type AirOrderAction = (typeof AIR_ORDER_ACTIONS)[number]

/**
 * One passenger's ticket: notIssued (not paid, being issued, failed or cancelled), issued (valid
 * for `segment`), refunding / refunded, changing (a change asked or waiting for payment), changed
 * (valid for the new `segment`), flown (its flight has arrived).
 */
export const AIR_TICKET_STATUSES = ['notIssued', 'issued', 'refunding', 'refunded', 'changing', 'changed', 'flown'] as const
export type AirTicketStatus = (typeof AIR_TICKET_STATUSES)[number]

/**
 * spec §3 refund/change "type": voluntary (the attendee's choice: the fare rule's fee applies) or
 * involuntary (the flight was cancelled, delayed or rescheduled by the airline, or illness with a
 * certificate: no fee, subject to the airline's verification: it refuses a claim it cannot verify)
 */
export const AIR_AFTER_SALE_TYPES = ['voluntary', 'involuntary'] as const
export type AirAfterSaleType = (typeof AIR_AFTER_SALE_TYPES)[number]

/** spec §3 refund "reason" / change "cause", by type ('other' needs a text) */
export const AIR_AFTER_SALE_REASONS = {
  voluntary: ['planChanged', 'wrongBooking', 'other'],
  involuntary: ['flightCancelled', 'flightDelayed', 'scheduleChanged', 'illness', 'other'],
} as const satisfies Record<AirAfterSaleType, readonly string[]>
export type AirAfterSaleReason = (typeof AIR_AFTER_SALE_REASONS)[AirAfterSaleType][number]

/** check-in advice of spec §9 for the order's route (regional flights count as international) */
export interface CheckInAdviceView {
  routeKind: 'domestic' | 'international'
  /** arrive at the airport this many hours before departure, e.g. [1, 2] */
  arriveEarlyHours: [number, number]
  /** check-in closes this many minutes before departure (45 domestic, 60 international) */
  closesMinutesBefore: number
  /** when check-in closes for the earliest valid ticket's flight (local time); null when no ticket is valid */
  closesAt: string | null
}

/** one passenger's part of a refund or change, in fen */
export interface AfterSaleLine {
  passengerId: number
  /** spec §3 "refunder" / "resigner" */
  name: string
  passengerType: PassengerType
  /** spec §3 "ticket number" */
  ticketNo: string
  /** spec §3 "route": the flight the ticket is for now */
  segment: FlightView
  cabinCode: string
  /** the fare paid for the ticket (without tax and fees) */
  fareFen: number
  /** the fare rule's window the fee was taken from */
  window: RuleWindow
  /** the fee as a percent of the fare (0 for involuntary) */
  feePercent: number
  /** spec §3 refund "commission" / change "fee": the fee of this ticket */
  feeFen: number
}

export interface RefundLine extends AfterSaleLine {
  /** tax, fuel fee and airport construction fee paid back with the ticket */
  taxesFen: number
  /** accident insurance paid back with the ticket (it is not started before departure) */
  insuranceFen: number
  /** what comes back for this ticket: fare - fee + taxes + insurance; 0 when not refundable */
  refundFen: number
  /**
   * false: this ticket cannot be refunded online: 'feeOverFare' (spec §8 "refund fee higher than
   * fare means non-refundable"), 'notAllowed' (the fare rule allows no refund in this window),
   * 'notRefundableNow' (the ticket is not issued, refunded, or in a change/refund already)
   */
  refundable: boolean
  problem: 'feeOverFare' | 'notAllowed' | 'notRefundableNow' | null
}

export interface ChangeLine extends AfterSaleLine {
  /** the new fare minus the old for this passenger; 0 when the new fare is lower */
  fareDiffFen: number
  /** fee + fare difference; to a lower fare, what is left of the fee after the difference (0 when the difference covers it) */
  dueFen: number
  /** to a lower fare: the difference less the fee, given back to the payer once the airline confirms (absent on changes recorded before it existed: 0) */
  backFen?: number
}

export const AIR_REFUND_STATES = ['processing', 'refunded', 'rejected'] as const
export type AirRefundState = (typeof AIR_REFUND_STATES)[number]

/** a refund asked for (spec §3 refund fields), as the details screen lists it */
export interface AirRefundView {
  refundId: number
  /** quoted to the agency, e.g. AR20261122000123 */
  refundNo: string
  state: AirRefundState
  type: AirAfterSaleType
  reason: AirAfterSaleReason
  /** the attendee's words ('' when none) */
  reasonText: string
  /** spec §3 "count": lines.length */
  count: number
  lines: RefundLine[]
  /** spec §3 "commission": the fees, summed */
  feeFen: number
  /** spec §3 "estimated amount" at the request; once refunded, what was paid back */
  refundFen: number
  /** who gets the money: the payer of the order */
  refundTo: PayMethod
  requestedAt: string
  /** when the airline answered; null while processing */
  decidedAt: string | null
  /** rejected: the airline's reason, in the caller's language; '' otherwise */
  rejectReason: string
}

export const AIR_CHANGE_STATES = ['toBePaid', 'processing', 'changed', 'rejected', 'cancelled'] as const
export type AirChangeState = (typeof AIR_CHANGE_STATES)[number]

/** a change asked for (spec §3 change fields), as the details screen lists it */
export interface AirChangeView {
  changeId: number
  /** quoted to the agency, e.g. AC20261122000123 */
  changeNo: string
  state: AirChangeState
  type: AirAfterSaleType
  /** spec §3 "cause" */
  cause: AirAfterSaleReason
  causeText: string
  /** spec §3 "changed segment" and "date": the new flight */
  newFlight: FlightView
  newCabinCode: string
  lines: ChangeLine[]
  /** spec §3 change "fee": the fees, summed */
  feeFen: number
  fareDiffFen: number
  /** what the attendee pays for the change (fees + fare differences); 0: nothing to pay */
  dueFen: number
  /** to a lower fare: what goes (changed: went) back to the payer, differences less fees; 0 otherwise */
  backFen: number
  /** toBePaid: when the change is undone and the new seats released if still unpaid; null otherwise */
  payDeadline: string | null
  /** how the change was paid; null when unpaid or nothing was due */
  paidBy: PayMethod | null
  /** a WeChat Pay payment of the change is open: the client keeps asking */
  paymentPending: boolean
  requestedAt: string
  decidedAt: string | null
  /** rejected: the airline's reason (caller's language); cancelled: why ('' when by the attendee) */
  rejectReason: string
}

/** the after-sales fields of PassengerView (findOrderDetails): the passenger's ticket now */
export interface PassengerAfterSaleView {
  ticketStatus: AirTicketStatus
  /** the flight the ticket is for now: the order's flight, or the new one after a change */
  segment: FlightView
  cabinCode: string
}

/** the after-sales fields of AirOrderView (findOrderDetails and every call answering an order) */
export interface AirOrderAfterSaleView {
  /** the buttons the status allows (spec §4: only unticketed orders cancel; ticketed ones refund) */
  actions: AirOrderAction[]
  refunds: AirRefundView[]
  changes: AirChangeView[]
  /** the open change's payment deadline (status changeToBePaid); null otherwise */
  changePayDeadline: string | null
  /** how the attendee may pay a change (the event's payers) */
  changePayMethods: PayMethod[]
  checkIn: CheckInAdviceView
  /** the refund/change terms of the cabin booked (for the screens' rule notes) */
  rule: { refund: RuleTerm[]; change: RuleTerm[] }
  /** refund, partiallyRefunded, cancelled, issueFailed, traveled: nothing more will happen */
  ended: boolean
}
