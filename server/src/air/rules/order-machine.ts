/**
 * The air order state machine: the one table of which status may follow which (spec §4's 15
 * statuses). Nothing else writes an order's status: services call `transition(from, event)` and
 * store what it answers. Part 1 (booking, paying, ticketing, the payment deadline) uses the first
 * block; part 2's changes and refunds have their rows already so the table is whole.
 */
import type { AirOrderStatus } from '@contracts/air'
import type { AirOrderAction } from '@contracts/calls/flight'

export type AirOrderEvent =
  | 'priced' // the airline confirmed seats and price: the order waits for payment
  | 'paid'
  | 'payDeadlinePassed'
  | 'cancelledByAttendee'
  | 'ticketIssued'
  | 'issueFailed'
  | 'refundRequested'
  | 'refunded'
  | 'partiallyRefunded'
  | 'refundRejected'
  | 'changeRequested'
  | 'changeNeedsPayment'
  | 'changePaid'
  | 'changed'
  | 'partiallyChanged'
  | 'changeCancelled'
  // an unpaid change undone (by the attendee or its deadline) puts the order back where it was:
  // changeCancelled for a ticketed order, these for the other statuses a change may start from
  | 'changeCancelledToPartiallyChanged'
  | 'changeCancelledToPartiallyRefunded'
  | 'changeCancelledToRetrograde'
  | 'changeRejected'
  | 'flown'

export const AIR_TRANSITIONS: Record<AirOrderStatus, Partial<Record<AirOrderEvent, AirOrderStatus>>> = {
  new: { priced: 'toBePaid', cancelledByAttendee: 'cancelled', payDeadlinePassed: 'cancelled' },
  toBePaid: { paid: 'awaitingIssue', payDeadlinePassed: 'cancelled', cancelledByAttendee: 'cancelled' },
  awaitingIssue: { ticketIssued: 'ticketed', issueFailed: 'issueFailed' },
  ticketed: { refundRequested: 'refunding', changeRequested: 'changing', flown: 'traveled' },
  issueFailed: {},
  refunding: { refunded: 'refunded', partiallyRefunded: 'partiallyRefunded', refundRejected: 'retrograde' },
  refunded: {},
  changing: { changeNeedsPayment: 'changeToBePaid', changed: 'changed', partiallyChanged: 'partiallyChanged', changeRejected: 'retrograde' },
  changeToBePaid: {
    changePaid: 'changing',
    changeCancelled: 'ticketed',
    changeCancelledToPartiallyChanged: 'partiallyChanged',
    changeCancelledToPartiallyRefunded: 'partiallyRefunded',
    changeCancelledToRetrograde: 'retrograde',
  },
  changed: { refundRequested: 'refunding', flown: 'traveled' },
  traveled: {},
  partiallyChanged: { refundRequested: 'refunding', changeRequested: 'changing', flown: 'traveled' },
  partiallyRefunded: { refundRequested: 'refunding', changeRequested: 'changing', flown: 'traveled' },
  cancelled: {},
  retrograde: { refundRequested: 'refunding', changeRequested: 'changing', flown: 'traveled' },
}

/** the status after `event`, or null when the event does not apply to `from` */
export function transition(from: AirOrderStatus, event: AirOrderEvent): AirOrderStatus | null {
  return AIR_TRANSITIONS[from][event] ?? null
}

/** part 1: an order that waits for money */
export const isAwaitingPayment = (s: AirOrderStatus) => s === 'toBePaid'

/** the event that undoes an unpaid change of an order that was `prior` before it */
export function changeUndoneEvent(prior: AirOrderStatus): AirOrderEvent {
  if (prior === 'partiallyChanged') return 'changeCancelledToPartiallyChanged'
  if (prior === 'partiallyRefunded') return 'changeCancelledToPartiallyRefunded'
  if (prior === 'retrograde') return 'changeCancelledToRetrograde'
  return 'changeCancelled'
}

/** an order nothing more will happen to (no move leaves its status): it may be removed from the lists */
export const isEnded = (s: AirOrderStatus): boolean => Object.keys(AIR_TRANSITIONS[s]).length === 0

/**
 * The buttons the details screen shows for a status, read from the table: cancel where the
 * attendee may cancel (spec §4: unticketed orders only), refund and change where a refund or a
 * change may start, pay / payChange / cancelChange while money is awaited, remove once ended.
 */
export function actionsFor(s: AirOrderStatus): AirOrderAction[] {
  const out: AirOrderAction[] = []
  if (isAwaitingPayment(s)) out.push('pay')
  if (transition(s, 'cancelledByAttendee')) out.push('cancel')
  if (transition(s, 'refundRequested')) out.push('refund')
  if (transition(s, 'changeRequested')) out.push('change')
  if (transition(s, 'changePaid')) out.push('payChange', 'cancelChange')
  if (isEnded(s)) out.push('remove')
  return out
}
