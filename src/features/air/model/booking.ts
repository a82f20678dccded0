import { AIR_DOCUMENT_TYPES, type AirDocumentType, type AirSex, type PassengerType } from '@contracts/air'
import type { PassengerInput, TicketBookingRequest, TravellerView } from '@contracts/calls/flight/booking'
import { birthDateFromDocument, documentProblem, isDocumentName, normaliseDocumentNumber, sexFromDocument } from '@contracts/documents'
import { isEmail, isMobile } from '@contracts/validation'
import type { MessageKey } from '../i18n'
import { passengerTypeOn } from './passengerType'
import { AIR_CLIENT_RULES } from './rules'

/** a passenger as the reservation form holds it (every field as typed, nothing lost) */
export interface PassengerDraft {
  /** local key of the card */
  id: string
  /** the traveller it came from ('self', 'traveller:12'), '' when typed in */
  contactKey: string
  name: string
  documentType: AirDocumentType
  documentNumber: string
  sex: AirSex | ''
  /** typed for documents that do not hold it; read from ID cards and resident permits */
  birthDate: string
  mobile: string
  insurance: boolean
  /** the ticket the attendee chose (adult, child, infant); '': the birth date's */
  ticketType: PassengerType | ''
}

export interface BookingDraft {
  passengers: PassengerDraft[]
  contactName: string
  contactMobile: string
  email: string
  remark: string
  agreed: boolean
  /** why the attendee books outside the travel policy (when the event allows it with a reason) */
  overPolicyReason: string
}

export const emptyDraft = (): BookingDraft => ({
  passengers: [],
  contactName: '',
  contactMobile: '',
  email: '',
  remark: '',
  agreed: false,
  overPolicyReason: '',
})

let seq = 0
export const newPassengerId = (): string => `p${Date.now().toString(36)}${(seq++).toString(36)}`

export function blankPassenger(): PassengerDraft {
  return {
    id: newPassengerId(),
    contactKey: '',
    name: '',
    documentType: 'idCard',
    documentNumber: '',
    sex: '',
    birthDate: '',
    mobile: '',
    insurance: true,
    ticketType: '',
  }
}

/** a passenger card from one of the attendee's travellers (their first air document, if any) */
export function passengerFromTraveller(t: TravellerView): PassengerDraft {
  const doc = t.documents.find((d) => (AIR_DOCUMENT_TYPES as readonly string[]).includes(d.documentType)) ?? null
  return {
    id: newPassengerId(),
    contactKey: t.contactKey,
    name: t.name,
    documentType: doc?.documentType ?? 'idCard',
    documentNumber: doc?.documentNumber ?? '',
    sex: t.sex,
    birthDate: t.birthDate,
    mobile: t.mobile,
    insurance: true,
    ticketType: '',
  }
}

/** ID cards and resident permits hold the birth date and sex: the form reads them, not asks */
export const documentHoldsBirth = (type: AirDocumentType): boolean => type === 'idCard' || type === 'hmtResidencePermit'

/** the birth date that counts: read from the document when it holds one, else as typed */
export function birthDateOf(p: PassengerDraft): string {
  if (documentHoldsBirth(p.documentType)) return birthDateFromDocument(p.documentType, p.documentNumber) ?? ''
  return p.birthDate
}

/** the sex that counts: as chosen, else read from the document */
export function sexOf(p: PassengerDraft): AirSex | '' {
  return p.sex || sexFromDocument(p.documentType, p.documentNumber) || ''
}

export function passengerTypeOf(p: PassengerDraft, departureDate: string): PassengerType | 'tooYoung' | null {
  const birth = birthDateOf(p)
  return birth ? passengerTypeOn(birth, departureDate) : null
}

/** a ticket chosen that the birth date does not give (as the server's EAIR1115-1117) */
const TICKET_TYPE_REFUSED = { infant: 'air.err.notInfant', child: 'air.err.notChild', adult: 'air.err.notAdult' } as const satisfies Record<
  PassengerType,
  MessageKey
>

/** what is wrong, as a catalogue key with its parameters; the field it belongs to */
export interface Problem {
  key: MessageKey
  params?: Record<string, string | number>
  /** 'passenger:<id>:<field>' or 'contact' … : where to show it */
  field: string
}

/** the first problem of one passenger card (spec §5 air messages), or null */
export function passengerProblem(p: PassengerDraft, departureDate: string, today: Date): Problem | null {
  const at = (f: string) => `passenger:${p.id}:${f}`
  const name = p.name.trim() || '—'
  if (!p.name.trim()) return { key: 'air.err.enterName', field: at('name') }
  if (!isDocumentName(p.name)) return { key: 'air.err.nameAsDocument', params: { name }, field: at('name') }
  if (documentProblem(p.documentType, p.documentNumber, today)) return { key: 'air.err.documentNumber', params: { name }, field: at('documentNumber') }
  const type = passengerTypeOf(p, departureDate)
  if (type === null) return { key: 'air.err.birthDate', params: { name }, field: at('birthDate') }
  if (type === 'tooYoung') return { key: 'air.err.infantTooYoung', params: { name }, field: at('birthDate') }
  if (p.ticketType && p.ticketType !== type) return { key: TICKET_TYPE_REFUSED[p.ticketType], params: { name }, field: at('ticketType') }
  const fromDoc = sexFromDocument(p.documentType, p.documentNumber)
  if (!sexOf(p)) return { key: 'air.err.selectSex', params: { name }, field: at('sex') }
  if (fromDoc && p.sex && p.sex !== 'confidential' && p.sex !== fromDoc) return { key: 'air.err.sexMismatch', params: { name }, field: at('sex') }
  if (p.mobile.trim() && !isMobile(p.mobile)) return { key: 'air.err.passengerMobile', params: { name }, field: at('mobile') }
  return null
}

