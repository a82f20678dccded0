import type { FlightView } from '@contracts/calls/flight/search'

/**
 * The flight list's filters and sort orders (spec §3: departure time, airline, airports, aircraft
 * type), applied on the client over the day's list (findFlightList answers the whole day).
 */
export const DEPARTURE_SLOTS = ['night', 'morning', 'afternoon', 'evening'] as const
export type DepartureSlot = (typeof DEPARTURE_SLOTS)[number]
/** the hours [from, to) of each slot, local to the departure airport */
const SLOT_HOURS: Record<DepartureSlot, [number, number]> = {
  night: [0, 6],
  morning: [6, 12],
  afternoon: [12, 18],
  evening: [18, 24],
}

export const SORTS = ['depEarly', 'depLate', 'priceLow', 'durationShort'] as const
export type FlightSort = (typeof SORTS)[number]

export type AircraftSize = FlightView['aircraftSize']
export const AIRCRAFT_SIZES: AircraftSize[] = ['large', 'medium', 'small']

export interface FlightFilters {
  slots: DepartureSlot[]
  airlines: string[]
  depAirports: string[]
  arrAirports: string[]
  sizes: AircraftSize[]
  directOnly: boolean
  /** hide flights that cannot be booked (sold out, closed) */
  bookableOnly: boolean
}

export const NO_FILTERS: FlightFilters = { slots: [], airlines: [], depAirports: [], arrAirports: [], sizes: [], directOnly: false, bookableOnly: false }

/** the local hour of an ISO time with offset ('2026-12-01T08:35:00+08:00' → 8) */
export const localHour = (iso: string): number => Number(iso.slice(11, 13))
/** minutes since local midnight */
const localMinutes = (iso: string): number => localHour(iso) * 60 + Number(iso.slice(14, 16))

export const slotOf = (iso: string): DepartureSlot =>
  DEPARTURE_SLOTS.find((s) => localHour(iso) >= SLOT_HOURS[s][0] && localHour(iso) < SLOT_HOURS[s][1]) ?? 'night'

const within = <T>(chosen: T[], v: T) => chosen.length === 0 || chosen.includes(v)

export function applyFilters(flights: FlightView[], f: FlightFilters): FlightView[] {
  return flights.filter(
    (x) =>
      within(f.slots, slotOf(x.dep.time)) &&
      within(f.airlines, x.airline.code) &&
      within(f.depAirports, x.dep.airport) &&
      within(f.arrAirports, x.arr.airport) &&
      within(f.sizes, x.aircraftSize) &&
      (!f.directOnly || x.stops === 0) &&
      (!f.bookableOnly || (x.bookable && x.lowestFareFen !== null)),
  )
}

/** sold-out and closed flights go last whatever the order; ties by departure, then flight number */
export function sortFlights(flights: FlightView[], sort: FlightSort): FlightView[] {
  const key = (x: FlightView): number => {
    switch (sort) {
      case 'depLate':
        return -localMinutes(x.dep.time)
      case 'priceLow':
        return x.lowestFareFen ?? Number.MAX_SAFE_INTEGER
      case 'durationShort':
        return x.durationMinutes
      default:
        return localMinutes(x.dep.time)
    }
  }
  const unavailable = (x: FlightView) => (x.bookable && x.lowestFareFen !== null ? 0 : 1)
  return [...flights].sort(
    (a, b) => unavailable(a) - unavailable(b) || key(a) - key(b) || localMinutes(a.dep.time) - localMinutes(b.dep.time) || a.flightNo.localeCompare(b.flightNo),
  )
}

export interface FilterOptions {
  airlines: Array<{ code: string; nameZh: string; nameEn: string }>
  depAirports: Array<{ code: string; nameZh: string; nameEn: string }>
  arrAirports: Array<{ code: string; nameZh: string; nameEn: string }>
  sizes: AircraftSize[]
}

/** what the filter sheet offers: only values that occur in the day's list */
export function filterOptions(flights: FlightView[]): FilterOptions {
  const uniq = <T extends { code: string }>(xs: T[]) => Array.from(new Map(xs.map((x) => [x.code, x])).values()).sort((a, b) => a.code.localeCompare(b.code))
  return {
    airlines: uniq(flights.map((x) => ({ code: x.airline.code, nameZh: x.airline.nameZh, nameEn: x.airline.nameEn }))),
    depAirports: uniq(flights.map((x) => ({ code: x.dep.airport, nameZh: x.dep.airportZh, nameEn: x.dep.airportEn }))),
    arrAirports: uniq(flights.map((x) => ({ code: x.arr.airport, nameZh: x.arr.airportZh, nameEn: x.arr.airportEn }))),
    sizes: AIRCRAFT_SIZES.filter((s) => flights.some((x) => x.aircraftSize === s)),
  }
}

/** how many filters are on (the badge on the filter button) */
export const activeFilterCount = (f: FlightFilters): number =>
  f.slots.length + f.airlines.length + f.depAirports.length + f.arrAirports.length + f.sizes.length + (f.directOnly ? 1 : 0) + (f.bookableOnly ? 1 : 0)

/** '2h 15m' parts */
export const durationParts = (minutes: number): { h: number; m: number } => ({ h: Math.floor(minutes / 60), m: minutes % 60 })
