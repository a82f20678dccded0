/**
 * The train order state machine: the 14 statuses of spec §4 (contracts/train.ts), every move an
 * order may make written down once, and what each status lets the attendee do. Part 1 moves
 * toBePaid → ticketing/canceled/overdue and ticketing → issued/failed; the change and refund moves
 * are written here with the booking's, so the after-sales services only add their moves.
 */
import { TRAIN_STATUS_ACTIONS, type TrainOrderAction, type TrainOrderStatus, type TrainTicketAction, type TrainTicketState } from '@contracts/train'

export const TRAIN_ORDER_TRANSITIONS: Readonly<Record<TrainOrderStatus, readonly TrainOrderStatus[]>> = {
  // saved, seats held: paid (ticketing), cancelled by the attendee, or past the deadline
  toBePaid: ['ticketing', 'canceled', 'overdue'],
  // the railway answers: issued, or failed (the payment is refunded by itself)
  ticketing: ['issued', 'failed'],
  // part 2: refund all or some tickets, change them (online at once, or waiting for a difference to be paid)
  issued: ['refunding', 'changing', 'changeToProcess'],
  refunding: ['refunded', 'partiallyRefunded', 'changedRefunded', 'issued', 'changed', 'partiallyChanged'],
  partiallyRefunded: ['refunding', 'changing', 'changeToProcess'],
  // a change waiting for its difference: paid (changing), or cancelled unpaid (back to what the tickets were)
  changeToProcess: ['changing', 'issued', 'changed', 'partiallyChanged', 'partiallyRefunded'],
  changing: ['changed', 'partiallyChanged', 'issued', 'partiallyRefunded'],
  changed: ['refunding', 'changing', 'changeToProcess'],
  partiallyChanged: ['refunding', 'changing', 'changeToProcess'],
  // ended
  changedRefunded: [],
  refunded: [],
  failed: [],
  canceled: [],
  overdue: [],
}

export const canMove = (from: TrainOrderStatus, to: TrainOrderStatus): boolean => TRAIN_ORDER_TRANSITIONS[from].includes(to)

/** a move the table does not allow is a bug in the caller (services check first and answer a msgId) */
export function assertMove(from: TrainOrderStatus, to: TrainOrderStatus): void {
  if (!canMove(from, to)) throw new Error(`train order: ${from} → ${to} is not allowed`)
}

/** what the attendee may do in each status: the table lives in contracts/train.ts (the orders list shows it too) */
export const TRAIN_ORDER_ACTIONS = TRAIN_STATUS_ACTIONS

/** statuses in which a refund or change may start (one at a time per order: the others are under way or ended) */
export const AFTERSALE_OPEN: readonly TrainOrderStatus[] = ['issued', 'partiallyRefunded', 'changed', 'partiallyChanged']

/**
 * The order's status from its tickets: what is under way first (refunding, a change
 * waiting for money, changing), then what the tickets are: all refunded (changedRefunded when one
 * of them had been changed), some refunded, all changed, some changed, or issued.
 */
export function statusOfTickets(tickets: ReadonlyArray<{ state: TrainTicketState; everChanged: boolean }>): TrainOrderStatus {
  const states = tickets.map((t) => t.state)
  if (states.includes('refunding')) return 'refunding'
  if (states.includes('changeToPay')) return 'changeToProcess'
  if (states.includes('changing')) return 'changing'
  const refunded = states.filter((s) => s === 'refunded').length
  if (refunded === states.length) return tickets.some((t) => t.everChanged) ? 'changedRefunded' : 'refunded'
  if (refunded > 0) return 'partiallyRefunded'
  const changed = states.filter((s) => s === 'changed').length
  if (changed === states.length) return 'changed'
  if (changed > 0) return 'partiallyChanged'
  return 'issued'
}

/**
 * The order's buttons: its status's actions, 'refund' / 'change' only while one of its tickets
 * allows it, 'remove' only until removed.
 */
export function orderActions(status: TrainOrderStatus, ticketActions: ReadonlyArray<readonly TrainTicketAction[]>, removed: boolean): TrainOrderAction[] {
  return TRAIN_ORDER_ACTIONS[status].filter((a) => {
    if (a === 'refund' || a === 'change') return ticketActions.some((t) => t.includes(a))
    if (a === 'remove') return !removed
    return true
  })
}
