/**
 * The attendee list of an event in the organisers' console: search, filters and paging; an
 * attendee added by hand or edited (their name, contacts, type and registration status).
 */
import { defineCall } from '../call'
import type { ReviewStatus } from './review'

/** checked in or not; 'all' for both */
export type CheckinFilter = 'all' | 'in' | 'out'
/** disabled at the event or not; 'all' for both */
export type DisabledFilter = 'all' | 'disabled' | 'active'

export interface AttendeeListRequest {
  eventCode: string
  /** part of a name, mobile, e-mail or company; '' for all */
  keyword: string
  /** an attendee type's code; '' for every type */
  userType: string
  /** a registration status; '' for every status */
  status: ReviewStatus | ''
  checkin: CheckinFilter
  /** absent: 'all' */
  disabled?: DisabledFilter
  /** 1-based */
  page: number
  pageSize: number
}

export interface AttendeeListItem {
  userCode: string
  name: string
  mobile: string
  email: string
  company: string
  userType: string
  typeZh: string
  typeEn: string
  status: ReviewStatus
  /** ISO 8601 (UTC): when they were added to the event */
  addedAt: string
  /** ISO 8601 (UTC), null: not checked in */
  checkedInAt: string | null
  /** stopped at this event: no login, no session (setAttendeeDisabled) */
  disabled: boolean
}

export interface AttendeeListPage {
  total: number
  list: AttendeeListItem[]
}

export interface SaveAttendeeRequest {
  eventCode: string
  /** '' adds a new attendee; otherwise the attendee of this event to edit */
  userCode: string
  name: string
  /** mainland mobile or ''; at least one of mobile and e-mail */
  mobile: string
  email: string
  company: string
  userType: string
  status: ReviewStatus
}

export interface AttendeeDisabledRequest {
  eventCode: string
  userCode: string
  /** true: their login at this event is refused and their sessions there end at once; false: restored */
  disabled: boolean
}

export const listAttendees = defineCall<AttendeeListRequest, AttendeeListPage>({ path: '/api/admin/attendees/list', auth: 'staff' })
export const saveAttendee = defineCall<SaveAttendeeRequest, AttendeeListItem>({ path: '/api/admin/attendees/save', auth: 'staff' })
/** 'attendee.edit'; already in that state: EADM3050 (disabled) / EADM3051 (not disabled) */
export const setAttendeeDisabled = defineCall<AttendeeDisabledRequest, AttendeeListItem>({ path: '/api/admin/attendees/disabled', auth: 'staff' })
