/**
 * Changing air tickets to another flight (ticketChanging): the flights on offer with their fare
 * difference and fee, holding the new seats, undoing the change, paying what it costs. How a
 * change runs: ./after-sales.
 * Conventions (login, money, times, languages, FlightRef): ../flight.ts.
 */
import type { CabinClass } from '../../air'
import { defineCall } from '../../call'
import type { AirAfterSaleReason, AirAfterSaleType, ChangeLine } from './after-sales'
import type { AirOrderView } from './booking'
import type { CreateOrderPayRequest, OrderPayView, PayRequest } from './pay'
import type { FlightRef, FlightView } from './search'

export interface FindRebookListRequest {
  orderId: number
  /** spec §3 "resigner": the passengers to change (all on the same flight now) */
  passengerIds: number[]
  /** the new departure date 'YYYY-MM-DD' (today up to the sale horizon) */
  date: string
  /** involuntary changes cost nothing (subject to the airline's verification) */
  type: AirAfterSaleType
}
export interface RebookCabinView {
  cabinCode: string
  cabinClass: CabinClass
  discount: number
  seatsLeft: number
  /** the new adult fare */
  adultFareFen: number
  /** per passenger asked: fee and fare difference */
  lines: ChangeLine[]
  feeFen: number
  fareDiffFen: number
  /** what the change costs the attendee: fees + fare differences (to a lower fare: the fees the difference does not cover) */
  dueFen: number
  /** to a lower fare: what goes back to the payer once the airline confirms (differences less fees) */
  backFen: number
}
export interface RebookFlightView {
  flight: FlightView
  /** cabins of the booked cabin class with seats for every passenger, cheapest first ([] when none) */
  cabins: RebookCabinView[]
}
export interface RebookListView {
  /** the flights of the same route (departure and arrival airports) on that date, by departure time */
  flights: RebookFlightView[]
  /** false when the fare rule allows no change now (then flights is []) */
  changeAllowed: boolean
}
/**
 * Flights to change to (spec §2 ticketChanging): same route, the chosen date, with the fare
 * difference and the change fee by the booked cabin's rule and the time before the current
 * departure. Changes keep the cabin class booked (an upgrade is a new booking). The current flight
 * is left out. Bad date: EAIR1002; order or passengers not changeable: EAIR1033 / EAIR1034.
 */
export const findRebookList = defineCall<FindRebookListRequest, RebookListView>({ path: '/api/flight/flight/findRebookList', auth: 'required' })

export interface TicketChangeRequest {
  /** made once per change intent and reused on retry */
  idempotencyKey: string
  orderId: number
  passengerIds: number[]
  /** spec §3 change "type" */
  type: AirAfterSaleType
  /** spec §3 "cause", one of AIR_AFTER_SALE_REASONS[type] */
  cause: AirAfterSaleReason
  /** required when cause is 'other' (1-200 characters); '' otherwise */
  causeText: string
  /** the new flight, from findRebookList */
  flight: FlightRef
  cabinCode: string
  /** the amount due the attendee saw; changed since: EAIR1035 with the new amount */
  expectedDueFen: number
  /** to a lower fare: the amount back the attendee saw (RebookCabinView.backFen); changed since: EAIR1049 with the new amount. Absent: not checked */
  expectedBackFen?: number
}
/**
 * Asks for a change: holds the seats on the new flight (no seat left: EAIR1004). Money due: the
 * order is 'changeToBePaid' until the change is paid (deadline in the change's payDeadline);
 * nothing due: 'changing' at once. Then the airline confirms asynchronously. The order already in
 * a refund or change: EAIR1038; a ticket not changeable: EAIR1040; no change allowed now by the
 * fare rule: EAIR1041; the same flight as now or no flight: EAIR1042; type and cause missing:
 * EAIR1045; cause 'other' without a text: EAIR1046.
 */
export const ticketChange = defineCall<TicketChangeRequest, AirOrderView>({ path: '/api/flight/flight/ticketChange', auth: 'required' })

export interface CancelChangeRequest {
  orderId: number
}
/**
 * Undoes the order's unpaid change (status changeToBePaid): the new seats are released and the
 * order is as before the change. Nothing to undo: EAIR1043 (a change being paid for or confirmed
 * cannot be undone); a WeChat payment of the change still open that is paid later is refunded
 * in full.
 */
export const ticketCancelChange = defineCall<CancelChangeRequest, AirOrderView>({ path: '/api/flight/flight/ticketCancelChange', auth: 'required' })

/**
 * Opens a WeChat Pay payment of the open change's dueFen (or the one already open for it): the
 * same shape as createOrderPay. The change moves on when WeChat notifies orderPayNotify (a
 * notification replayed changes the order once); the client follows with findOrderDetails. No
 * change waiting for payment: EAIR1043; its deadline passed: EAIR1044.
 */
export const createChangeOrderPay = defineCall<CreateOrderPayRequest, OrderPayView>({ path: '/api/flight/pay/createChangeOrderPay', auth: 'required' })

/**
 * The company pays the open change (when the event lets the company pay: changePayMethods holds
 * 'company'; otherwise EAIR1022): the order goes to 'changing' and the airline is asked. Paid
 * already: answers the order unchanged. No change waiting for payment: EAIR1043; deadline passed:
 * EAIR1044.
 */
export const confirmChangeOrder = defineCall<PayRequest, AirOrderView>({ path: '/api/flight/pay/confirmChangeOrder', auth: 'required' })
