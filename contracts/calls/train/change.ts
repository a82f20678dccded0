/**
 * Changes of train tickets to another train or seat class (spec §2 ticketChangesPage /
 * succeededInreSigning, §3 change fields, §4 change policy, §9 fees and hours). How refunds and
 * changes run, per ticket and one at a time per order: ./refund.
 * Conventions (money, dates, station codes, ids, idempotency keys): ../train.ts.
 */
import { defineCall } from '../../call'
import type { PassengerType, SeatPosition, SeatType, TrainAftersaleState, TrainChangeCause, TrainChangeType, TrainPayer, TrainType } from '../../train'
import type { TrainOrderView } from './orders'
import type { TicketRoute, TrainTrip } from './refund'
import type { StationRef, TrainOffer } from './search'

/** one ticket as a change made it (the passenger's train, seat and price after the change) */
export interface ChangedTicket extends TrainTrip {
  changeType: TrainChangeType
  trainType: TrainType
  seatType: SeatType
  /** after the railway confirmed the change; null while changing or waiting for payment */
  carriage: string | null
  seatNo: string | null
  seatPosition: SeatPosition | null
  ticketNo: string | null
  /** the new ticket's price */
  priceFen: number
}

export interface ChangeOptionsRequest {
  orderId: number
  /** 1-5 passengers to change together (a child ticket only with an adult of the order: ETRAIN1093) */
  passengerIds: number[]
  changeType: TrainChangeType
  /** the new travel date (inside the pre-sale period) */
  date: string
  /**
   * destination change: the new arrival station (not the old one; the boarding station stays);
   * sameRoute: ignored: every train between the old boarding and arrival cities, from any of
   * their stations (like the booking search)
   */
  toStationCode?: string
}

/** the price of moving the chosen tickets to one seat class of one train */
export interface ChangeQuote {
  seatType: SeatType
  /** the new tickets' prices together (children at the child price) */
  newFareFen: number
  /** the old tickets' prices together */
  oldFareFen: number
  /** the change fee (none in the spec's profile; the since-2024 tiers in railway2024) */
  changeFeeFen: number
  /** newFare - oldFare + fee: > 0 paid by the same payer, < 0 given back to them, 0 nothing */
  differenceFen: number
  /** seats left for the segment (as TrainOffer) */
  left: number
  withinPolicy: boolean
}
export interface ChangeTrainOffer extends TrainOffer {
  /** one quote per seat class of the train that has seats */
  quotes: ChangeQuote[]
}
export interface ChangeOptions {
  orderId: number
  passengerIds: number[]
  changeType: TrainChangeType
  /** the tickets as they are */
  current: TicketRoute
  /** the searched route: the old stations (sameRoute: the trains may use other stations of those cities), or the new arrival station */
  from: StationRef
  to: StationRef
  date: string
  /** every bookable train of that day on that route, by departure; the original train on the original date is left out */
  trains: ChangeTrainOffer[]
  /** the fee tier that applies now to a train leaving later than the old one (percent of the old fare; an earlier train costs nothing); each quote has its own fee */
  changeFeePercent: number
  /** online change hours (spec §9 05:00-23:00) and whether it is inside them now */
  changeOpens: string
  changeCloses: string
  changeOpenNow: boolean
  serverNow: string
}
/**
 * What the chosen tickets can change to (spec §7 changeOrderInfo/askChangeOrderTicket,
 * ticketChangesPage): the trains of the new date on the same route, or to another arrival station,
 * with seats and prices. Refused by the rules: changed once already (ETRAIN1090), after a change of
 * destination (ETRAIN1091), outside 05:00-23:00 (ETRAIN1092), a child without its adult (ETRAIN1093),
 * the train left or online sale stopped (ETRAIN1094), not changeable in its state (ETRAIN1095).
 * Needs the railway login (ETRAIN1002).
 */
