/**
 * Air tickets, part 1 (spec §7 /api/flight/flight/*, /api/flight/pay/*, and the travel policy's
 * flightOrderVerify): airports, flight search, cabins and fare rules, the attendee's travellers,
 * booking, paying (company account or WeChat Pay) and reading an order back until its tickets
 * are drawn. Shapes of values (statuses, passenger types, document types…) are in contracts/air.ts.
 *
 * Conventions of every call here:
 * - all need a login; an order is the caller's at the event of their token (another attendee's
 *   orderId answers ESYS0004, like a missing one);
 * - money in fen (integers), times ISO 8601 with the airport's offset, dates 'YYYY-MM-DD';
 * - texts (airport, city and airline names, notices, policy reasons) come in both languages
 *   where they are data (…Zh / …En), and in the caller's language (header lang) where the
 *   server composes them (messages);
 * - a flight is named by a FlightRef (date, flight number, departure and arrival airport), which
 *   the client takes from findFlightList and sends back unchanged.
 */
import { defineCall } from '../call'
import type { WxCodeSource } from '../wx-code'
import type { PolicyVerdict } from './travel'
import type {
  AirDocumentType,
  AirOrderStatus,
  AirSex,
  CabinClass,
  PassengerType,
  PayMethod,
  RuleWindow,
} from '../air'

// ------------------------------------------------------------------------------------------------
// Airports
// ------------------------------------------------------------------------------------------------

export interface AirportView {
  /** IATA airport code, e.g. PVG */
  code: string
  nameZh: string
  nameEn: string
  /** IATA metropolitan/city code, e.g. SHA for both Shanghai airports */
  cityCode: string
  cityZh: string
  cityEn: string
  /** city name in pinyin, lower case without tones (search and index letters), e.g. shanghai */
  cityPinyin: string
  /** 'CN' for the mainland; HK, MO, TW and other ISO country codes otherwise */
  countryCode: string
  /** shown in the picker's "hot cities" */
  hot: boolean
}

export interface AirportCity {
  cityCode: string
  cityZh: string
  cityEn: string
  cityPinyin: string
  countryCode: string
  hot: boolean
  /** the city's airports (one city may have several: Shanghai PVG and SHA) */
  airports: AirportView[]
}

/**
 * Every airport, grouped by city, cities in pinyin order (the picker's full list with index
 * letters; hot cities flagged). Nothing to send.
 */
export const listAirport = defineCall<Record<string, never>, AirportCity[]>({ path: '/api/flight/flight/listAirport', auth: 'required' })

export interface FindAirportListRequest {
  /** Chinese or English city/airport name, pinyin, initials or IATA code; 1-40 characters */
  keyword: string
}
/**
 * The cities and airports matching a search, best first (exact code, then name starts with,
 * then contains), at most 30 cities. A city matches with all its airports; an airport match
 * brings its city with only that airport. No match: an empty list.
 */
export const findAirportList = defineCall<FindAirportListRequest, AirportCity[]>({
  path: '/api/flight/flight/findAirportList',
  auth: 'required',
})

// ------------------------------------------------------------------------------------------------
// Flights and cabins
// ------------------------------------------------------------------------------------------------

/** names one flight on one day: taken from a FlightView, sent back unchanged */
export interface FlightRef {
  /** departure date, local to the departure airport */
  date: string
  /** marketing flight number, e.g. MU5101 */
  flightNo: string
  /** IATA code of the departure airport */
  depAirport: string
  /** IATA code of the arrival airport */
  arrAirport: string
}

export interface AirlineView {
  /** IATA airline code, e.g. MU */
  code: string
  nameZh: string
  nameEn: string
}

export interface FlightEndpoint {
  airport: string
  airportZh: string
  airportEn: string
  cityZh: string
  cityEn: string
  /** terminal, e.g. T2; '' when the airport has one */
  terminal: string
  /** local time with offset */
  time: string
}

export interface FlightView extends FlightRef {
  airline: AirlineView
  /** codeshare: the flight is flown by another airline under that flight number; '' otherwise */
  operatingFlightNo: string
  operatingAirline: AirlineView | null
  /** aircraft type as shown, e.g. A320, B737, A330 */
  aircraftType: string
  /** the filter's aircraft size: large (wide-body), medium, small */
  aircraftSize: 'large' | 'medium' | 'small'
  dep: FlightEndpoint
  arr: FlightEndpoint
  /** arrival day minus departure day (1: arrives the next day) */
  arrDayOffset: number
  durationMinutes: number
  /** number of stops (0: direct) */
  stops: number
  /** stop airports' Chinese / English city names, in order */
  stopCitiesZh: string[]
  stopCitiesEn: string[]
  meal: boolean
  /** the lowest adult fare of any cabin with seats, in fen (without tax and fees); null: sold out */
  lowestFareFen: number | null
  /** its class and discount (percent of the economy full fare, 100 = full fare) */
  lowestCabinClass: CabinClass | null
  lowestDiscount: number | null
  /** seats left in all cabins (the sandbox, like a GDS, says at most 9 per cabin) */
  seatsLeft: number
  /** departure has passed or closes within the booking cut-off (air rules): shown, not bookable */
  bookable: boolean
}

