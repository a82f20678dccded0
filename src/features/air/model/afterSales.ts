import type { PassengerView } from '@contracts/calls/flight'
import type { MessageKey } from '@/lib/i18n'

/**
 * The refund (dishonoredBill) and change (ticketChanging) forms as the attendee fills them, and
 * what each lacks, in the order of spec §5's air messages ("select refunder, route, change agent,
 * new route; refund type and reason required"). Every field is kept as typed: a refused request
 * or a lost answer leaves the form as it was.
 */
export interface RefundDraft {
  /** the refunders: passengers by id */
  passengerIds: number[]
  /** the route (the order's flight segment) ticked */
  route: boolean
  /** '' until chosen */
  type: string
  reason: string
}

export interface ChangeDraft {
  /** the passengers who change ("resigner", "change agent") */
  passengerIds: number[]
  /** the segment to change ticked */
  route: boolean
  /** new departure date, '' until chosen */
  date: string
  /** the new flight number and cabin chosen from the rebook list, '' until chosen */
  flightNo: string
  cabinCode: string
  /** voluntary / involuntary; '' until chosen */
  type: string
  cause: string
}

export const emptyRefund = (): RefundDraft => ({ passengerIds: [], route: false, type: '', reason: '' })
export const emptyChange = (date = ''): ChangeDraft => ({ passengerIds: [], route: false, date, flightNo: '', cabinCode: '', type: '', cause: '' })

export interface FormProblem {
  key: MessageKey
  field: 'passengers' | 'route' | 'type' | 'reason' | 'date' | 'flight' | 'cause'
  params?: Record<string, string | number>
}

/** at most this many characters of a free-text reason or cause (what a GDS remark holds) */
export const REASON_MAX = 200

export function refundProblems(d: RefundDraft): FormProblem[] {
  const out: FormProblem[] = []
  if (d.passengerIds.length === 0) out.push({ key: 'air.after.err.refunder', field: 'passengers' })
  if (!d.route) out.push({ key: 'air.after.err.route', field: 'route' })
  if (!d.type) out.push({ key: 'air.after.err.refundType', field: 'type' })
  if (!d.reason.trim()) out.push({ key: 'air.after.err.refundReason', field: 'reason' })
  else if (d.reason.trim().length > REASON_MAX) out.push({ key: 'air.after.err.tooLong', field: 'reason', params: { max: REASON_MAX } })
  return out
}

export function changeProblems(d: ChangeDraft): FormProblem[] {
  const out: FormProblem[] = []
  if (d.passengerIds.length === 0) out.push({ key: 'air.after.err.changer', field: 'passengers' })
  if (!d.route) out.push({ key: 'air.after.err.route', field: 'route' })
  if (!d.date) out.push({ key: 'air.after.err.date', field: 'date' })
  if (!d.flightNo || !d.cabinCode) out.push({ key: 'air.after.err.newRoute', field: 'flight' })
  if (!d.type) out.push({ key: 'air.after.err.changeType', field: 'type' })
  if (!d.cause.trim()) out.push({ key: 'air.after.err.cause', field: 'cause' })
  else if (d.cause.trim().length > REASON_MAX) out.push({ key: 'air.after.err.tooLong', field: 'cause', params: { max: REASON_MAX } })
  return out
}

/** a passenger's ticket can be refunded or changed only once it is drawn */
export const hasTicket = (p: PassengerView): boolean => p.ticketNo !== ''
