/**
 * Train tickets, part 1 (issue 10; spec §2 train pages, §3 passenger/train order/filters, §4, §5,
 * §7, §8 ETRAIN1002, §9): stations, timetable search, railway login, saved travellers, orders,
 * payment and ticketing, grab requests. Every call needs the attendee's login; the calls that
 * reach the railway (search, stops, booking, grabbing) also need the railway login
 * (loginRailway) and answer ETRAIN1002 when it has timed out: the client shows the spec's modal
 * and sends the attendee to trainTicketLogin, then back where they were.
 *
 * Conventions: money in fen (integers), dates 'YYYY-MM-DD' and clock times 'HH:mm' in China time,
 * instants ISO 8601 with offset (contracts/train.ts). Stations are named by their railway
 * telegraph code (`BJP` 北京, `AOH` 上海虹桥); ids of orders and travellers are numbers that only
 * their owner can use (anyone else's id answers ESYS0004, like a missing one).
 *
 * Changing calls take an `idempotencyKey` (8-64 characters of [A-Za-z0-9_-], made once per intent
 * and reused on every retry): a retry gets the first answer, never a second order or charge.
 */
import { defineCall, type EmptyRequest } from '../call'
import type { WxCodeSource } from '../wx-code'
import type { DocumentType } from '../documents'
import type {
  AuditStatus,
  ChildRule,
  PassengerType,
  SeatChoice,
  SeatPosition,
  SeatType,
  TrainAftersaleState,
  TrainChangeCause,
  TrainChangeType,
  TrainOrderAction,
  TrainOrderEventKind,
  TrainOrderStatus,
  TrainPayer,
  TrainRefundReason,
  TrainRefundType,
  TrainTicketAction,
  TrainTicketState,
  TrainType,
} from '../train'
import type { OrderPayView } from './flight'
import type { PolicyBreach } from './travel'

// the search calls live in ./train-search (see there why); every train call is exported from here too
export { getPreSaleDay, listTrainStations, querySubwayStation, queryTrainStation, queryTrainTicket } from './train-search'

// ------------------------------------------------------------------------------------------------
// Stations (chooseCity / limitCity pickers)
// ------------------------------------------------------------------------------------------------

/** a station of the railway's public list (shared/data/railway/station_name.js) */
export interface Station {
  /** telegraph code, the station's id in every call: 'BJP' */
  code: string
  /** '北京南' */
  name: string
  /** 'Beijingnan' (the full pinyin capitalised, or the list's English name for stations abroad) */
  nameEn: string
  /** full pinyin, lower case: 'beijingnan' (search) */
  pinyin: string
  /** pinyin initials: 'bjn' (search) */
  initials: string
  /** the city the station belongs to, as the railway names it: '北京' (stations of one city share it) */
  cityName: string
  /** the city's English name ('Beijing') */
  cityNameEn: string
  /** first letter of the city's pinyin, upper case: 'B' (the picker's index bar) */
  letter: string
}

/** the short form of a station inside trains and orders */
export interface StationRef {
  code: string
  name: string
  nameEn: string
}

export interface StationSearchRequest {
  /** part of a name (北京), full pinyin (beijing) or initials (bj); case and spaces ignored; 1-20 characters */
  keyword: string
}

export interface StationListRequest {
  /** true: only stations of the cities the event allows (controlRule/listAvailableRange), for limitCity */
  limited?: boolean
}
export interface StationList {
  /** city names to show first, in this order ('北京', '上海' …): the picker's "hot cities" */
  hotCities: string[]
  /** every station (or every allowed one), sorted by city letter, city, then station pinyin */
  stations: Station[]
}

// ------------------------------------------------------------------------------------------------
// Pre-sale period, timetable search, a train's stops
// ------------------------------------------------------------------------------------------------

export interface PreSaleDays {
  /** the railway's today (China time) */
  today: string
  /** the last date on sale today: today + preSaleDays - 1 */
  lastDate: string
  /** days on sale, today included (the rules profile's number) */
  preSaleDays: number
  /** online ticketing hours (spec §9 05:00-23:00): orders can be paid and issued only inside them */
  saleOpens: string
  saleCloses: string
  /** whether it is inside those hours now */
  onSaleNow: boolean
  /** how children are told apart at this event (the rules profile): by height (ask heightCm) or by age (from the ID card) */
  childRule: ChildRule
  /** minutes an unpaid order is held before the server cancels it (spec §9: 20) */
  payMinutes: number
  /** the server's clock now: countdowns on the client are measured against it */
  serverNow: string
}