export interface FindFlightListRequest {
  /** city code (any of its airports) or airport code */
  depCode: string
  arrCode: string
  /** departure date 'YYYY-MM-DD'; not before today (Beijing time) and not beyond the sale horizon */
  date: string
}

/** one day of the price calendar: the lowest adult fare that day; null when no flight is bookable */
export interface PriceDay {
  date: string
  lowestFareFen: number | null
}

/** an airport's names, once per answer in FlightListView.airports */
export interface AirportNames {
  nameZh: string
  nameEn: string
  cityZh: string
  cityEn: string
}

/**
 * One flight of findFlightList: a FlightView whose names are in the answer's dictionaries
 * (airlines and airports by code) instead of repeated on every flight. `expandFlightList`
 * (contracts/flight-list.ts) makes the FlightViews back; nothing of them is left out.
 */
export interface FlightListItem extends FlightRef {
  /** a key of FlightListView.airlines */
  airlineCode: string
  /** codeshare: the flight is flown by another airline under that flight number; '' otherwise */
  operatingFlightNo: string
  /** a key of FlightListView.airlines; '' when not a codeshare */
  operatingAirlineCode: string
  aircraftType: string
  aircraftSize: FlightView['aircraftSize']
  /** terminals ('' when the airport has one) and local times with offset */
  depTerminal: string
  depTime: string
  arrTerminal: string
  arrTime: string
  arrDayOffset: number
  durationMinutes: number
  /** number of stops (0: direct), their cities' names in order */
  stops: number
  stopCitiesZh: string[]
  stopCitiesEn: string[]
  meal: boolean
  lowestFareFen: number | null
  lowestCabinClass: CabinClass | null
  lowestDiscount: number | null
  seatsLeft: number
  bookable: boolean
}

/**
 * A day's flights. 30 flights between two cities named every airline and airport in two
 * languages on every flight (26 KB, two thirds of it names): each name is sent once here.
 */
export interface FlightListView {
  /** IATA airline code → names, for every airline (marketing or operating) of the flights */
  airlines: Record<string, { nameZh: string; nameEn: string }>
  /** IATA airport code → names, for every departure and arrival airport of the flights */
  airports: Record<string, AirportNames>
  flights: FlightListItem[]
  /** the days around the searched one (3 before, 3 after, within the sale horizon) */
  calendar: PriceDay[]
}

/**
 * The one-way flights of a day between two cities or airports, by departure time (names in
 * dictionaries: `expandFlightList` gives FlightViews). No flight:
 * an empty list (the client says "no flights found"); filters and other sort orders are the
 * client's, over this list. Unknown codes: EAIR1001; a date in the past or beyond the horizon:
 * EAIR1002.
 */
export const findFlightList = defineCall<FindFlightListRequest, FlightListView>({
  path: '/api/flight/flight/findFlightList',
  auth: 'required',
})

/** one fare per passenger type: what that passenger pays for the ticket, in fen */
export interface FareBreakdown {
  fareFen: number
  /** taxes other than the two fees (0 on domestic flights) */
  taxFen: number
  /** fuel surcharge */
  fuelFeeFen: number
  /** civil aviation development fund ("airport construction fee") */
  constructionFeeFen: number
  /** fare + tax + fuel fee + airport construction fee (spec §9) */
  totalFen: number
}

export interface CabinView {
  /** booking class letter, e.g. Y, B, J, F */
  cabinCode: string
  cabinClass: CabinClass
  /** percent of the economy full fare (100 = full fare; business/first above 100) */
  discount: number
  /** seats left in this cabin, 0-9 (9 means 9 or more) */
  seatsLeft: number
  adult: FareBreakdown
  child: FareBreakdown
  infant: FareBreakdown
  /** short refund/change summary for the list; the whole rule: findRuleAnnotable */
  ruleSummaryZh: string
  ruleSummaryEn: string
  /** free checked baggage per adult, kg (0: none) */
  checkedBaggageKg: number
  /** what the event's travel policy says of this cabin (flightOrderVerify's answer, per cabin) */
  policy: PolicyVerdict
}

export interface FindCabinsRequest {
  flight: FlightRef
}
export interface CabinListView {
  flight: FlightView
  /** cheapest first; sold-out cabins are left out */
  cabins: CabinView[]
}
/** the cabins of one flight with fares per passenger type and the travel policy's mark */
export const findCabinsList = defineCall<FindCabinsRequest, CabinListView>({ path: '/api/flight/flight/findCabinsList', auth: 'required' })

