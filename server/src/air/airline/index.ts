/** The airline behind one interface; the sandbox until a real GDS/TMC client is configured. */
export { AirlineSandbox } from './sandbox'
export { AIRLINES, AIRPORTS, airlineByCode, airportByCode, distanceKm, type AirlineRecord, type AirportRecord } from './reference-data'
export type { AfterSaleRequest, AfterSaleState, AirlineProvider, CabinOffer, FareRule, FlightOffer, HoldResult, TicketingState } from './types'
