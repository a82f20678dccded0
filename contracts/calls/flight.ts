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

export interface FlightListView {
  flights: FlightView[]
  /** the days around the searched one (3 before, 3 after, within the sale horizon) */
  calendar: PriceDay[]
}

/**
 * The one-way flights of a day between two cities or airports, by departure time. No flight:
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

export interface PassengerView {
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
}

export interface AirOrderView {
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