export interface FindRuleRequest {
  flight: FlightRef
  cabinCode: string
}
/** refund or change in one window of time before departure */
export interface RuleTerm {
  window: RuleWindow
  /** false: not allowed in this window */
  allowed: boolean
  /** fee as a percent of the fare */
  feePercent: number
}
export interface FareRuleView {
  cabinCode: string
  cabinClass: CabinClass
  /** one term per RULE_WINDOWS window, in that order */
  refund: RuleTerm[]
  change: RuleTerm[]
  /** transfer to another airline */
  endorsable: boolean
  carryOnKg: number
  carryOnPieces: number
  checkedKg: number
  checkedPieces: number
  /** the airline's notes, e.g. infants' baggage */
  notesZh: string
  notesEn: string
}
/** the fare rule of a cabin: refund and change terms at 7 days and 2 hours, baggage (spec §9) */
export const findRuleAnnotable = defineCall<FindRuleRequest, FareRuleView>({ path: '/api/flight/flight/findRuleAnnotable', auth: 'required' })

// ------------------------------------------------------------------------------------------------
// Travellers and notices
// ------------------------------------------------------------------------------------------------

export interface TravellerView {
  /** 'self' for the attendee; 'traveller:<id>' for a saved fellow traveller */
  contactKey: string
  self: boolean
  name: string
  /** documents on file, the first the one to use by default; [] when none is on file */
  documents: { documentType: AirDocumentType; documentNumber: string }[]
  /** '' when unknown */
  mobile: string
  /** from the ID card when it holds one; '' when unknown */
  birthDate: string
  sex: AirSex | ''
}
/** the attendee and the fellow travellers saved with their registration, to pick passengers from */
export const findSignupContactList = defineCall<Record<string, never>, TravellerView[]>({
  path: '/api/flight/flight/findSignupContactList',
  auth: 'required',
})

export interface NoticeRequest {
  /** the flight the notices are for: those whose cities and dates cover it */
  depAirport: string
  arrAirport: string
  date: string
}
export interface NoticeView {
  noticeId: number
  /** warning: the attendee must act (e.g. bring a certificate); info: good to know */
  level: 'warning' | 'info'
  titleZh: string
  titleEn: string
  bodyZh: string
  bodyEn: string
  /** the first and last day of departure it applies to */
  validFrom: string
  validTo: string
}
/**
 * The notices the event configures that apply to a flight: its cities and date (spec §9: Beijing
 * flights 4 Feb to 15 Mar 2021 need a negative nucleic acid certificate). [] when none.
 */
export const findEpidemicSituation = defineCall<NoticeRequest, NoticeView[]>({
  path: '/api/flight/flight/findEpidemicSituation',
  auth: 'required',
})

// ------------------------------------------------------------------------------------------------
// Travel policy
// ------------------------------------------------------------------------------------------------

export interface FlightOrderVerifyRequest {
  flight: FlightRef
  cabinCode: string
}
/** whether the event's travel policy allows this cabin of this flight for the caller */
export const flightOrderVerify = defineCall<FlightOrderVerifyRequest, PolicyVerdict>({
  path: '/api/travel/orderVerify/flightOrderVerify',
  auth: 'required',
})

// ------------------------------------------------------------------------------------------------
// Orders
// ------------------------------------------------------------------------------------------------

export interface PassengerInput {
  /** as printed on the document (contracts/documents.ts isDocumentName) */
  name: string
  documentType: AirDocumentType
  documentNumber: string
  sex: AirSex
  /**
   * 'YYYY-MM-DD'. For an ID card or resident permit the server reads it from the number (and
   * refuses a different one); for other documents it is required: it decides adult, child or
   * infant on the day of departure.
   */
  birthDate: string
  /** 11-digit mainland mobile or ''. */
  mobile: string
  /** accident insurance for this passenger (air rules: 20 yuan) */
  insurance: boolean
  /** the TravellerView it came from, or '' for a passenger typed in */
  contactKey: string
}

export interface ContactInput {
  name: string
  /** 11-digit mainland mobile */
  mobile: string
  /** '' when not given */
  email: string
}

export interface TicketBookingRequest {
  /** made once per booking intent by the client and sent again on every retry */
  idempotencyKey: string
  flight: FlightRef
  cabinCode: string
  /** 1-9 passengers, at least one adult, no more infants than adults */
  passengers: PassengerInput[]
  contact: ContactInput
  /** optional remark, at most 200 characters; '' for none */
  remark: string
  /** the reservation agreement was read and accepted (spec §5): must be true */
  agreementAccepted: boolean
  /**
   * the total the attendee saw; if the airline's price has changed since, the booking is refused
   * with EAIR1010 and the new total, rather than charging another amount than shown
   */
  expectedTotalFen: number
  /**
   * why the attendee books outside the travel policy, when the event allows that with a reason
   * (overPolicy 'reason'); '' otherwise. Outside a 'block' policy, or without a reason: EAIR1011.
   */
  overPolicyReason: string
}

