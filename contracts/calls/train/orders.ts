/**
 * Train orders: saving one (oneWayReservation), reading it and its tickets back, cancelling an
 * unpaid one and removing an ended one. Paying is in ./payment, refunds and changes in ./refund
 * and ./change.
 * Conventions (money, dates, station codes, ids, idempotency keys): ../train.ts.
 */
import { defineCall } from '../../call'
import type { DocumentType } from '../../documents'
import type {
  PassengerType,
  SeatChoice,
  SeatPosition,
  SeatType,
  TrainOrderAction,
  TrainOrderEventKind,
  TrainOrderStatus,
  TrainPayer,
  TrainTicketAction,
  TrainTicketState,
  TrainType,
} from '../../train'
import type { PolicyBreach } from '../travel'
import type { ChangedTicket, TrainChangeRecord } from './change'
import type { TrainRefundRecord } from './refund'
import type { StationRef } from './search'

/** one passenger of a new order */
export interface OrderPassengerInput {
  /** a saved traveller of the attendee */
  travellerId: number
  /** the ticket kind; a child needs an adult in the same order (spec §5: children cannot travel alone) */
  passengerType: PassengerType
  /**
   * height in cm, for a child ticket when the event's rules tell children by height (getPreSaleDay
   * `childRule` says which): under 120 rides free (no ticket: ETRAIN1021), 120-150 child, above 150 adult
   * ticket (ETRAIN1022). Ignored under the age rule (the age comes from the ID card).
   */
  heightCm?: number
  /** seat letter or window/aisle wish (seatingPage), optional */
  seatChoice?: SeatChoice
}

export interface SaveTrainOrderRequest {
  idempotencyKey: string
  /** the train as queryTrainTicket answered it */
  trainCode: string
  date: string
  fromStationCode: string
  toStationCode: string
  seatType: SeatType
  /** 1-5 passengers (the railway sells at most 5 tickets per order), no traveller twice */
  passengers: OrderPassengerInput[]
  /** spec §5: contact required; mobile 11 digits */
  contactName: string
  contactMobile: string
  /** the train reservation agreement ticked (spec §5) */
  agreed: boolean
  /**
   * why the attendee books outside the travel policy, when the event lets them do so with a
   * reason (getSeat `overPolicy: 'reason'`); '' or absent otherwise. Outside the policy without a
   * reason, or when the event blocks: ETRAIN1030 with the breaches.
   */
  overPolicyReason?: string
}

export interface OrderPassengerView {
  id: number
  travellerId: number | null
  name: string
  documentType: DocumentType
  /** masked: '3101**********1234' */
  documentNumberMasked: string
  passengerType: PassengerType
  mobile: string
  seatChoice: SeatChoice | null
  /** this passenger's ticket price */
  ticketPriceFen: number
  /** after issue: carriage '05', seat '12F' (or berth '08号下铺'), position; null before */
  carriage: string | null
  seatNo: string | null
  seatPosition: SeatPosition | null
  /** the railway's ticket number, after issue */
  ticketNo: string | null
  /** the height given for a child ticket under the height rule (rebooking prefills it); null otherwise */
  heightCm: number | null
  /** where this passenger's ticket stands (refunded, changed …) */
  ticketState: TrainTicketState
  /** what this ticket lets the attendee do now (the order's `actions` sums them up) */
  ticketActions: TrainTicketAction[]
  /** changes made to this ticket (spec §4: one per ticket) */
  changeCount: number
  /** the ticket the passenger holds after a change (train, seat, price); null when not changed */
  changedTo: ChangedTicket | null
}

export interface TrainOrderAmounts {
  /** sum of the passengers' ticket prices (spec §3 "ticket price") */
  ticketPriceFen: number
  /** the railway agent's fee per ticket × tickets (spec §3 "ticket fee"; §9 5 yuan per ticket) */
  ticketFeeFen: number
  /** the travel provider's service charge (spec §3 "service charge") */
  serviceChargeFen: number
  /** what is paid: the three above */
  totalFen: number
}

export interface TrainOrderEvent {
  at: string
  kind: TrainOrderEventKind
}

