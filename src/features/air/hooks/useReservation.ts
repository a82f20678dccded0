import { useEffect, useMemo, useRef, useState } from 'react'
import type { AirOrderView, TravellerView } from '@contracts/calls/flight/booking'
import type { CabinView, FlightRef } from '@contracts/calls/flight/search'
import { toast } from '@/lib/feedback'
import { newIdempotencyKey } from '@/lib/idempotency'
import { RequestError } from '@/lib/request'
import { useQuery } from '@/lib/useQuery'
import { askSubscriptions, keepSubscriptions } from '@/lib/subscribe'
import { bookTickets, fetchTravellers } from '../api/booking'
import { fetchCabins, fetchNotices } from '../api/flights'
import { fetchVerdict } from '../api/policy'
import { useI18n } from '../i18n'
import { blankPassenger, bookingProblems, bookingRequest, fareMixOf, problemAtField, toggleTraveller, type BookingDraft, type Problem } from '../model/booking'
import { bookingPolicyOf, priceOf } from '../model/price'
import { AIR_CLIENT_RULES } from '../model/rules'
import { useBookingDraft } from './useBookingDraft'

/** the server answered that the offer itself changed: read the cabins again */
const OFFER_CHANGED = ['EAIR1003', 'EAIR1004', 'EAIR1005', 'EAIR1010']

/**
 * airTicketReservation's state: the cabin (read again when the server says the offer changed), the
 * attendee's travellers, the notices, the policy's verdict, the draft kept on the device until the
 * order is made, the problems (shown after the first submit), the price, and one booking per
 * intent (the idempotency key is kept on a lost answer, renewed after a refusal).
 */
export function useReservation(flight: FlightRef, cabinCode: string, today: string, onBooked: (order: AirOrderView) => void) {
  const { t } = useI18n()
  const forKey = `${flight.date}:${flight.flightNo}:${flight.depAirport}:${flight.arrAirport}:${cabinCode}`
  const cabins = useQuery(`air:cabins:${forKey}`, () => fetchCabins(flight))
  const travellers = useQuery('air:travellers', fetchTravellers)
  const notices = useQuery(`air:notices:${forKey}`, () => fetchNotices(flight.depAirport, flight.arrAirport, flight.date))
  const verdict = useQuery(`air:verdict:${forKey}`, () => fetchVerdict(flight, cabinCode))
  const [draft, setDraft, clearDraft] = useBookingDraft(forKey)
  const [showProblems, setShowProblems] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const key = useRef(newIdempotencyKey())

  // the contact is the attendee unless they type another
  const self = travellers.data?.find((x) => x.self)
  useEffect(() => {
    if (self && !draft.contactName && !draft.contactMobile) setDraft({ ...draft, contactName: self.name, contactMobile: self.mobile })
    // once, when the travellers arrive
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [self])

  const cabin: CabinView | undefined = cabins.data?.cabins.find((c) => c.cabinCode === cabinCode)
  const { policy, needsReason, blocked } = bookingPolicyOf(verdict.data, cabin)
  const problems = useMemo(
    () => bookingProblems(draft, flight.date, new Date(`${today}T12:00:00+08:00`), needsReason),
    [draft, flight.date, today, needsReason],
  )
  /** the problem to show at a field, once the attendee has tried to submit */
  const problemAt = (field: string): string | null => {
    if (!showProblems) return null
    const p = problemAtField(problems, field)
    return p ? t(p.key, p.params) : null
  }
  const price = cabin ? priceOf(cabin, fareMixOf(draft.passengers, flight.date)) : null

  const update = (patch: Partial<BookingDraft>) => setDraft({ ...draft, ...patch })
  const chosen = (x: TravellerView) => draft.passengers.some((p) => p.contactKey === x.contactKey)
  const toggle = (x: TravellerView) => update({ passengers: toggleTraveller(draft.passengers, x) })
  const addPassenger = () => draft.passengers.length < AIR_CLIENT_RULES.maxPassengers && update({ passengers: [...draft.passengers, blankPassenger()] })

  const submit = async () => {
    if (!cabin || !price || submitting) return
    setShowProblems(true)
    const first: Problem | undefined = problems[0]
    if (first) return toast(t(first.key, first.params))
    // in the tap, before any await: WeChat shows its prompt only then
    const asked = askSubscriptions('booking')
    setSubmitting(true)
    try {
      const accepted = await asked
      const order = await bookTickets(bookingRequest(draft, { flight, cabinCode, idempotencyKey: key.current, expectedTotalFen: price.totalFen }))
      void keepSubscriptions('flight', order.orderId, 'booking', accepted)
      // the order holds it all now; the draft's document numbers need not stay on the phone
      clearDraft()
      onBooked(order)
    } catch (e) {
      // the request client has shown why. A refusal was rolled back on the server: the next
      // submit (after changes) is a new intent; a lost answer keeps the key, so its retry
      // cannot book twice
      if (!(e instanceof RequestError && e.kind === 'network')) key.current = newIdempotencyKey()
      if (e instanceof RequestError && OFFER_CHANGED.includes(e.msgId)) cabins.retry()
    } finally {
      setSubmitting(false)
    }
  }

  return {
    cabins,
    cabin,
    travellers: travellers.data ?? [],
    notices: notices.data ?? [],
    policy,
    needsReason,
    blocked,
    draft,
    update,
    chosen,
    toggle,
    addPassenger,
    showProblems,
    problemAt,
    price,
    submitting,
    submit,
  }
}

/** the reservation form as the view's sections take it */
export type AirReservationForm = ReturnType<typeof useReservation>
