/**
 * Booking a flight (airTicketReservation): the attendee's travellers, the travel notices, the
 * travel policy's verdict on a cabin, and the order itself, read back until its tickets are drawn.
 * Conventions (login, money, times, languages, FlightRef): ../flight.ts.
 */
import type { AirDocumentType, AirOrderStatus, AirSex, CabinClass, PassengerType, PayMethod } from '../../air'
import { defineCall } from '../../call'
import type { PolicyVerdict } from '../travel'
import type { AirOrderAfterSaleView, PassengerAfterSaleView } from './after-sales'
import type { FareBreakdown, FlightRef, FlightView } from './search'

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
  /**
   * the ticket the attendee asked for; absent: the one the birth date gives. When given it must be
   * the birth date's on the day of departure (EAIR1115-1117), never silently another ticket at another fare.
   */
  ticketType?: PassengerType
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