/** one line of the price: a kind of amount, for how many, at what unit price */
export interface PriceLine {
  kind: 'fare' | 'tax' | 'fuelFee' | 'constructionFee' | 'insurance'
  passengerType: PassengerType | null
  unitFen: number
  count: number
  amountFen: number
}
export interface PriceView {
  lines: PriceLine[]
  fareFen: number
  taxFen: number
  fuelFeeFen: number
  constructionFeeFen: number
  insuranceFen: number
  totalFen: number
}

export interface PassengerView extends PassengerAfterSaleView {
  passengerId: number
  name: string
  passengerType: PassengerType
  documentType: AirDocumentType
  /** masked like 3101**********1234 (the order is shown on screens others may see) */
  documentNumberMasked: string
  sex: AirSex
  birthDate: string
  mobileMasked: string
  insurance: boolean
  /** the e-ticket number once drawn, e.g. 781-2345678901; '' before */
  ticketNo: string
  fare: FareBreakdown
}

export interface OrderEvent {
  status: AirOrderStatus
  at: string
  /** a change to a lower fare done at this moment: what went back to the payer (absent otherwise) */
  backFen?: number
}

export interface AirOrderView extends AirOrderAfterSaleView {
  orderId: number
  /** the order code the attendee and the travel agency quote, e.g. AIR20261122000123 */
  orderCode: string
  status: AirOrderStatus
  flight: FlightView
  cabinCode: string
  cabinClass: CabinClass
  passengers: PassengerView[]
  contact: { name: string; mobileMasked: string; email: string }
  remark: string
  price: PriceView
  /** toBePaid: when the seats are released and the order cancelled; null otherwise */
  payDeadline: string | null
  /** how the attendee may pay this order (the event decides whether the company pays) */
  payMethods: PayMethod[]
  /** how it was paid, once paid */
  paidBy: PayMethod | null
  paidAt: string | null
  /** a WeChat Pay payment is open (created, not yet confirmed): the client keeps asking */
  paymentPending: boolean
  /** issueFailed: the payment is being / has been refunded */
  refundedFen: number
  createdAt: string
  /** every status the order went through, oldest first */
  timeline: OrderEvent[]
}

/**
 * Books the seats and creates the order in toBePaid, with the payment deadline of the air rules
 * (no loading indicator: the button shows its own state). Retrying with the same idempotencyKey
 * answers the same order. No seat left: EAIR1004; price changed: EAIR1010; policy refuses:
 * EAIR1011; input problems: the spec §5 air messages.
 */
export const ticketBooking = defineCall<TicketBookingRequest, AirOrderView>({
  path: '/api/flight/flight/ticketBooking',
  auth: 'required',
  loading: false,
})

export interface OrderIdRequest {
  orderId: number
}
/**
 * One of the caller's air orders as it stands now (no loading indicator: the pay page and the
 * ticket page ask again every few seconds until the ticket is drawn).
 */
export const findOrderDetails = defineCall<OrderIdRequest, AirOrderView>({
  path: '/api/flight/flight/findOrderDetails',
  auth: 'required',
  loading: false,
})

// ------------------------------------------------------------------------------------------------
// Paying
// ------------------------------------------------------------------------------------------------

export interface PayRequest {
  orderId: number
  /** made once per pay intent and reused on retry */
  idempotencyKey: string
}
/**
 * The company pays (spec /api/flight/pay/payOnBusiness; named payFlightOnBusiness here because the
 * train's payOnBusiness shares the export name space of contracts/calls): only when the event lets the company pay this order
 * (payMethods holds 'company'); the order goes to awaitingIssue and ticketing starts. Paying an
 * order that is already paid answers it unchanged; an order past its deadline: EAIR1020.
 */
export const payFlightOnBusiness = defineCall<PayRequest, AirOrderView>({ path: '/api/flight/pay/payOnBusiness', auth: 'required' })

export interface CreateOrderPayRequest extends PayRequest {
  /**
   * JSAPI: inside WeChat (mini-program or the WeChat browser), the answer carries the signed
   * parameters for wx.requestPayment / WeixinJSBridge; NATIVE: elsewhere, the answer carries a
   * code_url to show as a QR code for WeChat to scan.
   */
  tradeType: 'JSAPI' | 'NATIVE'
  /**
   * JSAPI only: the code from wx.login (mini-program) or the WeChat OAuth redirect (H5), which
   * the server exchanges for the payer's openid; '' for NATIVE
   */
  wxCode: string
  /** which kind of code wxCode is (contracts/wx-code.ts); absent: a wx.login code */
  wxCodeSource?: WxCodeSource
}
/** the parameters wx.requestPayment / WeixinJSBridge 'getBrandWCPayRequest' take, signed by the server */
export interface JsapiPayParams {
  appId: string
  timeStamp: string
  nonceStr: string
  /** 'prepay_id=…' */
  package: string
  signType: 'RSA'
  paySign: string
}
export interface OrderPayView {
  /** our payment number (WeChat's out_trade_no) */
  paymentNo: string
  tradeType: 'JSAPI' | 'NATIVE'
  amountFen: number
  /** when WeChat stops accepting this payment (the order's payDeadline) */
  expiresAt: string
  /** JSAPI only */
  jsapi: JsapiPayParams | null
  /** NATIVE only: to show as a QR code (in the sandbox an address of its confirmation page) */
  codeUrl: string
}
/**
 * Opens a WeChat Pay payment of the order's total (or returns the one already open for it: the
 * attendee is never charged twice). The order moves on when WeChat notifies orderPayNotify or,
 * failing that, when the server asks WeChat; the client follows with findOrderDetails.
 */