export interface TrainSearchRequest {
  /** station codes; with `wholeCity` (default true) any station of that station's city matches */
  fromStationCode: string
  toStationCode: string
  /** travel date, inside the pre-sale period */
  date: string
  /** default true: search every station of both cities (上海 → 北京 finds 上海虹桥 → 北京南) */
  wholeCity?: boolean
}

export interface SeatOffer {
  seatType: SeatType
  /** adult ticket price of this seat class for this segment */
  priceFen: number
  /** child ticket price (half the adult price, rounded as the railway does) */
  childPriceFen: number
  /** seats left for this segment (0: sold out, the offer to grab); counted up to 99, then 99 */
  left: number
  /** whether this seat class is inside the event's travel policy for this train type */
  withinPolicy: boolean
}

/** one train between the two stations on that date */
export interface TrainOffer {
  /** the train's id on that date, to send back in later calls: '24000G10106' */
  trainCode: string
  /** what passengers read: 'G101' */
  trainNo: string
  trainType: TrainType
  /** where the attendee boards and leaves */
  from: StationRef
  to: StationRef
  /** the train's first and last stations (origin and terminus) */
  origin: StationRef
  terminus: StationRef
  /** the travel date (departure from `from`) */
  date: string
  departTime: string
  arriveTime: string
  /** departure and arrival instants */
  departAt: string
  arriveAt: string
  /** days after `date` the train arrives (0 same day, 1 next day …) */
  arriveDayOffset: number
  durationMinutes: number
  /** segment length, km */
  distanceKm: number
  /** whether `from` is the train's origin / `to` its terminus (the list marks 始/终, "过" otherwise) */
  fromIsOrigin: boolean
  toIsTerminus: boolean
  /** seat classes of the train, best first */
  seats: SeatOffer[]
  /**
   * false when it cannot be booked now although seats are left: departed, or inside the railway's
   * closing time before departure
   */
  bookable: boolean
}

export interface TrainSearchResult {
  from: StationRef
  to: StationRef
  date: string
  /** every train of the day, by departure time; filters and sorting are the client's. Empty: "no trains meeting conditions" */
  trains: TrainOffer[]
}
/** a station's names, once per answer in TrainListView.stations */
export interface StationNames {
  name: string
  nameEn: string
}

/** a SeatOffer in queryTrainTicket's answer: its values in this order, without the five keys on every seat */
export type SeatListItem = [seatType: SeatType, priceFen: number, childPriceFen: number, left: number, withinPolicy: boolean]

/**
 * One train of queryTrainTicket: a TrainOffer whose stations are codes of the answer's
 * dictionary, whose seats are SeatListItems, and without what its instants already say (`date`,
 * `departTime`, `arriveTime`, `arriveDayOffset`, `durationMinutes`). `expandTrainList`
 * (contracts/train-list.ts) makes the TrainOffer back.
 */
export interface TrainListItem {
  trainCode: string
  trainNo: string
  trainType: TrainType
  /** keys of TrainListView.stations */
  fromCode: string
  toCode: string
  originCode: string
  terminusCode: string
  /** departure and arrival instants, China time with offset ('2026-12-01T08:00:00+08:00') */
  departAt: string
  arriveAt: string
  distanceKm: number
  fromIsOrigin: boolean
  toIsTerminus: boolean
  seats: SeatListItem[]
  bookable: boolean
}

/**
 * A day's trains. About 40 trains between two cities named four stations in two languages on
 * every train and the five keys of every seat (30 KB): each station is named once here, a seat is its five values.
 */
export interface TrainListView {
  /** station code → names, for every station of the answer (searched, boarding, leaving, origin, terminus) */
  stations: Record<string, StationNames>
  /** the searched stations (keys of `stations`) and date */
  from: string
  to: string
  date: string
  trains: TrainListItem[]
}


