/**
 * Registration review in the organisers' console: the queue of registrations under review, and
 * the decision on one or many at once, with a reason the attendee is told.
 */
import { defineCall } from '../call'
import type { FieldKey } from '../register-form'

export type ReviewStatus = 'auditing' | 'approved' | 'rejected'
export type ReviewDecision = 'approved' | 'rejected'

export interface ReviewQueueRequest {
  eventCode: string
  /** which registrations: under review (the queue), or those decided */
  status: ReviewStatus
  /** part of a name, mobile, e-mail or company; '' for all */
  keyword: string
  /** 1-based */
  page: number
  pageSize: number
}

export interface ReviewItem {
  contactCode: string
  name: string
  mobile: string
  email: string
  company: string
  /** the attendee type's code and its names */
  contactType: string
  typeZh: string
  typeEn: string
  status: ReviewStatus
  /** ISO 8601 (UTC): when the registration was submitted */
  submittedAt: string
  /** ISO 8601 (UTC), null while under review */
  reviewedAt: string | null
  /** the reason given with the decision ('' when none) */
  reason: string
  /** the activities the attendee holds places at, by their names */
  activities: Array<{ code: string; titleZh: string; titleEn: string }>
  /** the form's fields of the attendee's type, in the form's order, with what was filled in ('' when nothing) */
  answers: ReviewAnswer[]
}

/** one field of the registration form as the attendee filled it in */
export interface ReviewAnswer {
  key: FieldKey
  /** the organiser's label for the field; '' → the console's name of the field */
  labelZh: string
  labelEn: string
  /**
   * what was filled in, in words ('' when nothing): a choice or a list's item by its name, a
   * document's type by its name before its number, a phone's parts joined, a region's codes joined,
   * an upload's file code
   */
  valueZh: string
  valueEn: string
}

export interface ReviewQueuePage {
  total: number
  list: ReviewItem[]
}

export interface DecideRegistrationsRequest {
  eventCode: string
  /** at most REVIEW_RULES.maxBatch at once */
  contactCodes: string[]
  decision: ReviewDecision
  /** told to the attendee; required to reject */
  reason: string
}

export interface DecideRegistrationsResponse {
  /** decided now; the attendee is told by SMS or e-mail in their language */
  decided: string[]
  /** not decided, each with why (EADM2004: decided already; ESYS0004: no such registration at this event) */
  skipped: Array<{ contactCode: string; msgId: string }>
}

export const listReviewQueue = defineCall<ReviewQueueRequest, ReviewQueuePage>({ path: '/api/admin/registrations/review/list', auth: 'staff' })
export const decideRegistrations = defineCall<DecideRegistrationsRequest, DecideRegistrationsResponse>({
  path: '/api/admin/registrations/review/decide',
  auth: 'staff',
})
