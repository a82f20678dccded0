/**
 * What a train order must satisfy before seats are held (spec §5 "Train order" and "Children"),
 * as pure rules over the request and the chosen travellers. Each problem is the msgId (and its
 * parameters) the attendee sees.
 */
import type { OrderPassengerInput } from '@contracts/calls/train'
import { birthDateFromDocument, type DocumentType } from '@contracts/documents'
import type { MsgId, MsgParams } from '@contracts/messages'
import { hasSeatLetters, SEAT_LETTERS, type SeatChoice, type SeatType, type TrainType } from '@contracts/train'
import { isMobile } from '@contracts/validation'
import { childTicketByAge, childTicketByHeight, type ChildTicket, type TrainRules } from './train-rules'

export interface BookingProblem {
  msgId: MsgId
  params?: MsgParams
}

export interface OrderForm {
  passengers: OrderPassengerInput[]
  contactName: string
  contactMobile: string
  agreed: boolean
}

/** spec §5 in the order the form shows them: agreement last, as the submit button checks */
export function formProblem(r: TrainRules, f: OrderForm): BookingProblem | null {
  if (f.passengers.length === 0) return { msgId: 'ETRAIN1011' }
  if (f.passengers.length > r.maxPassengersPerOrder) return { msgId: 'ETRAIN1014', params: { max: r.maxPassengersPerOrder } }
  if (new Set(f.passengers.map((p) => p.travellerId)).size !== f.passengers.length) return { msgId: 'ETRAIN1015' }
  if (!f.contactName.trim()) return { msgId: 'ETRAIN1012' }
  if (!f.contactMobile.trim()) return { msgId: 'ETRAIN1018' }
  if (!isMobile(f.contactMobile)) return { msgId: 'EVAL0002' }
  if (!f.agreed) return { msgId: 'ETRAIN1013' }
  return null
}

/** a seat wish must fit the class: letters of the class (G/D/C seated classes), or window/aisle there; none elsewhere */
export function seatChoiceFits(trainType: TrainType, seatType: SeatType, choice: SeatChoice | undefined): boolean {
  if (!choice) return true
  if (!hasSeatLetters(trainType, seatType)) return false
  return choice === 'window' || choice === 'aisle' || (SEAT_LETTERS[seatType] ?? []).includes(choice)
}

export interface BookedTraveller {
  name: string
  documentType: DocumentType
  documentNumber: string
}

/**
 * The ticket each passenger gets ('child' or 'adult'), or the problem: a child needs a height
 * (height rule), rides free (no ticket), or needs an adult ticket; children never travel alone.
 * Under the age rule a document without a birth date (passport …) keeps the type the attendee chose.
 */
export function ticketKinds(
  r: TrainRules,
  travelDate: string,
  passengers: Array<OrderPassengerInput & { traveller: BookedTraveller }>,
): { kinds: Array<'adult' | 'child'> } | { problem: BookingProblem } {
  const kinds: Array<'adult' | 'child'> = []
  for (const p of passengers) {
    if (p.passengerType === 'adult') {
      kinds.push('adult')
      continue
    }
    const name = p.traveller.name
    let ticket: ChildTicket = 'child'
    if (r.childRule === 'height') {
      if (p.heightCm === undefined) return { problem: { msgId: 'ETRAIN1029', params: { name } } }
      ticket = childTicketByHeight(r, p.heightCm)
    } else {
      const birth = birthDateFromDocument(p.traveller.documentType, p.traveller.documentNumber)
      if (birth) ticket = childTicketByAge(r, birth, travelDate)
    }
    if (ticket === 'free') return { problem: { msgId: 'ETRAIN1021', params: { name } } }
    if (ticket === 'adult') return { problem: { msgId: 'ETRAIN1022', params: { name } } }
    kinds.push('child')
  }
  if (!kinds.includes('adult')) return { problem: { msgId: 'ETRAIN1023' } }
  return { kinds }
}
