import { findEpidemicSituation } from '@contracts/calls/flight/booking'
import { findCabinsList, findFlightList, findRuleAnnotable, type FlightRef } from '@contracts/calls/flight/search'
import { expandFlightList } from '@contracts/flight-list'
import { call, quietCall } from '@/lib/request'

/** the day's flights as FlightViews (the answer names each airline and airport once: contracts/flight-list.ts) */
export const fetchFlights = (depCode: string, arrCode: string, date: string) => call(findFlightList, { depCode, arrCode, date }).then(expandFlightList)
export const fetchCabins = (flight: FlightRef) => call(findCabinsList, { flight: refOf(flight) })
export const fetchRule = (flight: FlightRef, cabinCode: string) => call(findRuleAnnotable, { flight: refOf(flight), cabinCode })
/** notices are a nicety next to the main content: quiet, and none when they cannot be read */
export const fetchNotices = (depAirport: string, arrAirport: string, date: string) =>
  quietCall(findEpidemicSituation, { depAirport, arrAirport, date }).catch(() => [])

/** a FlightRef exactly (a FlightView carries much more, which the server would refuse) */
export const refOf = (f: FlightRef): FlightRef => ({ date: f.date, flightNo: f.flightNo, depAirport: f.depAirport, arrAirport: f.arrAirport })

/** the flight and cabin in a page address, and back */
export const flightQuery = (f: FlightRef, cabinCode: string) => ({ date: f.date, flightNo: f.flightNo, dep: f.depAirport, arr: f.arrAirport, cabin: cabinCode })
export function flightFromQuery(q: Record<string, string | undefined>): { flight: FlightRef; cabinCode: string } | null {
  const { date, flightNo, dep, arr, cabin } = q
  if (!date || !flightNo || !dep || !arr || !cabin) return null
  return { flight: { date, flightNo, depAirport: dep, arrAirport: arr }, cabinCode: cabin }
}
