/**
 * The train order state machine: the 14 statuses of spec §4 (contracts/train.ts), every move an
 * order may make written down once, and what each status lets the attendee do. Part 1 moves
 * toBePaid → ticketing/canceled/overdue and ticketing → issued/failed; the change and refund moves
 * (part 2, issue 11) are written here already so that slice only adds the services.
 */
import type { TrainOrderAction, TrainOrderStatus } from '@contracts/train'

export const TRAIN_ORDER_TRANSITIONS: Readonly<Record<TrainOrderStatus, readonly TrainOrderStatus[]>> = {
  // saved, seats held: paid (ticketing), cancelled by the attendee, or past the deadline
  toBePaid: ['ticketing', 'canceled', 'overdue'],
  // the railway answers: issued, or failed (the payment is refunded by itself)
  ticketing: ['issued', 'failed'],
  // part 2: refund all or some tickets, change them (online at once, or waiting for a difference to be paid)
  issued: ['refunding', 'changing', 'changeToProcess'],
  refunding: ['refunded', 'partiallyRefunded', 'changedRefunded', 'issued', 'changed', 'partiallyChanged'],
  partiallyRefunded: ['refunding', 'changing', 'changeToProcess'],
  changeToProcess: ['changing', 'issued', 'changed', 'partiallyChanged'],
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

/** statuses that hold seats or tickets (a passenger cannot be booked twice on one train while one of these is alive) */
export const LIVE_STATUSES: readonly TrainOrderStatus[] = ['toBePaid', 'ticketing', 'issued', 'changeToProcess', 'changing', 'partiallyChanged', 'partiallyRefunded', 'refunding', 'changed']

/** what the attendee may do in each status (buttons; the services check again) */
export const TRAIN_ORDER_ACTIONS: Readonly<Record<TrainOrderStatus, readonly TrainOrderAction[]>> = {
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