export const askChangeOrderTicket = defineCall<ChangeOptionsRequest, ChangeOptions>({
  path: '/api/train/changeOrderInfo/askChangeOrderTicket',
  auth: 'required',
})

export interface SaveChangeRequest {
  idempotencyKey: string
  orderId: number
  passengerIds: number[]
  changeType: TrainChangeType
  /** spec §3 "cause" */
  cause: TrainChangeCause
  /** required (1-200 characters) when cause is 'other' */
  causeText?: string
  /** the chosen train as askChangeOrderTicket offered it (its `from` and `to`) */
  trainCode: string
  date: string
  /**
   * the chosen train's boarding station: sameRoute, any station of the old boarding city (the
   * railway changes between stations of one city); destination, the old one. Absent: the old one.
   */
  fromStationCode?: string
  /** the chosen train's arrival station: sameRoute, a station of the old arrival city; destination, the new one */
  toStationCode: string
  seatType: SeatType
  /** the difference the attendee saw (ChangeQuote.differenceFen); a different one now: ETRAIN1096 and ask again */
  expectedDifferenceFen: number
}

/** one passenger in a change (spec §3 "resigner") */
export interface ChangeTicketLine {
  passengerId: number
  name: string
  passengerType: PassengerType
  /** the ticket given up */
  oldTicketNo: string
  oldPriceFen: number
  /** the new ticket (seat and number after the railway's answer) */
  newPriceFen: number
  carriage: string | null
  seatNo: string | null
  newTicketNo: string | null
}

/** a change of some tickets of an order (spec §3 change fields) */
export interface TrainChangeRecord {
  id: number
  orderId: number
  /** toPay: waiting for the fare difference (until payDeadline); processing: with the railway; done; failed: refused, tickets as before; canceled: not paid in time */
  state: TrainAftersaleState
  /** spec §3 "type" */
  changeType: TrainChangeType
  /** spec §3 "cause" */
  cause: TrainChangeCause
  causeText: string
  /** spec §3 "resigner", per ticket */
  tickets: ChangeTicketLine[]
  /** the route given up */
  from: TicketRoute
  /** spec §3 "changed segment" and "date": the new train */
  to: TicketRoute
  oldFareFen: number
  newFareFen: number
  /** spec §3 "fee" */
  changeFeeFen: number
  /** > 0 paid by the payer, < 0 given back to them */
  differenceFen: number
  payer: TrainPayer
  /** toPay: when the server cancels the change unless paid; null otherwise */
  payDeadline: string | null
  paidAt: string | null
  /** a surplus given back: on its way or back; null when nothing is given back */
  surplus: { amountFen: number; state: 'refunding' | 'refunded' } | null
  failureText: string
  createdAt: string
  doneAt: string | null
  serverNow: string
}

export interface ChangeResult {
  change: TrainChangeRecord
  order: TrainOrderView
}
/**
 * Change tickets (spec §7 changeOrderInfo/save): checked as askChangeOrderTicket, the new seats
 * held at once (never sold twice; none left: ETRAIN1020). A higher fare is paid by the same
 * payer: the company at once (the order becomes changing), or the attendee by WeChat Pay
 * (changeToProcess until paid with paymentOrder + changeId, cancelled at its deadline with the
 * seats freed). A lower fare gives the surplus back when the railway confirms. The railway answers
 * later: changing → changed / partiallyChanged, or back as it was (refused; any difference paid is
 * refunded). Another refund or change under way: ETRAIN1080.
 */
export const saveChange = defineCall<SaveChangeRequest, ChangeResult>({
  path: '/api/train/changeOrderInfo/save',
  auth: 'required',
})

export interface ChangeIdRequest {
  changeId: number
}
/** one change with its order (spec §7 changeOrderInfo/get: succeededInreSigning, the payment of a difference) */
export const getChange = defineCall<ChangeIdRequest, ChangeResult>({
  path: '/api/train/changeOrderInfo/get',
  auth: 'required',
})