export const createOrderPay = defineCall<CreateOrderPayRequest, OrderPayView>({ path: '/api/flight/pay/createOrderPay', auth: 'required' })

/**
 * WeChat Pay v3's payment notification (POSTed by WeChat to our notify URL, not by the app). Its
 * body as WeChat sends it; headers Wechatpay-Signature, -Timestamp, -Nonce, -Serial carry the
 * platform signature. Answered by HTTP status as WeChat requires (204 accepted; 4xx/5xx with
 * { code: 'FAIL', message } to be sent again), not by the app's envelope. One notify URL for
 * every kind of order (train, flight, flight change): the payment says which order it pays.
 */
export interface WechatPayNotification {
  id: string
  create_time: string
  event_type: string
  resource_type: string
  summary: string
  resource: {
    algorithm: string
    ciphertext: string
    associated_data?: string
    original_type: string
    nonce: string
  }
}
export const orderPayNotify = defineCall<WechatPayNotification, null>({ path: '/api/flight/pay/orderPayNotify', auth: 'none' })

// ------------------------------------------------------------------------------------------------
// Part 2: after-sales (spec §2 airOrderDetails, dishonoredBill, ticketChanging; §3 refund and
// change fields; §4 the 15 air statuses, cancel vs refund; §9 the 7-day and 2-hour terms).
//
// How a ticket moves after it is drawn:
// - refund (dishonoredBill): getReissueRefundPriceMultiPlayer shows the estimate, ticketRefund
//   asks the airline: the order is 'refunding' until the airline answers (asynchronously: the
//   client asks findOrderDetails again), then 'refunded' (every ticket), 'partiallyRefunded'
//   (some) or 'retrograde' (the airline refused). The money goes back to whoever paid: WeChat Pay
//   by a refund of that payment, the company by a recorded company refund.
// - change (ticketChanging): findRebookList offers the other flights of the same route on a date
//   with the fare difference and the change fee; ticketChange holds the new seats: when money is
//   due the order is 'changeToBePaid' until createChangeOrderPay (WeChat Pay) or
//   confirmChangeOrder (the company) pays it, or ticketCancelChange undoes it, or its deadline
//   passes (undone by the server); then 'changing' until the airline confirms: 'changed' (every
//   remaining ticket), 'partiallyChanged' (some) or 'retrograde' (refused; money refunded).
// - cancel (ticketCancel): only an order without tickets (not yet paid); a ticketed one is refunded.
// - removeTicketOrder: an ended order leaves the attendee's lists (kept for accounting).
// - 'traveled': set by the server once the last ticket's flight has arrived.
// ------------------------------------------------------------------------------------------------

/** what the attendee may do with an order now: the details screen shows exactly these buttons */
export const AIR_ORDER_ACTIONS = ['pay', 'cancel', 'refund', 'change', 'payChange', 'cancelChange', 'remove'] as const
export type AirOrderAction = (typeof AIR_ORDER_ACTIONS)[number]

/**
 * One passenger's ticket: notIssued (not paid, being issued, failed or cancelled), issued (valid
 * for `segment`), refunding / refunded, changing (a change asked or waiting for payment), changed
 * (valid for the new `segment`), flown (its flight has arrived).
 */
export const AIR_TICKET_STATUSES = ['notIssued', 'issued', 'refunding', 'refunded', 'changing', 'changed', 'flown'] as const
export type AirTicketStatus = (typeof AIR_TICKET_STATUSES)[number]

/**
 * spec §3 refund/change "type": voluntary (the attendee's choice: the fare rule's fee applies) or
 * involuntary (the flight was cancelled, delayed or rescheduled by the airline, or illness with a
 * certificate: no fee, subject to the airline's verification: it refuses a claim it cannot verify)
 */
export const AIR_AFTER_SALE_TYPES = ['voluntary', 'involuntary'] as const
export type AirAfterSaleType = (typeof AIR_AFTER_SALE_TYPES)[number]

/** spec §3 refund "reason" / change "cause", by type ('other' needs a text) */
export const AIR_AFTER_SALE_REASONS = {
  voluntary: ['planChanged', 'wrongBooking', 'other'],
  involuntary: ['flightCancelled', 'flightDelayed', 'scheduleChanged', 'illness', 'other'],
} as const satisfies Record<AirAfterSaleType, readonly string[]>
export type AirAfterSaleReason = (typeof AIR_AFTER_SALE_REASONS)[AirAfterSaleType][number]

