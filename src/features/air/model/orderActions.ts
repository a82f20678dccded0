import type { AirOrderStatus } from '@contracts/air'

/**
 * What the attendee may do with an air order, by its status (spec §4: only unticketed orders are
 * cancelled online, a ticketed one needs a refund). The order page offers exactly these buttons;
 * the server decides again on every call (its state machine, server/src/domain/air-order-machine.ts,
 * answers a refused move with a message), so this table only spares the attendee a button that
 * could not work.
 */
export const ORDER_ACTIONS = ['pay', 'cancel', 'refund', 'change', 'payChange', 'undoChange', 'remove'] as const
export type OrderAction = (typeof ORDER_ACTIONS)[number]

export const ACTIONS_BY_STATUS: Record<AirOrderStatus, readonly OrderAction[]> = {
  // unticketed and unpaid: pay it, or cancel it (the only online cancel)
  new: ['cancel'],
  toBePaid: ['pay', 'cancel'],
  // paid, the airline is issuing: nothing until it answers
  awaitingIssue: [],
  ticketed: ['refund', 'change'],
  // refused by the airline; the payment goes back by itself
  issueFailed: ['remove'],
  // the airline is working on it: the page refreshes quietly
  refunding: [],
  changing: [],
  refunded: ['remove'],
  changeToBePaid: ['payChange', 'undoChange'],
  // one change per ticket (as the airlines sell these fares); a changed ticket may still be refunded
  changed: ['refund'],
  traveled: ['remove'],
  // the passengers left in the order may still be refunded or changed
  partiallyChanged: ['refund', 'change'],
  partiallyRefunded: ['refund', 'change'],
  cancelled: ['remove'],
  // the airline reversed a refund or change: the ticket stands and may be refunded or changed again
  retrograde: ['refund', 'change'],
}

export const actionsFor = (status: AirOrderStatus): readonly OrderAction[] => ACTIONS_BY_STATUS[status]
export const allows = (status: AirOrderStatus, action: OrderAction): boolean => ACTIONS_BY_STATUS[status].includes(action)

/** the airline is still working on the order: the order page reads it again in the background */
export const PROCESSING_STATUSES = ['new', 'awaitingIssue', 'refunding', 'changing'] as const satisfies readonly AirOrderStatus[]
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number]
export const isProcessing = (status: AirOrderStatus): status is ProcessingStatus => (PROCESSING_STATUSES as readonly string[]).includes(status)

/** the pauses between background reads while the order is processing: quick at first, then patient */
export const PROCESSING_POLL_MS = [2000, 3000, 5000, 8000, 13000, 20000, 30000] as const
export const processingPollDelay = (attempt: number): number => PROCESSING_POLL_MS[Math.min(Math.max(0, attempt), PROCESSING_POLL_MS.length - 1)]
