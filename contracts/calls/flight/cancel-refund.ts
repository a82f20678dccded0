/**
 * Ending an air order: cancelling one without tickets, refunding tickets (the estimate, then the
 * request), removing an ended order from the attendee's lists. How a refund runs: ./after-sales.
 * Conventions (login, money, times, languages, FlightRef): ../flight.ts.
 */
import type { PayMethod } from '../../air'
import { defineCall } from '../../call'
import type { AirAfterSaleReason, AirAfterSaleType, RefundLine } from './after-sales'
import type { AirOrderView, OrderIdRequest } from './booking'

/**
 * Cancels an order that has no ticket (spec §4): new or toBePaid → cancelled, seats released; a WeChat
 * payment still open that is paid later is refunded in full. A paid order waiting
 * for its tickets: EAIR1030 (wait, then refund); a ticketed one: EAIR1031 (refund instead); an
 * order cancelled already answers it unchanged.
 */
export const ticketCancel = defineCall<OrderIdRequest, AirOrderView>({ path: '/api/flight/flight/ticketCancel', auth: 'required' })

/**
 * Removes an ended order (refunded, cancelled, issueFailed, traveled) from the attendee's lists:
 * it is kept for accounting, and its id then answers ESYS0004. An order not ended: EAIR1032.
 */
export const removeTicketOrder = defineCall<OrderIdRequest, { removed: true }>({ path: '/api/flight/flight/removeTicketOrder', auth: 'required' })

export interface RefundEstimateRequest {
  orderId: number
  /** spec §3 "refunder": 1-9 passengers of the order */
  passengerIds: number[]
  /** spec §3 refund "type" */
  type: AirAfterSaleType
}
export interface RefundEstimateView {
  orderId: number
  type: AirAfterSaleType
  /** one per passenger asked, in the order's passenger order */
  lines: RefundLine[]
  /** spec §3 "count" */
  count: number
  /** spec §3 "commission": the fees of the refundable lines, summed */
  feeFen: number
  /** spec §3 "estimated amount": the refunds of the refundable lines, summed */
  refundFen: number
  /** every line refundable: the refund may be asked */
  refundable: boolean
  /** who gets the money back */
  refundTo: PayMethod
  /** involuntary: the airline verifies the claim and may refuse it (then 'retrograde') */
  needsVerification: boolean
}
/**
 * The refund estimate per passenger (spec §2 dishonoredBill: before confirming): the fee by the
 * cabin's rule and the time before departure (terms at 7 days and 2 hours, server clock). The
 * order must be ticketed, changed, partially changed/refunded or retrograde: EAIR1033 otherwise;
 * no passenger or one not of the order: EAIR1034.
 */
export const getReissueRefundPriceMultiPlayer = defineCall<RefundEstimateRequest, RefundEstimateView>({
  path: '/api/flight/flight/getReissueRefundPriceMultiPlayer',
  auth: 'required',
})

export interface TicketRefundRequest extends RefundEstimateRequest {
  /** made once per refund intent and reused on retry */
  idempotencyKey: string
  /** spec §3 refund "reason", one of AIR_AFTER_SALE_REASONS[type] (spec §5: required) */
  reason: AirAfterSaleReason
  /** required when reason is 'other' (1-200 characters), optional otherwise ('' for none) */
  reasonText: string
  /**
   * the estimated amount the attendee saw; if the estimate has changed since (a rule window
   * passed), the refund is refused with EAIR1035 and the new amount
   */
  expectedRefundFen: number
}
/**
 * Asks the airline to refund the passengers' tickets: the order goes to 'refunding' and the
 * answer comes asynchronously (findOrderDetails). A ticket not refundable: EAIR1036 (fee higher
 * than the fare), EAIR1047 (the rule allows none now), EAIR1048 (not refundable as it stands); refunding
 * would leave an infant without an adult: EAIR1037; the order already in a refund or change:
 * EAIR1038. Type and reason missing: EAIR1039 (spec §5 "refund type and reason required");
 * reason 'other' without a text, or a text over 200 characters: EAIR1046.
 */
export const ticketRefund = defineCall<TicketRefundRequest, AirOrderView>({ path: '/api/flight/flight/ticketRefund', auth: 'required' })