/** check-in advice of spec §9 for the order's route (regional flights count as international) */
export interface CheckInAdviceView {
  routeKind: 'domestic' | 'international'
  /** arrive at the airport this many hours before departure, e.g. [1, 2] */
  arriveEarlyHours: [number, number]
  /** check-in closes this many minutes before departure (45 domestic, 60 international) */
  closesMinutesBefore: number
  /** when check-in closes for the earliest valid ticket's flight (local time); null when no ticket is valid */
  closesAt: string | null
}

/** one passenger's part of a refund or change, in fen */
export interface AfterSaleLine {
  passengerId: number
  /** spec §3 "refunder" / "resigner" */
  name: string
  passengerType: PassengerType
  /** spec §3 "ticket number" */
  ticketNo: string
  /** spec §3 "route": the flight the ticket is for now */
  segment: FlightView
  cabinCode: string
  /** the fare paid for the ticket (without tax and fees) */
  fareFen: number
  /** the fare rule's window the fee was taken from */
  window: RuleWindow
  /** the fee as a percent of the fare (0 for involuntary) */
  feePercent: number
  /** spec §3 refund "commission" / change "fee": the fee of this ticket */
  feeFen: number
}

export interface RefundLine extends AfterSaleLine {
  /** tax, fuel fee and airport construction fee paid back with the ticket */
  taxesFen: number
  /** accident insurance paid back with the ticket (it is not started before departure) */
  insuranceFen: number
  /** what comes back for this ticket: fare - fee + taxes + insurance; 0 when not refundable */
  refundFen: number
  /**
   * false: this ticket cannot be refunded online: 'feeOverFare' (spec §8 "refund fee higher than
   * fare means non-refundable"), 'notAllowed' (the fare rule allows no refund in this window),
   * 'notRefundableNow' (the ticket is not issued, refunded, or in a change/refund already)
   */
  refundable: boolean
  problem: 'feeOverFare' | 'notAllowed' | 'notRefundableNow' | null
}

export interface ChangeLine extends AfterSaleLine {
  /** the new fare minus the old for this passenger; 0 when the new fare is lower */
  fareDiffFen: number
  /** fee + fare difference; to a lower fare, what is left of the fee after the difference (0 when the difference covers it) */
  dueFen: number
  /** to a lower fare: the difference less the fee, given back to the payer once the airline confirms (absent on changes recorded before it existed: 0) */
  backFen?: number
}

export const AIR_REFUND_STATES = ['processing', 'refunded', 'rejected'] as const
export type AirRefundState = (typeof AIR_REFUND_STATES)[number]

/** a refund asked for (spec §3 refund fields), as the details screen lists it */
export interface AirRefundView {
  refundId: number
  /** quoted to the agency, e.g. AR20261122000123 */
  refundNo: string
  state: AirRefundState
  type: AirAfterSaleType
  reason: AirAfterSaleReason
  /** the attendee's words ('' when none) */
  reasonText: string
  /** spec §3 "count": lines.length */
  count: number
  lines: RefundLine[]
  /** spec §3 "commission": the fees, summed */
  feeFen: number
  /** spec §3 "estimated amount" at the request; once refunded, what was paid back */
  refundFen: number
  /** who gets the money: the payer of the order */
  refundTo: PayMethod
  requestedAt: string
  /** when the airline answered; null while processing */
  decidedAt: string | null
  /** rejected: the airline's reason, in the caller's language; '' otherwise */
  rejectReason: string
}

export const AIR_CHANGE_STATES = ['toBePaid', 'processing', 'changed', 'rejected', 'cancelled'] as const
export type AirChangeState = (typeof AIR_CHANGE_STATES)[number]

/** a change asked for (spec §3 change fields), as the details screen lists it */
export interface AirChangeView {
  changeId: number
  /** quoted to the agency, e.g. AC20261122000123 */
  changeNo: string
  state: AirChangeState
  type: AirAfterSaleType
  /** spec §3 "cause" */
  cause: AirAfterSaleReason
  causeText: string
  /** spec §3 "changed segment" and "date": the new flight */
  newFlight: FlightView
  newCabinCode: string
  lines: ChangeLine[]
  /** spec §3 change "fee": the fees, summed */
  feeFen: number
  fareDiffFen: number
  /** what the attendee pays for the change (fees + fare differences); 0: nothing to pay */
  dueFen: number
  /** to a lower fare: what goes (changed: went) back to the payer, differences less fees; 0 otherwise */
  backFen: number
  /** toBePaid: when the change is undone and the new seats released if still unpaid; null otherwise */
  payDeadline: string | null
  /** how the change was paid; null when unpaid or nothing was due */
  paidBy: PayMethod | null
  /** a WeChat Pay payment of the change is open: the client keeps asking */
  paymentPending: boolean
  requestedAt: string
  decidedAt: string | null
  /** rejected: the airline's reason (caller's language); cancelled: why ('' when by the attendee) */
  rejectReason: string
}

