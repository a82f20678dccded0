import type { AirAfterSaleReason, AirAfterSaleType, AirChangeView } from '@contracts/calls/flight/after-sales'
import type { AirOrderView, PassengerView } from '@contracts/calls/flight/booking'
import type { RefundEstimateView } from '@contracts/calls/flight/cancel-refund'
import type { FlightView } from '@contracts/calls/flight/search'
import type { MessageKey } from '../i18n'

/**
 * The refund (dishonoredBill) and change (ticketChanging) forms as the attendee fills them, and
 * what each lacks, in the order of spec §5's air messages ("select refunder, route, change agent,
 * new route; refund type and reason required"). Every field is kept as typed: a refused request
 * or a lost answer leaves the form as it was.
 */
interface AfterSaleDraft {
  /** the refunders / resigners: passengers by id */
  passengerIds: number[]
  /** the route ticked: the key of the segment (segmentKey) the chosen tickets are for, '' until chosen */
  route: string
  type: AirAfterSaleType | ''
  reason: AirAfterSaleReason | ''
  /** the attendee's words: required for 'other' */
  reasonText: string
}
export type RefundDraft = AfterSaleDraft

export interface ChangeDraft extends AfterSaleDraft {
  /** new departure date, '' until chosen */
  date: string
  /** the new flight and cabin chosen from the rebook list ('' until chosen) */
  flightNo: string
  cabinCode: string
}

export const emptyRefund = (): RefundDraft => ({ passengerIds: [], route: '', type: '', reason: '', reasonText: '' })
export const emptyChange = (): ChangeDraft => ({ ...emptyRefund(), date: '', flightNo: '', cabinCode: '' })

export type FormField = 'passengers' | 'route' | 'type' | 'reason' | 'date' | 'flight'
export interface FormProblem {
  key: MessageKey
  field: FormField
  params?: Record<string, string | number>
}

/** at most this many characters of the attendee's words (the server's limit, EAIR1046) */
export const REASON_TEXT_MAX = 200

function reasonProblems(d: AfterSaleDraft, kind: 'refund' | 'change'): FormProblem[] {
  const out: FormProblem[] = []
  if (!d.type) out.push({ key: kind === 'refund' ? 'air.after.err.refundType' : 'air.after.err.changeType', field: 'type' })
  if (!d.reason) out.push({ key: kind === 'refund' ? 'air.after.err.refundReason' : 'air.after.err.cause', field: 'reason' })
  else if (d.reason === 'other' && !d.reasonText.trim()) out.push({ key: 'air.after.err.reasonText', field: 'reason' })
  if (d.reasonText.trim().length > REASON_TEXT_MAX) out.push({ key: 'air.after.err.tooLong', field: 'reason', params: { max: REASON_TEXT_MAX } })
  return out
}

export function refundProblems(d: RefundDraft): FormProblem[] {
  const out: FormProblem[] = []
  if (!d.route) out.push({ key: 'air.after.err.route', field: 'route' })
  if (d.passengerIds.length === 0) out.push({ key: 'air.after.err.refunder', field: 'passengers' })
  return [...out, ...reasonProblems(d, 'refund')]
}

export function changeProblems(d: ChangeDraft): FormProblem[] {
  const out: FormProblem[] = []
  if (!d.route) out.push({ key: 'air.after.err.route', field: 'route' })
  if (d.passengerIds.length === 0) out.push({ key: 'air.after.err.changer', field: 'passengers' })
  out.push(...reasonProblems(d, 'change'))
  if (!d.date) out.push({ key: 'air.after.err.date', field: 'date' })
  else if (!d.flightNo || !d.cabinCode) out.push({ key: 'air.after.err.newRoute', field: 'flight' })
  return out
}

/** the problem of one field, or null */
export const problemAt = (problems: FormProblem[], field: FormField): FormProblem | null => problems.find((p) => p.field === field) ?? null

/** one flight on one day: the "route" a ticket is for */
export const segmentKey = (f: Pick<FlightView, 'date' | 'flightNo'>): string => `${f.date} ${f.flightNo}`

/** the tickets that may be refunded (issued, or changed to a new flight) or changed (issued only: one change per ticket) */
export const refundableTicket = (p: PassengerView): boolean => p.ticketStatus === 'issued' || p.ticketStatus === 'changed'
export const changeableTicket = (p: PassengerView): boolean => p.ticketStatus === 'issued'

/** the routes the order's tickets are for, each once, with the flight (for the route choice) */
export function routesOf(order: AirOrderView, eligible: (p: PassengerView) => boolean): FlightView[] {
  const seen = new Map<string, FlightView>()
  for (const p of order.passengers) if (eligible(p) && !seen.has(segmentKey(p.segment))) seen.set(segmentKey(p.segment), p.segment)
  return Array.from(seen.values())
}

/**
 * A kept form (a reload, hooks/useBookingDraft.ts useKeptDraft) read against the order as it is
 * now: a route no longer offered and tickets no longer eligible (refunded meanwhile) drop out.
 */
export function stillValid<T extends AfterSaleDraft>(d: T, order: AirOrderView, eligible: (p: PassengerView) => boolean): T {
  const route = routesOf(order, eligible).some((f) => segmentKey(f) === d.route) ? d.route : ''
  const passengerIds = d.passengerIds.filter((id) => order.passengers.some((p) => p.passengerId === id && eligible(p) && segmentKey(p.segment) === route))
  return route === d.route && passengerIds.length === d.passengerIds.length ? d : { ...d, route, passengerIds }
}

/**
 * Why a passenger cannot be chosen on this form now, as a catalogue key: not ticketed, already
 * refunded/refunding/changing/changed, or on another route than the one ticked; null: can be
 */
export function unavailableReason(p: PassengerView, route: string, eligible: (p: PassengerView) => boolean): MessageKey | null {
  if (!eligible(p)) return `air.details.ticketStatus.${p.ticketStatus}`
  if (route && segmentKey(p.segment) !== route) return 'air.after.otherRoute'
  return null
}

/** spec §8 "refund fee higher than fare means non-refundable": does the estimate say so for a line */
export const feeOverFare = (e: RefundEstimateView): boolean => e.lines.some((l) => l.problem === 'feeOverFare')

/** the change waiting for payment, if the order has one */
export const openChange = (o: AirOrderView): AirChangeView | null => o.changes.find((c) => c.state === 'toBePaid') ?? null

/**
 * A change's payment as the server sees it, for the payment UI: paid once the change went on to the
 * airline (or was made), closed once undone or refused, else unpaid
 */
export function changePayState(o: AirOrderView, changeId: number): 'paid' | 'unpaid' | 'closed' {
  const c = o.changes.find((x) => x.changeId === changeId)
  if (!c) return 'closed'
  if (c.state === 'processing' || c.state === 'changed') return 'paid'
  if (c.state === 'toBePaid') return 'unpaid'
  return 'closed'
}

/**
 * One idempotency key per intent: the same request (same signature) sent again, a retry after a
 * lost answer, carries the same key, so the server does it once; a different request (other
 * passengers, another amount after a price change) is a new intent with a new key.
 */
export function intentKeys(newKey: () => string): (signature: string) => string {
  let last = ''
  let key = ''
  return (signature) => {
    if (signature !== last || !key) {
      last = signature
      key = newKey()
    }
    return key
  }
}