export interface TrainStopsRequest {
  trainCode: string
  date: string
  /** the attendee's segment, to mark its stops */
  fromStationCode: string
  toStationCode: string
}
export interface TrainStop {
  station: StationRef
  /** 1-based order along the train */
  index: number
  /** null at the origin */
  arriveTime: string | null
  /** null at the terminus */
  departTime: string | null
  /** minutes stopped (0 at origin and terminus) */
  stopMinutes: number
  /** days after the train's start date */
  dayOffset: number
  /** whether the stop is on the attendee's segment (boarding and leaving stations included) */
  onSegment: boolean
}
export interface TrainStops {
  trainCode: string
  trainNo: string
  trainType: TrainType
  stops: TrainStop[]
}

// ------------------------------------------------------------------------------------------------
// Railway login (trainTicketLogin)
// ------------------------------------------------------------------------------------------------

export interface RailwayLoginRequest {
  /** the railway account (user name, mobile or e-mail registered there), 1-50 characters */
  account: string
  /** 1-64 characters; kept by the server only as long as the railway session lasts, never returned */
  password: string
  /** the account-authorisation agreement ticked (spec §5: "check the account authorization agreement") */
  agreed: boolean
}
export interface RailwayLoginState {
  loggedIn: boolean
  /** the account, masked for display ('de***ay'); null when not logged in */
  account: string | null
  /** when the railway session times out unless used again; null when not logged in */
  expiresAt: string | null
}
/**
 * Log in to the railway with the attendee's railway account. Wrong account or password:
 * ETRAIN1001; the railway not answering: ETRAIN1003; agreement not ticked: ETRAIN1004.
 */
export const loginRailway = defineCall<RailwayLoginRequest, RailwayLoginState>({
  path: '/api/biz/tmcLogin/loginRailway',
  auth: 'required',
})

/** whether the attendee's railway session is alive (homePage asks before searching; never ETRAIN1002) */
export const isRailwayLogin = defineCall<EmptyRequest, RailwayLoginState>({
  path: '/api/biz/tmcLogin/isLogin',
  auth: 'required',
})

// ------------------------------------------------------------------------------------------------
// Saved travellers (editOrAddPassengers)
// ------------------------------------------------------------------------------------------------

export interface Traveller {
  id: number
  name: string
  documentType: DocumentType
  /** the full number (the owner's own record; the client masks it in lists) */
  documentNumber: string
  passengerType: PassengerType
  /** 11-digit mainland mobile (+86) */
  mobile: string
  auditStatus: AuditStatus
  /** when it was added (spec §3 "add date") */
  addedAt: string
  /** read from the ID card or resident permit; null for other documents */
  birthDate: string | null
}

/** the attendee's saved travellers, newest first (editOrAddPassengers, the passenger picker) */
export const listTravellers = defineCall<EmptyRequest, Traveller[]>({
  path: '/api/biz/tmcPassenger/list',
  auth: 'required',
})

export interface SaveTravellerRequest {
  /** absent: add a traveller; present: edit that one (the attendee's own) */
  id?: number
  /** as printed on the document (contracts/documents.ts isDocumentName) */
  name: string
  documentType: DocumentType
  /** checked as in registration (documentProblem): EVAL0007 when wrong */
  documentNumber: string
  passengerType: PassengerType
  mobile: string
}
/**
 * Add or edit a saved traveller. The same document twice in one attendee's list: ETRAIN1010.
 * Changing name or number starts a new railway identity check (auditStatus back to pending or
 * answered at once by the railway).
 */
export const saveTraveller = defineCall<SaveTravellerRequest, Traveller>({
  path: '/api/biz/tmcPassenger/save',
  auth: 'required',
})

export interface DeleteTravellersRequest {
  /** 1-50 ids of the attendee's own travellers; any other id: ESYS0004 and nothing is deleted */
  ids: number[]
}
/** delete saved travellers (orders keep their own copy of each passenger) */
export const deleteTravelers = defineCall<DeleteTravellersRequest, { deleted: number }>({
  path: '/api/biz/tmcPassenger/deleteTravelers',
  auth: 'required',
})