/** the fields part 2 adds to PassengerView (findOrderDetails): the passenger's ticket now */
export interface PassengerAfterSaleView {
  ticketStatus: AirTicketStatus
  /** the flight the ticket is for now: the order's flight, or the new one after a change */
  segment: FlightView
  cabinCode: string
}

/** the fields part 2 adds to AirOrderView (findOrderDetails and every call answering an order) */
export interface AirOrderAfterSaleView {
  /** the buttons the status allows (spec §4: only unticketed orders cancel; ticketed ones refund) */
  actions: AirOrderAction[]
  refunds: AirRefundView[]
  changes: AirChangeView[]
  /** the open change's payment deadline (status changeToBePaid); null otherwise */
  changePayDeadline: string | null
  /** how the attendee may pay a change (the event's payers) */
  changePayMethods: PayMethod[]
  checkIn: CheckInAdviceView
  /** the refund/change terms of the cabin booked (for the screens' rule notes) */
  rule: { refund: RuleTerm[]; change: RuleTerm[] }
  /** refund, partiallyRefunded, cancelled, issueFailed, traveled: nothing more will happen */
  ended: boolean
}

/**
 * Cancels an order that has no ticket (spec §4): new or toBePaid → cancelled, seats released; a WeChat
 * payment still open that is paid later is refunded in full. A paid order waiting
 * for its tickets: EAIR1030 (wait, then refund); a ticketed one: EAIR1031 (refund instead); an
 * order cancelled already answers it unchanged.
 */
export const ticketCancel = defineCall<OrderIdRequest, AirOrderView>({ path: '/api/flight/flight/ticketCancel', auth: 'required' })

/**
 * Removes an ended order (refunded, cancelled, issueFailed, traveled) from the attendee's lists:
 * it is kept for accounting, and its id then answers ESYS0004. An order not ended: EAIR1032.
 */
export const removeTicketOrder = defineCall<OrderIdRequest, { removed: true }>({ path: '/api/flight/flight/removeTicketOrder', auth: 'required' })

export interface RefundEstimateRequest {
  orderId: number
  /** spec §3 "refunder": 1-9 passengers of the order */
  passengerIds: number[]
  /** spec §3 refund "type" */
  type: AirAfterSaleType
}
export interface RefundEstimateView {
  orderId: number
  type: AirAfterSaleType
  /** one per passenger asked, in the order's passenger order */
  lines: RefundLine[]
  /** spec §3 "count" */
  count: number
  /** spec §3 "commission": the fees of the refundable lines, summed */
  feeFen: number
  /** spec §3 "estimated amount": the refunds of the refundable lines, summed */
  refundFen: number
  /** every line refundable: the refund may be asked */
  refundable: boolean
  /** who gets the money back */
  refundTo: PayMethod
  /** involuntary: the airline verifies the claim and may refuse it (then 'retrograde') */
  needsVerification: boolean
}
/**
 * The refund estimate per passenger (spec §2 dishonoredBill: before confirming): the fee by the
 * cabin's rule and the time before departure (terms at 7 days and 2 hours, server clock). The
 * order must be ticketed, changed, partially changed/refunded or retrograde: EAIR1033 otherwise;
 * no passenger or one not of the order: EAIR1034.
 */
export const getReissueRefundPriceMultiPlayer = defineCall<RefundEstimateRequest, RefundEstimateView>({
  path: '/api/flight/flight/getReissueRefundPriceMultiPlayer',
  auth: 'required',
})

export interface TicketRefundRequest extends RefundEstimateRequest {
  /** made once per refund intent and reused on retry */
  idempotencyKey: string
  /** spec §3 refund "reason", one of AIR_AFTER_SALE_REASONS[type] (spec §5: required) */
  reason: AirAfterSaleReason
  /** required when reason is 'other' (1-200 characters), optional otherwise ('' for none) */
  reasonText: string
  /**
   * the estimated amount the attendee saw; if the estimate has changed since (a rule window
   * passed), the refund is refused with EAIR1035 and the new amount
   */
  expectedRefundFen: number
}
/**
 * Asks the airline to refund the passengers' tickets: the order goes to 'refunding' and the
 * answer comes asynchronously (findOrderDetails). A ticket not refundable: EAIR1036 (fee higher
 * than the fare), EAIR1047 (the rule allows none now), EAIR1048 (not refundable as it stands); refunding
 * would leave an infant without an adult: EAIR1037; the order already in a refund or change:
 * EAIR1038. Type and reason missing: EAIR1039 (spec §5 "refund type and reason required");
 * reason 'other' without a text, or a text over 200 characters: EAIR1046.
 */
