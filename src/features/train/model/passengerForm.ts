/**
 * The saved-traveller form (editOrAddPassengers): name, document, passenger type and mobile,
 * checked as registration checks them (contracts/documents.ts, contracts/validation.ts), so the
 * server refuses nothing the form let through.
 */
import { documentProblem, isDocumentName, normaliseDocumentNumber, type DocumentProblem, type DocumentType } from '@contracts/documents'
import type { SaveTravellerRequest, Traveller } from '@contracts/calls/train/travellers'
import type { PassengerType } from '@contracts/train'
import { isMobile } from '@contracts/validation'
import type { MessageKey } from '../i18n'

export interface PassengerFormValues {
  name: string
  documentType: DocumentType
  documentNumber: string
  passengerType: PassengerType
  mobile: string
}

export const emptyPassengerForm: PassengerFormValues = {
  name: '',
  documentType: 'idCard',
  documentNumber: '',
  passengerType: 'adult',
  mobile: '',
}

export const passengerFormOf = (t: Traveller): PassengerFormValues => ({
  name: t.name,
  documentType: t.documentType,
  documentNumber: t.documentNumber,
  passengerType: t.passengerType,
  mobile: t.mobile,
})

const DOCUMENT_MESSAGE: Record<DocumentProblem, MessageKey> = {
  required: 'train.passenger.enterDocument',
  format: 'train.passenger.documentFormat',
  checkDigit: 'train.passenger.documentCheckDigit',
  birthDate: 'train.passenger.documentBirthDate',
}

/** the first thing wrong, in the order of the fields on screen, or null */
export function validatePassenger(v: PassengerFormValues, today: Date = new Date()): MessageKey | null {
  if (!v.name.trim()) return 'train.passenger.enterName'
  if (!isDocumentName(v.name)) return 'train.passenger.nameInvalid'
  const problem = documentProblem(v.documentType, v.documentNumber, today)
  if (problem) return DOCUMENT_MESSAGE[problem]
  if (!v.mobile.trim()) return 'train.passenger.enterMobile'
  if (!isMobile(v.mobile)) return 'train.passenger.mobileInvalid'
  return null
}

/** what is sent: trimmed, the number as the railway stores it */
export const saveTravellerRequestOf = (v: PassengerFormValues, id?: number): SaveTravellerRequest => ({
  ...(id ? { id } : {}),
  name: v.name.trim().replace(/\s+/g, ' '),
  documentType: v.documentType,
  documentNumber: normaliseDocumentNumber(v.documentNumber),
  passengerType: v.passengerType,
  mobile: v.mobile.trim(),
})

/** a document number as lists show it: the first 4 and last 4 characters */
export function maskDocument(n: string): string {
  const v = normaliseDocumentNumber(n)
  if (v.length <= 8) return v.length > 2 ? `${v.slice(0, 1)}${'*'.repeat(v.length - 2)}${v.slice(-1)}` : v
  return `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}`
}
