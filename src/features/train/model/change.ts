/**
 * The rules of the change form (ticketChangesPage) the client applies before asking the server:
 * which tickets may be changed and why not (spec §4), what must be chosen before the trains are
 * asked for and before the change is sent, and the request that sends exactly what was seen.
 */
import type { ChangeOptions, ChangeQuote, ChangeTrainOffer, SaveChangeRequest } from '@contracts/calls/train/change'
import type { OrderPassengerView, TrainOrderView } from '@contracts/calls/train/orders'
import type { StationRef } from '@contracts/calls/train/search'
import type { TrainChangeCause, TrainChangeType } from '@contracts/train'
import type { MessageKey } from '../i18n'
import { childAlone } from './after-sales'

/** the train and seat class chosen among the railway's offers, with its price */
export interface ChangeChoice {
  train: ChangeTrainOffer
  quote: ChangeQuote
}

/** why a ticket of the order cannot be changed now (spec §4), as the catalogue says it */
export function changeBlockOf(p: OrderPassengerView): MessageKey | null {
  if (p.ticketActions.includes('change')) return null
  if (p.changedTo?.changeType === 'destination') return 'train.change.blocked.afterDestination'
  if (p.changeCount >= 1) return 'train.change.blocked.once'
  return 'train.change.blocked.state'
}

/** what is missing before the trains can be asked for: tickets, an adult with a child, the new station */
export function askChangeProblem(order: TrainOrderView, selected: readonly number[], changeType: TrainChangeType, newTo: StationRef | null): MessageKey | null {
  if (!selected.length) return 'train.change.pickTickets'
  if (childAlone(order, selected)) return 'train.change.blocked.childAlone'
  if (changeType === 'destination' && !newTo) return 'train.change.pickStation'
  return null
}

/** what is missing before the change is sent: a cause, and its text when the cause is 'other' */
export function changeCauseProblem(cause: TrainChangeCause | null, causeText: string): MessageKey | null {
  if (!cause) return 'train.change.pickCause'
  if (cause === 'other' && !causeText.trim()) return 'train.change.enterCause'
  return null
}

/** a seat class the attendee may not choose, and why: sold out, or outside the travel policy (the server refuses it: ETRAIN1030) */
export function quoteRefusal(q: ChangeQuote): MessageKey | null {
  if (q.left <= 0) return 'train.common.soldOut'
  if (!q.withinPolicy) return 'train.change.overPolicy'
  return null
}

/** the change as seen: the chosen train's own stations (a change may move between the stations of one city) and the difference shown */
export function saveChangeRequestOf(
  idempotencyKey: string,
  orderId: number,
  options: ChangeOptions,
  choice: ChangeChoice,
  cause: TrainChangeCause,
  causeText: string,
): SaveChangeRequest {
  return {
    idempotencyKey,
    orderId,
    passengerIds: options.passengerIds,
    changeType: options.changeType,
    cause,
    causeText: cause === 'other' ? causeText.trim() : '',
    trainCode: choice.train.trainCode,
    date: choice.train.date,
    fromStationCode: choice.train.from.code,
    toStationCode: choice.train.to.code,
    seatType: choice.quote.seatType,
    expectedDifferenceFen: choice.quote.differenceFen,
  }
}
