/**
 * After-sales rules the train order screens need on the client: which buttons a row of
 * My orders shows for a status, which page an order opens, which statuses are still moving (the
 * details page refreshes itself quietly), and the booking draft a rebook starts from. What an order
 * may really do is the server's (`TrainOrderView.actions`, from its state machine); the list has
 * only the status, so its row buttons are the safe subset each status always allows, and every
 * one of them is checked again by the server.
 */
import type { ChangedTicket } from '@contracts/calls/train/change'
import type { OrderPassengerView, TrainOrderView, TrainTicketView } from '@contracts/calls/train/orders'
import {
  TRAIN_STATUS_ACTIONS,
  type SeatPosition,
  type SeatType,
  type TrainAftersaleState,
  type TrainOrderAction,
  type TrainOrderStatus,
  type TrainTicketAction,
} from '@contracts/train'
import { newIdempotencyKey } from '@/lib/idempotency'
import type { RouteName } from '@/lib/router/routes'
import type { TrainDraft } from '@/store/trainSlice'
import { draftKeyOf } from './reservation'

/** the buttons a My orders row can show (details is the row itself) */
export type ListAction = 'pay' | 'rebook' | 'remove'

/** statuses the railway or the payment is still working on: the details page asks again by itself */
export const MOVING_STATUSES: readonly TrainOrderStatus[] = ['ticketing', 'refunding', 'changing', 'changeToProcess']

export const isMoving = (s: TrainOrderStatus): boolean => MOVING_STATUSES.includes(s)

const ROW_ACTIONS: readonly ListAction[] = ['pay', 'rebook', 'remove']

/**
 * the row buttons of My orders for a status: the pay / rebook / remove buttons of the status's
 * actions (contracts/train.ts TRAIN_STATUS_ACTIONS, the server's table); refund and change are
 * done on the order's details, where the order's own actions are the authority
 */
export function listActionsOf(status: TrainOrderStatus): ListAction[] {
  return ROW_ACTIONS.filter((a) => (TRAIN_STATUS_ACTIONS[status] ?? []).includes(a))
}

/** the page an order of the list opens: unpaid the pay page, overdue its rebook page, any other its details */
export function trainOrderPageOf(status: string): RouteName {
  if (status === 'toBePaid') return 'trainToBePaid'
  if (status === 'overdue') return 'trainPaymentOverdue'
  return 'trainOrderDetails'
}

/**
 * Rebooking an overdue order: a new reservation of the same train, segment and seat class with the
 * same travellers, children's heights and contact already filled in (a new intent: a new
 * idempotency key). The agreement is ticked again by the attendee. Passengers whose saved
 * traveller was deleted are left out.
 */
export function rebookDraftOf(order: TrainOrderView): TrainDraft {
  const key = draftKeyOf({
    trainCode: order.trainCode,
    date: order.date,
    fromStationCode: order.from.code,
    toStationCode: order.to.code,
    seatType: order.seatType,
  })
  const kept = order.passengers.filter((p): p is OrderPassengerView & { travellerId: number } => p.travellerId !== null)
  return {
    key,
    passengers: kept.map((p) => ({
      travellerId: p.travellerId,
      passengerType: p.passengerType,
      heightCm: p.heightCm ? String(p.heightCm) : '',
      seatChoice: p.seatChoice,
    })),
    contactName: order.contactName,
    contactMobile: order.contactMobile,
    agreed: false,
    overPolicyReason: order.overPolicy?.reason ?? '',
    idempotencyKey: newIdempotencyKey(),
  }
}

/** oneWayReservation's address for the same train as an order */
export const reservationQueryOf = (order: TrainOrderView) => ({
  trainCode: order.trainCode,
  date: order.date,
  from: order.from.code,
  to: order.to.code,
  seat: order.seatType,
})

/**
 * Quiet refresh of an order the railway is working on (refund, change, ticketing): the first
 * look soon, then longer and longer pauses, so a phone on a bad venue network is not hammered.
 */
export const AFTER_SALES_POLL = {
  firstDelayMs: 2000,
  factor: 1.5,
  maxDelayMs: 30_000,
} as const