export interface TrainOrderView {
  id: number
  /** the order number shown to the attendee (spec §3) */
  orderNo: string
  status: TrainOrderStatus
  /** what the attendee may do now (buttons) */
  actions: TrainOrderAction[]
  trainCode: string
  trainNo: string
  trainType: TrainType
  date: string
  from: StationRef
  to: StationRef
  departTime: string
  arriveTime: string
  departAt: string
  arriveAt: string
  arriveDayOffset: number
  durationMinutes: number
  seatType: SeatType
  contactName: string
  contactMobile: string
  passengers: OrderPassengerView[]
  amounts: TrainOrderAmounts
  /** ticket pickup number (spec §3 "collection number"), after issue; null before */
  pickupNo: string | null
  /** when the order was saved (spec §3 "scheduled time") */
  createdAt: string
  /** toBePaid: the instant the server cancels it unless paid (tobePaid's countdown); null otherwise */
  payDeadline: string | null
  /** the server's clock when this answer was made: the countdown is payDeadline - serverNow, not the phone's clock */
  serverNow: string
  payer: TrainPayer | null
  paidAt: string | null
  /** outside the travel policy: what it breaks and the attendee's reason; null when inside */
  overPolicy: { breaches: PolicyBreach[]; reason: string } | null
  /** failed: the railway's reason in the caller's language; '' otherwise */
  failureText: string
  /** a payment being refunded / refunded (failed to issue, late payment): amount and state; null otherwise */
  refund: { amountFen: number; state: 'refunding' | 'refunded'; to: TrainPayer } | null
  timeline: TrainOrderEvent[]
  /** the ticket refunds of this order, newest first */
  refunds: TrainRefundRecord[]
  /** the ticket changes of this order, newest first */
  changes: TrainChangeRecord[]
  /**
   * changeToProcess: the change waiting for its fare difference (pay it with
   * paymentOrder and this `changeId`) and the instant the server cancels it unless paid; null otherwise
   */
  changeToPay: { changeId: number; amountFen: number; payDeadline: string } | null
}

/**
 * Save an order (oneWayReservation; spec §7 orderInfo/save*, no loading indicator): checks every
 * field of spec §5 (select at least one passenger ETRAIN1011, contact ETRAIN1012, mobile EVAL0002,
 * agreement ETRAIN1013), the children rules, the travel policy, then holds the seats for the
 * segment and answers the order `toBePaid` with its deadline (20 minutes in the spec's profile).
 * Sold out: ETRAIN1020 (the client offers to grab). Outside ticketing hours: ETRAIN1024.
 * No editing after submission (spec §5): a changed order is a new order.
 */
export const saveTrainOrder = defineCall<SaveTrainOrderRequest, TrainOrderView>({
  path: '/api/train/orderInfo/save',
  auth: 'required',
  loading: false,
})

export interface OrderIdRequest {
  orderId: number
}
/** one order with everything the order pages show (spec §7 getTrainOrderInfo*, no loading indicator) */
export const getTrainOrderInfo = defineCall<OrderIdRequest, TrainOrderView>({
  path: '/api/train/orderInfo/getTrainOrderInfo',
  auth: 'required',
  loading: false,
})

export interface TrainTicketView {
  passengerId: number
  name: string
  passengerType: PassengerType
  ticketNo: string
  carriage: string
  seatNo: string
  seatPosition: SeatPosition | null
  seatType: SeatType
  priceFen: number
  /** where the ticket stands; a refunded one stays listed, marked */
  ticketState: TrainTicketState
  /** the ticket held after a change (its train, seat and ticket number replace the above); null otherwise */
  changedTo: ChangedTicket | null
}
export interface OrderTickets {
  orderId: number
  orderNo: string
  /** ticket pickup number; null before issue */
  pickupNo: string | null
  /** the issued tickets (empty before issue or when it failed) */
  tickets: TrainTicketView[]
}
/** the tickets of an order (ticketsissuedPage) */
export const getOrderTickets = defineCall<OrderIdRequest, OrderTickets>({
  path: '/api/train/orderTicket/get',
  auth: 'required',
})

/** cancel an unpaid order (spec §7 trainCancelOrder*, no loading): seats released; other statuses ETRAIN1041 */
export const trainCancelOrder = defineCall<OrderIdRequest, TrainOrderView>({
  path: '/api/train/orderInfo/trainCancelOrder',
  auth: 'required',
  loading: false,
})

/**
 * One owner's train orders, newest first: the list the orders feed wraps (spec §7
 * /api/pay/basicOrderInfo/pageOrder belongs to the event day's calls; this type is what the train
 * repository gives it).
 */
export interface TrainOrderSummary {
  id: number
  orderNo: string
  status: TrainOrderStatus
  trainNo: string
  date: string
  from: StationRef
  to: StationRef
  departAt: string
  passengerNames: string[]
  totalFen: number
  createdAt: string
}

export interface RemoveOrderResult {
  orderId: number
  removed: true
}
/**
 * Remove an ended order from the attendee's lists (spec §7 orderInfo/remove; actions 'remove':
 * refunded, changed and refunded, failed, canceled, overdue). The record stays for accounting;
 * it no longer appears in the orders feed (pageOrder); opened by its id it still shows, without
 * actions. Other statuses: ETRAIN1089. Removing twice answers the same.
 */
export const removeTrainOrder = defineCall<OrderIdRequest, RemoveOrderResult>({
  path: '/api/train/orderInfo/remove',
  auth: 'required',
})
