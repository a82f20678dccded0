import type { AirOrderAction } from '@contracts/calls/flight/after-sales'
import type { AirOrderView, PassengerView } from '@contracts/calls/flight/booking'

/**
 * What the air order details (airOrderDetails) derive from the order: which buttons go forward,
 * the insurance per passenger, whether a ticket now flies on another flight, and whether the
 * check-in advice still matters.
 */

/** the actions that end or undo something are plain buttons; the ones that go forward are primary */
const PRIMARY: readonly AirOrderAction[] = ['pay', 'payChange', 'change']
export const isPrimaryAction = (a: AirOrderAction): boolean => PRIMARY.includes(a)

/** the insurance each insured passenger pays (the price's insurance line), 0 when none */
export const insuranceUnitFenOf = (order: AirOrderView): number => order.price.lines.find((l) => l.kind === 'insurance')?.unitFen ?? 0

/** a change moved this passenger's ticket to another flight or day than the order's */
export const movedByChange = (order: AirOrderView, p: PassengerView): boolean =>
  p.segment.flightNo !== order.flight.flightNo || p.segment.date !== order.flight.date

/** the check-in advice is shown until check-in closes for the order's flight, unless the order has ended */
export const checkInStillOpen = (order: AirOrderView, now: number): boolean =>
  !order.ended && !!order.checkIn.closesAt && Date.parse(order.checkIn.closesAt) > now