// ------------------------------------------------------------------------------------------------
// Orders
// ------------------------------------------------------------------------------------------------

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
  /** issue 11: the height given for a child ticket under the height rule (rebooking prefills it); null otherwise */
  heightCm: number | null
  /** issue 11: where this passenger's ticket stands (refunded, changed …) */
  ticketState: TrainTicketState
  /** issue 11: what this ticket lets the attendee do now (the order's `actions` sums them up) */
  ticketActions: TrainTicketAction[]
  /** issue 11: changes made to this ticket (spec §4: one per ticket) */
  changeCount: number
  /** issue 11: the ticket the passenger holds after a change (train, seat, price); null when not changed */
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
  /** issue 11: the ticket refunds of this order, newest first */
  refunds: TrainRefundRecord[]
  /** issue 11: the ticket changes of this order, newest first */
  changes: TrainChangeRecord[]
  /**
   * issue 11: changeToProcess: the change waiting for its fare difference (pay it with
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
  /** issue 11: where the ticket stands; a refunded one stays listed, marked */
  ticketState: TrainTicketState
  /** issue 11: the ticket held after a change (its train, seat and ticket number replace the above); null otherwise */
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

export interface PayOrderRequest {
  orderId: number
  idempotencyKey: string
}
/**
 * The company pays (paymentPage): the order moves to `ticketing` at once and the railway starts
 * issuing. Not payable (paid already, cancelled, overdue): ETRAIN1040; past the deadline by a
 * second: ETRAIN1042; the event has no company payment: ETRAIN1043.
 */
export const payOnBusiness = defineCall<PayOrderRequest, TrainOrderView>({
  path: '/api/train/orderInfo/payOnBusiness',
  auth: 'required',
})

export interface PaymentOrderRequest extends PayOrderRequest {
  /**
   * JSAPI: inside WeChat (mini-program or the WeChat browser): the answer carries the signed
   * parameters for Taro.requestPayment / WeixinJSBridge; NATIVE: elsewhere: a code_url to show as
   * a QR code for WeChat to scan (the payments core, contracts/calls/flight.ts CreateOrderPayRequest)
   */
  tradeType: 'JSAPI' | 'NATIVE'
  /** JSAPI only: the code from wx.login (mini-program) or WeChat's OAuth redirect (H5); '' for NATIVE */
  wxCode: string
  /** which kind of code wxCode is (contracts/wx-code.ts); absent: a wx.login code */
  wxCodeSource?: WxCodeSource
  /**
   * issue 11: pay the fare difference of this change (the order's `changeToPay.changeId`, status
   * changeToProcess) instead of the order itself; absent for the order's own payment. The change's
   * deadline applies (ETRAIN1042 past it); a change not waiting for money: ETRAIN1040.
   */
  changeId?: number
}
export interface PaymentStart {
  order: TrainOrderView
  /** the payment opened (or the one already open for this order: never two) */
  payment: OrderPayView
}
/**
 * The attendee pays by WeChat Pay (spec §7 paymentOrder): opens a payment of the order's total
 * through the payments core (one open payment per order, the same for every retry). The order
 * becomes `ticketing` when WeChat's notification arrives (askOrderTicket / getTrainOrderInfo show
 * it); money that arrives after the deadline is refunded, never ticketed. Not payable: ETRAIN1040;
 * past the deadline: ETRAIN1042; the event does not let attendees pay: ETRAIN1044.
 */
export const paymentOrder = defineCall<PaymentOrderRequest, PaymentStart>({
  path: '/api/train/orderInfo/paymentOrder',
  auth: 'required',
})

/**
 * How ticketing goes (the "ticketing in progress" page polls it every few seconds): the order
 * with its status (ticketing → issued or failed). Asking also checks the railway's answer, so a
 * result never waits for a background run.
 */
export const askOrderTicket = defineCall<OrderIdRequest, TrainOrderView>({
  path: '/api/train/orderInfo/askOrderTicket',
  auth: 'required',
})

/**
 * One owner's train orders, newest first: the list the orders feed wraps (spec §7
 * /api/pay/basicOrderInfo/pageOrder belongs to the event-day slice; this type is what the train
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

// ------------------------------------------------------------------------------------------------
// Grab requests (sold out: "no tickets left", the offer to grab)
// ------------------------------------------------------------------------------------------------

/**
 * pending: waiting for seats; fulfilled: seats came back and an order was made (orderId, to pay
 * before its deadline; the attendee gets an SMS); expired: the train left or the request's end
 * passed without seats; canceled: by the attendee.
 */
