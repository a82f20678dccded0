import { flightOrderVerify } from '@contracts/calls/flight/booking'
import type { FlightRef } from '@contracts/calls/flight/search'
import { getTravelStandard, listVisibilityRule, type PolicyVerdict, type TravelStandard } from '@contracts/calls/travel'
import { quietCall } from '@/lib/request'

/**
 * The travel policy as the screens show it. Each is quiet and gives null when it cannot be read:
 * the server checks every booking against the policy anyway (EAIR1011), these only say it first.
 */
export const fetchStandard = (): Promise<TravelStandard | null> => quietCall(getTravelStandard, {}).catch(() => null)
export const fetchFlightVisible = (): Promise<boolean> =>
  quietCall(listVisibilityRule, {}).then(
    (rules) => rules.find((r) => r.product === 'flight')?.visible !== false,
    () => true,
  )
export const fetchVerdict = (flight: FlightRef, cabinCode: string): Promise<PolicyVerdict | null> =>
  quietCall(flightOrderVerify, { flight, cabinCode }).catch(() => null)