/**
 * Every problem of the form in the order the attendee meets them (spec §5 air messages): the
 * passengers, who travels with whom (infants never alone), then the contact and the agreement.
 */
export function bookingProblems(d: BookingDraft, departureDate: string, today: Date, needsReason: boolean): Problem[] {
  const out: Problem[] = []
  if (d.passengers.length === 0) out.push({ key: 'air.err.selectPassenger', field: 'passengers' })
  if (d.passengers.length > AIR_CLIENT_RULES.maxPassengers)
    out.push({ key: 'air.err.maxPassengers', params: { max: AIR_CLIENT_RULES.maxPassengers }, field: 'passengers' })
  const seen = new Set<string>()
  for (const p of d.passengers) {
    const problem = passengerProblem(p, departureDate, today)
    if (problem) {
      out.push(problem)
      continue
    }
    const doc = `${p.documentType}:${normaliseDocumentNumber(p.documentNumber)}`
    if (seen.has(doc)) out.push({ key: 'air.err.duplicate', params: { name: p.name.trim() }, field: `passenger:${p.id}:documentNumber` })
    seen.add(doc)
  }
  const types = d.passengers.map((p) => passengerTypeOf(p, departureDate))
  const adults = types.filter((t) => t === 'adult').length
  const infants = types.filter((t) => t === 'infant').length
  if (d.passengers.length > 0 && adults === 0 && types.every((t) => t !== null && t !== 'tooYoung')) out.push({ key: 'air.err.notAlone', field: 'passengers' })
  else if (infants > adults) out.push({ key: 'air.err.oneInfantPerAdult', field: 'passengers' })
  if (!d.contactName.trim()) out.push({ key: 'air.err.contactName', field: 'contactName' })
  if (!d.contactMobile.trim()) out.push({ key: 'air.err.contactPhone', field: 'contactMobile' })
  else if (!isMobile(d.contactMobile)) out.push({ key: 'air.err.phoneFormat', field: 'contactMobile' })
  if (d.email.trim() && !isEmail(d.email)) out.push({ key: 'air.err.email', field: 'email' })
  if (d.remark.length > AIR_CLIENT_RULES.remarkMax) out.push({ key: 'air.err.remark', params: { max: AIR_CLIENT_RULES.remarkMax }, field: 'remark' })
  if (needsReason && !d.overPolicyReason.trim()) out.push({ key: 'air.err.overPolicyReason', field: 'overPolicyReason' })
  if (!d.agreed) out.push({ key: 'air.err.agreement', field: 'agreed' })
  return out
}

/** the passengers as ticketBooking takes them */
export function passengerInputs(d: BookingDraft): PassengerInput[] {
  return d.passengers.map((p) => ({
    name: p.name.trim(),
    documentType: p.documentType,
    documentNumber: normaliseDocumentNumber(p.documentNumber),
    sex: sexOf(p) || 'confidential',
    birthDate: birthDateOf(p),
    mobile: p.mobile.trim(),
    insurance: p.insurance,
    contactKey: p.contactKey,
    ...(p.ticketType ? { ticketType: p.ticketType } : {}),
  }))
}

export function bookingRequest(
  d: BookingDraft,
  base: Pick<TicketBookingRequest, 'flight' | 'cabinCode' | 'idempotencyKey' | 'expectedTotalFen'>,
): TicketBookingRequest {
  return {
    ...base,
    passengers: passengerInputs(d),
    contact: { name: d.contactName.trim(), mobile: d.contactMobile.trim(), email: d.email.trim() },
    remark: d.remark.trim(),
    agreementAccepted: d.agreed,
    overPolicyReason: d.overPolicyReason.trim(),
  }
}

/** the first problem to show at a field ('passengers', 'passenger:<id>', 'contactName' …), or null */
export const problemAtField = (problems: readonly Problem[], field: string): Problem | null =>
  problems.find((x) => x.field === field || x.field.startsWith(`${field}:`)) ?? null

/** a saved traveller's chip: added as a passenger, or taken out again */
export function toggleTraveller(passengers: readonly PassengerDraft[], x: TravellerView): PassengerDraft[] {
  return passengers.some((p) => p.contactKey === x.contactKey)
    ? passengers.filter((p) => p.contactKey !== x.contactKey)
    : [...passengers, passengerFromTraveller(x)]
}

/** the fare kind and insurance of each passenger, as the price is counted: a passenger not yet typed pays the adult fare */
export function fareMixOf(passengers: readonly PassengerDraft[], departureDate: string): Array<{ type: PassengerType; insurance: boolean }> {
  return passengers.map((p) => {
    const type = passengerTypeOf(p, departureDate)
    return { type: type === 'infant' || type === 'child' ? type : 'adult', insurance: p.insurance }
  })
}
