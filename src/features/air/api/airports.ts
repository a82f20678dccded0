import { type AirportCity, findAirportList, listAirport } from '@contracts/calls/flight/airports'
import { listAvailableRange, type AvailableRange } from '@contracts/calls/travel'
import { call, quietCall } from '@/lib/request'

/**
 * The airport list is reference data that does not change while the app runs: fetched once per
 * run and shared by both pickers (from and to).
 */
let allCities: Promise<AirportCity[]> | null = null
export function fetchAllCities(): Promise<AirportCity[]> {
  if (!allCities) {
    allCities = call(listAirport, {}).catch((e: unknown) => {
      allCities = null
      throw e
    })
  }
  return allCities
}

/** search as the attendee types: quiet (no loading mask over the keyboard), the picker says it */
export const searchCities = (keyword: string): Promise<AirportCity[]> => quietCall(findAirportList, { keyword })

/** the event's travel range for flights; null when the event sets none or it cannot be read */
export const fetchFlightRange = (): Promise<AvailableRange | null> => quietCall(listAvailableRange, { product: 'flight' }).catch(() => null)
