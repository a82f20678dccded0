/**
 * The attendee's saved travellers (editOrAddPassengers, the passenger picker).
 * Conventions (money, dates, station codes, ids, idempotency keys): ../train.ts.
 */
import { defineCall, type EmptyRequest } from '../../call'
import type { DocumentType } from '../../documents'
import type { AuditStatus, PassengerType } from '../../train'

export interface Traveller {
  id: number
  name: string
  documentType: DocumentType
  /** the full number (the owner's own record; the client masks it in lists) */
  documentNumber: string
  passengerType: PassengerType
  /** 11-digit mainland mobile (+86) */
  mobile: string
  auditStatus: AuditStatus
  /** when it was added (spec §3 "add date") */
  addedAt: string
  /** read from the ID card or resident permit; null for other documents */
  birthDate: string | null
}

/** the attendee's saved travellers, newest first (editOrAddPassengers, the passenger picker) */
export const listTravellers = defineCall<EmptyRequest, Traveller[]>({
  path: '/api/biz/tmcPassenger/list',
  auth: 'required',
})

export interface SaveTravellerRequest {
  /** absent: add a traveller; present: edit that one (the attendee's own) */
  id?: number
  /** as printed on the document (contracts/documents.ts isDocumentName) */
  name: string
  documentType: DocumentType
  /** checked as in registration (documentProblem): EVAL0007 when wrong */
  documentNumber: string
  passengerType: PassengerType
  mobile: string
}
/**
 * Add or edit a saved traveller. The same document twice in one attendee's list: ETRAIN1010.
 * Changing name or number starts a new railway identity check (auditStatus back to pending or
 * answered at once by the railway).
 */
export const saveTraveller = defineCall<SaveTravellerRequest, Traveller>({
  path: '/api/biz/tmcPassenger/save',
  auth: 'required',
})

export interface DeleteTravellersRequest {
  /** 1-50 ids of the attendee's own travellers; any other id: ESYS0004 and nothing is deleted */
  ids: number[]
}
/** delete saved travellers (orders keep their own copy of each passenger) */
export const deleteTravelers = defineCall<DeleteTravellersRequest, { deleted: number }>({
  path: '/api/biz/tmcPassenger/deleteTravelers',
  auth: 'required',
})
