/**
 * Checks of an air booking's passengers and contact (spec §3, §5): documents by
 * contracts/documents.ts, names as on the document, birth date and sex as the document holds
 * them, passenger type on the day of departure (infants from 14 days to 2 years), never infants
 * or children alone, one infant per adult. Answers the first problem as a msgId with its
 * parameters (the passenger's name), so the attendee knows which passenger to fix.
 */
import type { PassengerType } from '@contracts/air'
import type { ContactInput, PassengerInput } from '@contracts/calls/flight'
import { birthDateFromDocument, documentProblem, isDocumentName, normaliseDocumentNumber, sexFromDocument } from '@contracts/documents'
import type { MsgId, MsgParams } from '@contracts/messages'
import { isEmail, isMobile } from '@contracts/validation'
import { AIR_RULES, passengerTypeOn } from './air-rules'

/** the ticket asked for that the birth date does not give: each its own message, naming the ages that ticket needs */
const TICKET_TYPE_REFUSED: Record<PassengerType, MsgId> = { infant: 'EAIR1115', child: 'EAIR1116', adult: 'EAIR1117' }

export interface Problem {
  msgId: MsgId
  params?: MsgParams
}

export interface CheckedPassenger extends PassengerInput {
  passengerType: PassengerType
  documentNumber: string
  birthDate: string
}

export function checkPassengers(
  passengers: PassengerInput[],
  departureDate: string,
  today: Date,
): { ok: true; passengers: CheckedPassenger[] } | { ok: false; problem: Problem } {
  const fail = (msgId: MsgId, name?: string) => ({ ok: false as const, problem: { msgId, params: name === undefined ? undefined : { name } } })
  if (passengers.length === 0) return fail('EAIR1111')
  if (passengers.length > AIR_RULES.maxPassengers) return { ok: false, problem: { msgId: 'EAIR1112', params: { max: AIR_RULES.maxPassengers } } }
  const out: CheckedPassenger[] = []
  const seen = new Set<string>()
  for (const p of passengers) {
    const name = p.name.trim()
    if (!name) return fail('EAIR1101')
    if (!isDocumentName(name)) return fail('EAIR1102', name)
    const number = normaliseDocumentNumber(p.documentNumber)
    if (documentProblem(p.documentType, number, today)) return fail('EAIR1103', name)
    const fromDocument = birthDateFromDocument(p.documentType, number)
    const birthDate = fromDocument ?? p.birthDate.trim()
    if (fromDocument && p.birthDate.trim() && p.birthDate.trim() !== fromDocument) return fail('EAIR1105', name)
    const sex = sexFromDocument(p.documentType, number)
    if (sex && p.sex !== 'confidential' && p.sex !== sex) return fail('EAIR1113', name)
    if (p.mobile.trim() && !isMobile(p.mobile)) return fail('EAIR1114', name)
    const type = passengerTypeOn(birthDate, departureDate)
    if (type === null) return fail('EAIR1104', name)
    if (type === 'tooYoung') return fail('EAIR1106', name)
    if (p.ticketType && p.ticketType !== type) return fail(TICKET_TYPE_REFUSED[p.ticketType], name)
    const key = `${p.documentType}:${number}`
    if (seen.has(key)) return fail('EAIR1109', name)
    seen.add(key)
    out.push({ ...p, name, documentNumber: number, birthDate, mobile: p.mobile.trim(), passengerType: type })
  }
  const adults = out.filter((p) => p.passengerType === 'adult').length
  if (adults === 0) return fail('EAIR1107')
  if (out.filter((p) => p.passengerType === 'infant').length > adults * AIR_RULES.infantsPerAdult) return fail('EAIR1108')
  return { ok: true, passengers: out }
}

export function checkContact(c: ContactInput, remark: string, agreementAccepted: boolean): Problem | null {
  if (!c.name.trim()) return { msgId: 'EAIR1201' }
  if (!c.mobile.trim()) return { msgId: 'EAIR1202' }
  if (!isMobile(c.mobile)) return { msgId: 'EAIR1203' }
  if (c.email.trim() && !isEmail(c.email)) return { msgId: 'EAIR1204' }
  if (remark.length > AIR_RULES.remarkMax) return { msgId: 'EAIR1206', params: { max: AIR_RULES.remarkMax } }
  if (!agreementAccepted) return { msgId: 'EAIR1205' }
  return null
}
