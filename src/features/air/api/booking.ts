import { findSignupContactList, ticketBooking, type TicketBookingRequest } from '@contracts/calls/flight/booking'
import { call } from '@/lib/request'

export const fetchTravellers = () => call(findSignupContactList, {})
/** no loading mask (spec §7 ticketBooking*): the submit button shows its own state */
export const bookTickets = (req: TicketBookingRequest) => call(ticketBooking, req)