export type GrabStatus = 'pending' | 'fulfilled' | 'expired' | 'canceled'

export interface SaveGrabRequest {
  idempotencyKey: string
  trainCode: string
  date: string
  fromStationCode: string
  toStationCode: string
  /** the seat classes the attendee accepts, 1 or more, first choice first */
  seatTypes: SeatType[]
  passengers: OrderPassengerInput[]
  contactName: string
  contactMobile: string
  agreed: boolean
  overPolicyReason?: string
}
export interface GrabView {
  id: number
  status: GrabStatus
  trainCode: string
  trainNo: string
  date: string
  from: StationRef
  to: StationRef
  departAt: string
  seatTypes: SeatType[]
  passengerNames: string[]
  contactMobile: string
  /** the order made when seats came back; null until then */
  orderId: number | null
  createdAt: string
}
/**
 * Leave a grab request for a sold-out train (beyond spec §7: spec §8 suggests grabbing when no
 * tickets are left, and no spec call takes it). Checked like orderInfo/save, every class of it
 * (each sold out, else ETRAIN1051; each within the policy or with the reason it asks for); when
 * seats come back the request becomes a toBePaid order in the first class that has them, in the
 * attendee's order, and an SMS tells the contact mobile. At the train rules'
 * grabStopsMinutesBeforeDeparture before departure a request still waiting expires, and an SMS
 * says so.
 */
export const saveGrabRequest = defineCall<SaveGrabRequest, GrabView>({
  path: '/api/train/grabOrder/save',
  auth: 'required',
})

/** the attendee's grab requests, newest first (beyond spec §7: the screen that shows a grab waiting) */
export const listGrabRequests = defineCall<EmptyRequest, GrabView[]>({
  path: '/api/train/grabOrder/list',
  auth: 'required',
})

export interface GrabIdRequest {
  grabId: number
}
/** withdraw a pending grab request (beyond spec §7: a request must be withdrawable); others ETRAIN1050 */
export const cancelGrabRequest = defineCall<GrabIdRequest, GrabView>({
  path: '/api/train/grabOrder/cancel',
  auth: 'required',
})

// ------------------------------------------------------------------------------------------------
// After-sales (issue 11, spec §2 orderDetailsPage / ticketChangesPage / succeededInreSigning,
// §3 refund and change fields, §4 change and refund policy, §9 fees and hours)
//
// Refunds and changes are per ticket (passenger): a request names the order and 1 or more of its
// passengers (`passengerIds`, ids from the order's `passengers`); any other id answers ESYS0004.
// While a refund or change of an order is under way (refunding, changing, changeToProcess) no
// other one can start (ETRAIN1080): of two requests on one ticket exactly one wins.
// Both go through the railway asynchronously: the order is refunding / changing at once, and the
// railway's answer arrives later (the sandbox: after its delay, driven by `/dev/clock`); the
// order details (getTrainOrderInfo) show it. Forced outcomes for browser tests:
// `POST /dev/railway {"refund": "fail"}` / `{"change": "fail"}` (`auto` restores), and
// `{"aftersaleDelayMs": n}` for the railway's delay (server/src/train/railway/README.md).
// ------------------------------------------------------------------------------------------------

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

/** the route of a ticket (spec §3 refund "route", change "changed segment") */
/**
 * One train between two of its stations on a date, with its times (local 'HH:mm' and instants):
 * what a changed ticket and a ticket's route have in common.
 */
export interface TrainTrip {
  trainCode: string
  trainNo: string
  date: string
  from: StationRef
  to: StationRef
  departTime: string
  arriveTime: string
  departAt: string
  arriveAt: string
}

export interface TicketRoute extends TrainTrip {
  seatType: SeatType
}

export interface RefundTicketsRequest {
  orderId: number
  /** 1-5 passengers of the order whose tickets are refunded; all on the same train (ETRAIN1083 otherwise) */
  passengerIds: number[]
}

