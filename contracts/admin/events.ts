/** The console's event calls: the list, one event, create, edit, publish and close. */
import { defineCall, type EmptyRequest } from '../call'
import type { LoginExtraField, LoginMode } from '../event'
import type { StaffRole } from './roles'

/** what an organiser sets on an event; times are the wall clock where the event is */
export interface EventSettings {
  /** ec: upper case, in the attendee link (?ec=) */
  eventCode: string
  /** ehc: lower case, in the attendee link (?ehc=) */
  eventHashCode: string
  titleZh: string
  titleEn: string
  venueZh: string
  venueEn: string
  /** 'YYYY-MM-DDTHH:mm' in `timeZone` */
  startTime: string
  endTime: string
  /** IANA zone, e.g. 'Asia/Shanghai' */
  timeZone: string
  loginModes: LoginMode[]
  /** proofs asked at login beside the password or code */
  loginExtraFields: LoginExtraField[]
  /** microsite access: 1 public; 2, 3, 4 need login; 4 also limits user types */
  permissionType: number
  /** the user types type 4 admits */
  someUserTypes: string[]
  shareTitle: string
  shareSubTitle: string
  /** https address or /files/… of this site; '' none */
  sharePic: string
  /** the microsite on or off; ignored (and answered null) while the event has none */
  micrositeEnabled: boolean | null
}

export interface AdminEvent extends EventSettings {
  /** published: the attendee site is open (the attendee app's `enabled`) */
  published: boolean
  /** the caller's role; null for a platform administrator without one */
  myRole: StaffRole | null
  /** ISO 8601 (UTC) */
  updatedAt: string
}

/** a row of the event list: the event's fields as AdminEvent has them */
export type AdminEventSummary = Pick<
  AdminEvent,
  'eventCode' | 'eventHashCode' | 'titleZh' | 'titleEn' | 'startTime' | 'endTime' | 'timeZone' | 'published' | 'myRole'
>

/** the events the caller has a role at (every event for a platform administrator), latest start first */
export const listAdminEvents = defineCall<EmptyRequest, AdminEventSummary[]>({ path: '/api/admin/events/list', auth: 'staff' })
export const getAdminEvent = defineCall<{ eventCode: string }, AdminEvent>({ path: '/api/admin/events/get', auth: 'staff' })
/** platform administrator; the new event is not published */
export const createAdminEvent = defineCall<EventSettings, AdminEvent>({ path: '/api/admin/events/create', auth: 'staff' })
export interface EventUpdate {
  /** the event's code before this change */
  currentCode: string
  settings: EventSettings
}
export const updateAdminEvent = defineCall<EventUpdate, AdminEvent>({ path: '/api/admin/events/update', auth: 'staff' })
/** open (true) or close (false) the attendee site */
export const publishAdminEvent = defineCall<{ eventCode: string; published: boolean }, AdminEvent>({ path: '/api/admin/events/publish', auth: 'staff' })
