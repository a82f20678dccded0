/**
 * The airline (a GDS or travel-management company's air API) as the air service uses it: search a
 * day's flights with their cabins and seats, a cabin's fare rule, hold seats for a booking (a PNR),
 * release them, and issue tickets, which completes later (the service asks how it went).
 */
import type { CabinClass } from '@contracts/air'
import type { FareRuleView, FlightRef } from '@contracts/calls/flight'
import type { Queryable } from '../../kernel/db/client'
import type { AirlineRecord, AirportRecord } from './reference-data'

export interface CabinOffer {
  cabinCode: string
  cabinClass: CabinClass
  /** percent of the economy full fare */
  discount: number
  /** adult fare in fen, without tax and fees */
  adultFareFen: number
  /** seats left now, 0-9 (9: nine or more) */
  seatsLeft: number
}

export interface FlightOffer {
  key: string
  date: string
  flightNo: string
  airline: AirlineRecord
  dep: AirportRecord
  arr: AirportRecord
  depTerminal: string
  arrTerminal: string
  /** minutes after local midnight of `date` */
  depMinutes: number
  durationMinutes: number
  aircraftType: string
  aircraftSize: 'large' | 'medium' | 'small'
  meal: boolean
  distanceKm: number
  /** economy full fare (Y) in fen */
  fullFareFen: number
  cabins: CabinOffer[]
}

/** a cabin's rule as the fare-rule call shows it (contracts/calls/flight.ts), less the cabin's names */
export type FareRule = Omit<FareRuleView, 'cabinCode' | 'cabinClass'>

export type HoldResult = { ok: true; pnr: string } | { ok: false; reason: 'noFlight' | 'soldOut' }

export type TicketingState = { state: 'held' | 'released' | 'issuing' } | { state: 'issued'; ticketNos: string[] } | { state: 'failed' }

/**
 * A refund or change of issued tickets, asked of the airline. The airline answers
 * later: the service asks afterSale(ref) until it is done or rejected.
 */
export interface AfterSaleRequest {
  /** our refund/change number: asking again with it changes nothing */
  ref: string
  kind: 'refund' | 'change'
  /** the bookings the tickets are on, and how many seats each gives back once done (infants hold none) */
  release: Array<{ pnr: string; seats: number }>
  tickets: number
  /** an involuntary claim: the airline verifies it against the flight (disrupted or not) */
  involuntary: boolean
  flight: FlightRef
  /** change: the held booking of the new seats, issued (new ticket numbers) once done */
  newPnr?: string
}
export type AfterSaleState = { state: 'processing' } | { state: 'done'; ticketNos: string[] } | { state: 'rejected'; reason: 'refused' | 'unverified' }

export interface AirlineProvider {
  airports(): AirportRecord[]
  /** every flight of a day between two airports, by departure time */
  searchFlights(depAirport: string, arrAirport: string, date: string): Promise<FlightOffer[]>
  /**
   * what searchFlights would answer now, when the provider can tell without asking anyone (the
   * same array as its last answer while nothing in it changed); undefined otherwise
   */
  peekFlights?(depAirport: string, arrAirport: string, date: string): FlightOffer[] | undefined
  /** one flight with its cabins, or null */
  flight(date: string, flightNo: string, depAirport: string, arrAirport: string): Promise<FlightOffer | null>
  fareRule(offer: FlightOffer, cabinCode: string): FareRule | null
  /** holds `seats` seats; holding again with the same clientRef answers the same PNR */
  hold(p: { clientRef: string; date: string; flightNo: string; depAirport: string; arrAirport: string; cabinCode: string; seats: number }): Promise<HoldResult>
  /**
   * gives held seats back (a cancelled order); idempotent. `q`: the calls made from a job run
   * inside its transaction; the sandbox keeps its records in our database and must use that
   * transaction (PGlite has one connection); a real airline ignores it.
   */
  release(pnr: string, q?: Queryable): Promise<void>
  /** starts issuing tickets for a PNR (paid); idempotent */
  issue(pnr: string, passengers: number, q?: Queryable): Promise<void>
  ticketing(pnr: string, q?: Queryable): Promise<TicketingState>
  /** asks for a refund or change of issued tickets; idempotent by ref */
  requestAfterSale(r: AfterSaleRequest, q?: Queryable): Promise<void>
  /** how a refund or change goes; rejected ones leave the tickets (and a change's new hold) as they were */
  afterSale(ref: string, q?: Queryable): Promise<AfterSaleState>
}