/** one ticket in a refund: its price, the fee, what comes back */
export interface RefundTicketLine {
  passengerId: number
  /** spec §3 "refunder" */
  name: string
  passengerType: PassengerType
  /** spec §3 "ticket number" */
  ticketNo: string
  /** the price of the ticket held (the changed one's after a change) */
  priceFen: number
  /** the fee tier applied (0, 5, 10, 20 % in the spec's profile) */
  feePercent: number
  /** spec §3 "commission": the railway's refund fee, rounded to 0.5 yuan, at least 2 yuan when not zero */
  feeFen: number
  /** price - fee */
  refundFen: number
}

/**
 * What a refund of those tickets would give back now (refundTicketOrder/estimatedRefund), shown
 * before the attendee confirms. Refused as refundOrder/save would be: past the online cut-off
 * (ETRAIN1081), a paper ticket taken (ETRAIN1082), a ticket not refundable in its state
 * (ETRAIN1084), changed after departure (ETRAIN1085), fee not lower than the fare (ETRAIN1086:
 * spec §8 "refund fee higher than fare means non-refundable").
 */
export interface RefundEstimate {
  orderId: number
  orderNo: string
  /** spec §3 "route" */
  route: TicketRoute
  tickets: RefundTicketLine[]
  /** spec §3 "count" */
  count: number
  /** the tickets' prices */
  ticketPriceFen: number
  /** spec §3 "commission": the fees of all the tickets */
  commissionFen: number
  /** spec §3 "estimated amount": ticket prices - commission (agent ticket fee and service charge are not refunded) */
  estimatedRefundFen: number
  /** who gets the money: the company account or the attendee's WeChat Pay */
  to: TrainPayer
  /** the last instant an online refund is taken (spec §9: 1 hour before departure) */
  refundableUntil: string
  /** hours left before departure (the tier was chosen by it) */
  hoursBeforeDeparture: number
  serverNow: string
}
/** the fee and the amount back of refunding some tickets now (spec §7 refundTicketOrder/estimatedRefund) */
export const estimatedRefund = defineCall<RefundTicketsRequest, RefundEstimate>({
  path: '/api/train/refundTicketOrder/estimatedRefund',
  auth: 'required',
})

export interface SaveRefundRequest extends RefundTicketsRequest {
  idempotencyKey: string
  /** spec §3 "type": online only 'voluntary' (ETRAIN1087 otherwise) */
  refundType: TrainRefundType
  /** spec §3 "reason" */
  reason: TrainRefundReason
  /** required (1-200 characters) when reason is 'other'; '' or absent otherwise */
  reasonText?: string
  /**
   * the estimate the attendee saw (estimatedRefundFen); when the fee tier moved on since (an hour
   * boundary passed), the request is refused with ETRAIN1088 and the new estimate must be shown
   */
  expectedRefundFen: number
}

/** a refund of some tickets of an order (spec §3 refund fields) */
export interface TrainRefundRecord {
  id: number
  orderId: number
  /** processing: with the railway; done: tickets refunded, money on its way / back; failed: the railway refused, tickets as before */
  state: TrainAftersaleState
  refundType: TrainRefundType
  reason: TrainRefundReason
  reasonText: string
  route: TicketRoute
  /** spec §3 "refunder" and "ticket number", per ticket */
  tickets: RefundTicketLine[]
  count: number
  commissionFen: number
  estimatedRefundFen: number
  to: TrainPayer
  /** the money: waiting for the railway, on its way to the payer (WeChat Pay: 1-7 working days), or back */
  money: 'pending' | 'refunding' | 'refunded'
  /** failed: the railway's reason in the caller's language; '' otherwise */
  failureText: string
  createdAt: string
  /** when the railway answered; null while processing */
  doneAt: string | null
}

export interface RefundResult {
  refund: TrainRefundRecord
  order: TrainOrderView
}
/**
 * Refund tickets (spec §7 refundOrder/save): checked as estimatedRefund, then the order becomes
 * refunding and the railway answers later: all tickets refunded → refunded (changedRefunded when
 * one had been changed), some → partiallyRefunded, refused → back as it was. The money goes back
 * to whoever paid (company at once, WeChat Pay through its refund), the seats go back on sale, and
 * the contact mobile gets an SMS. Another refund or change under way: ETRAIN1080.
 */
export const saveRefund = defineCall<SaveRefundRequest, RefundResult>({
  path: '/api/train/refundOrder/save',
  auth: 'required',
})

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