/** the pause before refresh number `attempt` (0-based) */
export function afterSalesPollDelay(attempt: number): number {
  const d = AFTER_SALES_POLL.firstDelayMs * Math.pow(AFTER_SALES_POLL.factor, Math.max(0, attempt))
  return Math.min(AFTER_SALES_POLL.maxDelayMs, Math.round(d))
}

/** the passengers whose ticket the server lets the attendee refund / change now */
export const passengersAllowed = (order: TrainOrderView, action: TrainTicketAction): OrderPassengerView[] =>
  order.passengers.filter((p) => p.ticketActions.includes(action))

/** toggles a passenger in a selection, keeping the order's passenger order */
export function toggleSelected(selected: readonly number[], id: number, order: readonly number[]): number[] {
  const next = selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]
  return order.filter((x) => next.includes(x))
}

/**
 * Which child tickets would be changed without an adult of the order (spec §4: a child ticket is
 * never changed alone): shown before asking the server, which refuses it too (ETRAIN1093).
 */
export function childAlone(order: TrainOrderView, selected: readonly number[]): boolean {
  const chosen = order.passengers.filter((p) => selected.includes(p.id))
  return chosen.length > 0 && chosen.every((p) => p.passengerType === 'child')
}

/** what the fare difference of a change means for the attendee: pay it, get it back, or nothing */
export type Difference = { kind: 'pay'; amountFen: number } | { kind: 'refund'; amountFen: number } | { kind: 'none'; amountFen: 0 }
export function differenceOf(differenceFen: number): Difference {
  if (differenceFen > 0) return { kind: 'pay', amountFen: differenceFen }
  if (differenceFen < 0) return { kind: 'refund', amountFen: -differenceFen }
  return { kind: 'none', amountFen: 0 }
}

/**
 * A change's fare difference as the WeChat Pay panel sees it: unpaid while the change waits for
 * it, closed when the server cancelled the change at its deadline, paid once it went on.
 */
export function changePayStateOf(state: TrainAftersaleState): 'paid' | 'unpaid' | 'closed' {
  if (state === 'toPay') return 'unpaid'
  if (state === 'canceled') return 'closed'
  return 'paid'
}

/** the change flow's steps on ticketChangesPage */
export type ChangeStep = 'pick' | 'trains' | 'confirm' | 'pay'

/** the order of the buttons at the foot of the order details, most wanted first */
const DETAILS_ACTION_ORDER: readonly TrainOrderAction[] = ['pay', 'change', 'refund', 'rebook', 'cancel', 'remove']

/** the order's actions as the details page lays its buttons out */
export const detailsActionsOf = (order: TrainOrderView): TrainOrderAction[] => DETAILS_ACTION_ORDER.filter((a) => order.actions.includes(a))

/** the ticket a passenger holds now, as the order details show it */
export interface TicketNow {
  /** the ticket a change made, when there is one */
  changed: ChangedTicket | null
  carriage: string | null
  seatNo: string | null
  position: SeatPosition | null
  ticketNo: string | null
  seatType: SeatType
  priceFen: number
}

/**
 * The ticket a passenger holds now: after a change, the new ticket (its seat is the one to show);
 * otherwise the issued ticket (orderTicket/get) when it has come, else the order's own copy.
 */
export function ticketNowOf(order: TrainOrderView, p: OrderPassengerView, issued: TrainTicketView | undefined): TicketNow {
  const changed = p.changedTo ?? issued?.changedTo ?? null
  return {
    changed,
    carriage: changed ? changed.carriage : (issued?.carriage ?? p.carriage),
    seatNo: changed ? changed.seatNo : (issued?.seatNo ?? p.seatNo),
    position: changed ? changed.seatPosition : (issued?.seatPosition ?? p.seatPosition),
    ticketNo: changed?.ticketNo ?? issued?.ticketNo ?? p.ticketNo,
    seatType: changed?.seatType ?? issued?.seatType ?? order.seatType,
    priceFen: changed?.priceFen ?? issued?.priceFen ?? p.ticketPriceFen,
  }
}