export const ticketRefund = defineCall<TicketRefundRequest, AirOrderView>({ path: '/api/flight/flight/ticketRefund', auth: 'required' })

export interface FindRebookListRequest {
  orderId: number
  /** spec §3 "resigner": the passengers to change (all on the same flight now) */
  passengerIds: number[]
  /** the new departure date 'YYYY-MM-DD' (today up to the sale horizon) */
  date: string
  /** involuntary changes cost nothing (subject to the airline's verification) */
  type: AirAfterSaleType
}
export interface RebookCabinView {
  cabinCode: string
  cabinClass: CabinClass
  discount: number
  seatsLeft: number
  /** the new adult fare */
  adultFareFen: number
  /** per passenger asked: fee and fare difference */
  lines: ChangeLine[]
  feeFen: number
  fareDiffFen: number
  /** what the change costs the attendee: fees + fare differences (to a lower fare: the fees the difference does not cover) */
  dueFen: number
  /** to a lower fare: what goes back to the payer once the airline confirms (differences less fees) */
  backFen: number
}
export interface RebookFlightView {
  flight: FlightView
  /** cabins of the booked cabin class with seats for every passenger, cheapest first ([] when none) */
  cabins: RebookCabinView[]
}
export interface RebookListView {
  /** the flights of the same route (departure and arrival airports) on that date, by departure time */
  flights: RebookFlightView[]
  /** false when the fare rule allows no change now (then flights is []) */
  changeAllowed: boolean
}
/**
 * Flights to change to (spec §2 ticketChanging): same route, the chosen date, with the fare
 * difference and the change fee by the booked cabin's rule and the time before the current
 * departure. Changes keep the cabin class booked (an upgrade is a new booking). The current flight
 * is left out. Bad date: EAIR1002; order or passengers not changeable: EAIR1033 / EAIR1034.
 */
export const findRebookList = defineCall<FindRebookListRequest, RebookListView>({ path: '/api/flight/flight/findRebookList', auth: 'required' })

export interface TicketChangeRequest {
  /** made once per change intent and reused on retry */
  idempotencyKey: string
  orderId: number
  passengerIds: number[]
  /** spec §3 change "type" */
  type: AirAfterSaleType
  /** spec §3 "cause", one of AIR_AFTER_SALE_REASONS[type] */
  cause: AirAfterSaleReason
  /** required when cause is 'other' (1-200 characters); '' otherwise */
  causeText: string
  /** the new flight, from findRebookList */
  flight: FlightRef
  cabinCode: string
  /** the amount due the attendee saw; changed since: EAIR1035 with the new amount */
  expectedDueFen: number
  /** to a lower fare: the amount back the attendee saw (RebookCabinView.backFen); changed since: EAIR1049 with the new amount. Absent: not checked */
  expectedBackFen?: number
}
/**
 * Asks for a change: holds the seats on the new flight (no seat left: EAIR1004). Money due: the
 * order is 'changeToBePaid' until the change is paid (deadline in the change's payDeadline);
 * nothing due: 'changing' at once. Then the airline confirms asynchronously. The order already in
 * a refund or change: EAIR1038; a ticket not changeable: EAIR1040; no change allowed now by the
 * fare rule: EAIR1041; the same flight as now or no flight: EAIR1042; type and cause missing:
 * EAIR1045; cause 'other' without a text: EAIR1046.
 */
export const ticketChange = defineCall<TicketChangeRequest, AirOrderView>({ path: '/api/flight/flight/ticketChange', auth: 'required' })

export interface CancelChangeRequest {
  orderId: number
}
/**
 * Undoes the order's unpaid change (status changeToBePaid): the new seats are released and the
 * order is as before the change. Nothing to undo: EAIR1043 (a change being paid for or confirmed
 * cannot be undone); a WeChat payment of the change still open that is paid later is refunded
 * in full.
 */
export const ticketCancelChange = defineCall<CancelChangeRequest, AirOrderView>({ path: '/api/flight/flight/ticketCancelChange', auth: 'required' })

/**
 * Opens a WeChat Pay payment of the open change's dueFen (or the one already open for it): the
 * same shape as createOrderPay. The change moves on when WeChat notifies orderPayNotify (a
 * notification replayed changes the order once); the client follows with findOrderDetails. No
 * change waiting for payment: EAIR1043; its deadline passed: EAIR1044.
 */
export const createChangeOrderPay = defineCall<CreateOrderPayRequest, OrderPayView>({ path: '/api/flight/pay/createChangeOrderPay', auth: 'required' })

/**
 * The company pays the open change (when the event lets the company pay: changePayMethods holds
 * 'company'; otherwise EAIR1022): the order goes to 'changing' and the airline is asked. Paid
 * already: answers the order unchanged. No change waiting for payment: EAIR1043; deadline passed:
 * EAIR1044.
 */
export const confirmChangeOrder = defineCall<PayRequest, AirOrderView>({ path: '/api/flight/pay/confirmChangeOrder', auth: 'required' })
