/**
 * Train words shared by the train screens and the server: train types, seat types and their seat
 * letters, passenger types, the order statuses of spec §4 and what an order's status lets the
 * attendee do. Plain data, no runtime dependencies.
 *
 * Money is always in fen (1/100 yuan), an integer: `priceFen: 55350` is ¥553.50.
 * Dates are 'YYYY-MM-DD' (China time, the railway's calendar), clock times 'HH:mm' (China time),
 * instants ISO 8601 with offset.
 */

/** G high-speed, D EMU, C intercity, Z direct express, T express, K fast (spec §3 "train type") */
export const TRAIN_TYPES = ['G', 'D', 'C', 'Z', 'T', 'K'] as const
export type TrainType = (typeof TRAIN_TYPES)[number]

/**
 * Seat classes as the railway sells them (spec §3 "seat type").
 * business 商务座, first 一等座, second 二等座, softSleeper 软卧 (动卧 on D), hardSleeper 硬卧,
 * hardSeat 硬座, noSeat 无座 (standing; the same price as the train's cheapest seat).
 */
export const SEAT_TYPES = ['business', 'first', 'second', 'softSleeper', 'hardSleeper', 'hardSeat', 'noSeat'] as const
export type SeatType = (typeof SEAT_TYPES)[number]

/** which seat classes each train type carries, best first (the sandbox timetable and the policy use it) */
export const SEATS_OF_TRAIN_TYPE: Readonly<Record<TrainType, readonly SeatType[]>> = {
  G: ['business', 'first', 'second', 'noSeat'],
  D: ['first', 'second', 'softSleeper', 'noSeat'],
  C: ['first', 'second', 'noSeat'],
  Z: ['softSleeper', 'hardSleeper', 'hardSeat', 'noSeat'],
  T: ['softSleeper', 'hardSleeper', 'hardSeat', 'noSeat'],
  K: ['softSleeper', 'hardSleeper', 'hardSeat', 'noSeat'],
}

/**
 * Seat letters a passenger may ask for (spec §2 seatingPage), by seat class. Only the seated
 * classes of G/D/C trains have letters; A and F are by the window, C and D by the aisle, B in the
 * middle. Other classes take a 'window' / 'aisle' wish or nothing.
 */
export const SEAT_LETTERS: Readonly<Partial<Record<SeatType, readonly string[]>>> = {
  business: ['A', 'C', 'F'],
  first: ['A', 'C', 'D', 'F'],
  second: ['A', 'B', 'C', 'D', 'F'],
}
export type SeatPosition = 'window' | 'aisle' | 'middle'
export const positionOfLetter = (letter: string): SeatPosition => (letter === 'A' || letter === 'F' ? 'window' : letter === 'B' ? 'middle' : 'aisle')
/** whether a train type's seat class has seat letters (G/D/C seated classes) */
export const hasSeatLetters = (trainType: TrainType, seatType: SeatType): boolean =>
  (trainType === 'G' || trainType === 'D' || trainType === 'C') && SEAT_LETTERS[seatType] !== undefined

/**
 * What a passenger asks for on seatingPage: a seat letter (where hasSeatLetters), or
 * 'window'/'aisle' (elsewhere), or nothing. The railway tries to honour it, never promises.
 */
export type SeatChoice = 'A' | 'B' | 'C' | 'D' | 'F' | 'window' | 'aisle'
export const SEAT_CHOICES: readonly SeatChoice[] = ['A', 'B', 'C', 'D', 'F', 'window', 'aisle']

/** ticket kinds (spec §3 "passenger type"); who is a child depends on the event's rules profile */
export const PASSENGER_TYPES = ['adult', 'child'] as const
export type PassengerType = (typeof PASSENGER_TYPES)[number]

/**
 * How children are told apart (spec §5 "Children"): 'height' is the spec's rule (under 1.2 m free,
 * 1.2-1.5 m child ticket, above adult ticket); 'age' is today's railway rule on real-name tickets
 * (under 6 free, 6 to under 14 child ticket, 14 and over adult ticket), read from the ID card.
 */
export type ChildRule = 'height' | 'age'

/**
 * Railway identity check of a saved traveller (spec §3 "audit status"): the railway checks name
 * and document number before it sells a ticket in that name. pending: not answered yet (booking
 * is allowed; the railway checks again at ticketing); passed; failed: name and number do not
 * match (booking refused).
 */
export const AUDIT_STATUSES = ['pending', 'passed', 'failed'] as const
export type AuditStatus = (typeof AUDIT_STATUSES)[number]

/**
 * The train order statuses of spec §4, in its order (the spec lists fourteen labels). The
 * catalogues hold one label per status (`train.status.<status>`).
 * - ticketing: paid, the railway is issuing (askOrderTicket polls it)
 * - canceled: cancelled before payment (by the attendee, or a late payment refunded)
 * - refunding / refunded / partiallyRefunded: refund of all / some tickets (after-sales)
 * - changed / changing / partiallyChanged / changedRefunded / changeToProcess: changes (after-sales)
 * - issued: every ticket issued
 * - failed: the railway could not issue; the payment is refunded by itself
 * - toBePaid: saved, seats held, waiting for payment until `payDeadline`
 * - overdue: not paid by the deadline, seats released; the attendee can rebook the same train
 */
