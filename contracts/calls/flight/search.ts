/**
 * Flight search (airTicketList): the flights of a route on a day with the price calendar, a
 * flight's cabins and fares, and a cabin's fare rule.
 * Conventions (login, money, times, languages, FlightRef): ../flight.ts.
 */
import type { CabinClass, RuleWindow } from '../../air'
import { defineCall } from '../../call'
import type { PolicyVerdict } from '../travel'

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
