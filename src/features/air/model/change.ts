import dayjs from 'dayjs'
import type { AirAfterSaleReason, AirAfterSaleType } from '@contracts/calls/flight/after-sales'
import type { AirOrderView } from '@contracts/calls/flight/booking'
import type { RebookCabinView, TicketChangeRequest } from '@contracts/calls/flight/change'
import type { FlightRef } from '@contracts/calls/flight/search'
import { segmentKey, type ChangeDraft } from './afterSales'
import { AIR_CLIENT_RULES } from './rules'

/**
 * The change form's (ticketChanging) choices: the dates one tap away, the passengers a route
 * keeps, the rebook list the choices ask for, and the request that sends what was seen.
 */

/** the dates offered as chips, in days from the booked flight's date */
const QUICK_DAYS = [-1, 0, 1, 2, 3]

/** the last date a change may go to */
export const lastChangeDay = (today: string): string => dayjs(today).add(AIR_CLIENT_RULES.dateHorizonDays, 'day').format('YYYY-MM-DD')

/** the days around the booked flight one tap away (the same day counts: another flight that day), within the dates a change may go to */
export function quickChangeDays(bookedDate: string, today: string, lastDay: string): string[] {
  return QUICK_DAYS.map((n) => dayjs(bookedDate).add(n, 'day').format('YYYY-MM-DD')).filter((d) => d >= today && d <= lastDay)
}

/** the chosen passengers whose ticket is for the route now ticked */
export const passengersOnRoute = (order: AirOrderView, passengerIds: readonly number[], route: string): number[] =>
  passengerIds.filter((id) => order.passengers.some((p) => p.passengerId === id && segmentKey(p.segment) === route))

/** the query key of the rebook list: asked once passengers, a date and a type are chosen */
export const rebookKeyOf = (orderId: number, ids: readonly number[], date: string, type: AirAfterSaleType | ''): string | null =>
  ids.length > 0 && date && type ? `air:rebook:${orderId}:${ids.join(',')}:${date}:${type}` : null

/** the change as the attendee saw it: the amount due (or back) is checked again by the server */
export function changeBodyOf(
  orderId: number,
  ids: number[],
  draft: ChangeDraft,
  flight: FlightRef,
  cabin: RebookCabinView,
): Omit<TicketChangeRequest, 'idempotencyKey'> {
  return {
    orderId,
    passengerIds: ids,
    type: draft.type as AirAfterSaleType,
    cause: draft.reason as AirAfterSaleReason,
    causeText: draft.reasonText.trim(),
    flight,
    cabinCode: cabin.cabinCode,
    expectedDueFen: cabin.dueFen,
    expectedBackFen: cabin.backFen,
  }
}