export const TRAIN_ORDER_STATUSES = [
  'ticketing',
  'canceled',
  'refunding',
  'changed',
  'refunded',
  'issued',
  'changedRefunded',
  'changing',
  'failed',
  'partiallyChanged',
  'partiallyRefunded',
  'toBePaid',
  'changeToProcess',
  'overdue',
] as const
export type TrainOrderStatus = (typeof TRAIN_ORDER_STATUSES)[number]

/**
 * What an order's status lets the attendee do now (the server answers them in `actions`, from its
 * state machine; the client only shows the buttons): pay (company or WeChat Pay), cancel (unpaid
 * only), rebook (overdue: same train, new order), refund and change (after-sales), remove from
 * the list (ended orders).
 */
export type TrainOrderAction = 'pay' | 'cancel' | 'rebook' | 'refund' | 'change' | 'remove'

/**
 * What each status lets the attendee do (here rather than in the server's state machine so
 * the orders list can show a row's buttons without loading the order). An order's own `actions`
 * (getTrainOrderInfo) are the authority: 'refund' / 'change' there only while a ticket allows it
 * now, 'remove' only until removed; the services check again.
 */
export const TRAIN_STATUS_ACTIONS: Readonly<Record<TrainOrderStatus, readonly TrainOrderAction[]>> = {
  toBePaid: ['pay', 'cancel'],
  ticketing: [],
  issued: ['refund', 'change'],
  refunding: [],
  partiallyRefunded: ['refund', 'change'],
  changeToProcess: ['pay'],
  changing: [],
  changed: ['refund'],
  partiallyChanged: ['refund', 'change'],
  changedRefunded: ['remove'],
  refunded: ['remove'],
  failed: ['rebook', 'remove'],
  canceled: ['rebook', 'remove'],
  overdue: ['rebook', 'remove'],
}

/** who paid: the company account (payOnBusiness) or the attendee by WeChat Pay (paymentOrder) */
export type TrainPayer = 'company' | 'attendee'

/** what happened to an order, for the order's timeline (one entry per change) */
export type TrainOrderEventKind =
  | 'created'
  | 'paid'
  | 'ticketingStarted'
  | 'issued'
  | 'issueFailed'
  | 'canceled'
  | 'overdue'
  | 'latePaymentRefunded'
  | 'refundStarted'
  | 'refunded'
  | 'changeStarted'
  | 'changed'
  // after-sales
  | 'refundFailed'
  | 'ticketsRefunded'
  | 'changeToPay'
  | 'changePaid'
  | 'changeFailed'
  | 'changeCanceled'
  | 'changeSurplusRefunded'
  | 'removed'

// ------------------------------------------------------------------------------------------------
// After-sales: tickets, refunds, changes
// ------------------------------------------------------------------------------------------------

/**
 * Where one passenger's ticket stands (the order's status sums its tickets up):
 * - unissued: the order is not issued yet (toBePaid, ticketing, failed, cancelled, overdue)
 * - issued: the ticket as booked
 * - refunding / refunded: a refund is with the railway / done (the money goes back to the payer)
 * - changeToPay: a change waits for the fare difference to be paid (changeToProcess)
 * - changing: a change is with the railway
 * - changed: the passenger now holds the new ticket (the passenger's `changedTo`)
 */
export const TRAIN_TICKET_STATES = ['unissued', 'issued', 'refunding', 'refunded', 'changeToPay', 'changing', 'changed'] as const
export type TrainTicketState = (typeof TRAIN_TICKET_STATES)[number]

/** what one ticket lets the attendee do now (buttons beside the passenger) */
export type TrainTicketAction = 'refund' | 'change'

/**
 * Refund type (spec §3 "type"): voluntary (the attendee's own choice: the fee tiers apply) or
 * involuntary (the railway's fault: train cancelled or late; no fee). Online, an attendee can ask
 * only for a voluntary refund; involuntary ones are the railway's and appear on records only.
 */
export const TRAIN_REFUND_TYPES = ['voluntary', 'involuntary'] as const
export type TrainRefundType = (typeof TRAIN_REFUND_TYPES)[number]

/** refund reason (spec §3 "reason"): a list to pick from; 'other' asks for a text */
export const TRAIN_REFUND_REASONS = ['planChanged', 'eventChanged', 'wrongBooking', 'illness', 'other'] as const
export type TrainRefundReason = (typeof TRAIN_REFUND_REASONS)[number]

/**
 * Change type (spec §3 "type"): another train or date on the same route (sameRoute), or another
 * arrival station (destination, "变更到站"; after it the ticket can never be changed again).
 */
export const TRAIN_CHANGE_TYPES = ['sameRoute', 'destination'] as const
export type TrainChangeType = (typeof TRAIN_CHANGE_TYPES)[number]

/** change cause (spec §3 "cause"): a list to pick from; 'other' asks for a text */
export const TRAIN_CHANGE_CAUSES = ['planChanged', 'eventChanged', 'missedTrain', 'other'] as const
export type TrainChangeCause = (typeof TRAIN_CHANGE_CAUSES)[number]

/**
 * A refund or change record: requested → (toPay, changes with a higher fare paid by WeChat) →
 * processing (with the railway) → done, or failed (the railway refused; the tickets are as before),
 * or canceled (a change not paid by its deadline).
 */
export const TRAIN_AFTERSALE_STATES = ['toPay', 'processing', 'done', 'failed', 'canceled'] as const
export type TrainAftersaleState = (typeof TRAIN_AFTERSALE_STATES)[number]
