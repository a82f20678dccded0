/**
 * Event day: home entries, check-in, attendance code, feedback, colleagues, info pages
 * and the travel rules text. Spec §7 has no calls for most of this, so apart from
 * /api/travel/restsShow/getDetail these are beyond the spec (listed in server/test/calls.test.ts
 * BEYOND_SPEC, each with its reason).
 *
 * Every call is about the caller's event: a logged-in call reads it from the token (a token is
 * issued for one event), a public one takes its eventCode.
 */
import { defineCall, type EmptyRequest } from '../call'

/** what the home page may offer, in the order the event configures */
export const ENTRY_KEYS = [
  'schedule',
  'checkin',
  'attendanceCode',
  'travel',
  'orders',
  'feedback',
  'colleagues',
  'activityInfo',
  'contactUs',
  'tableNum',
  'design',
  'customTemp',
  'microsite',
] as const
export type EntryKey = (typeof ENTRY_KEYS)[number]

export interface Venue {
  nameZh: string
  nameEn: string
  addressZh: string
  addressEn: string
  /** WGS-84/GCJ-02 as the organiser gave them (what Taro.openLocation expects on weapp) */
  latitude: number
  longitude: number
}

export interface Contact {
  nameZh: string
  nameEn: string
  roleZh: string
  roleEn: string
  phone: string
  email: string
}

export interface EventDayInfo {
  eventCode: string
  /** the entries the event shows on its home, in order */
  entries: EntryKey[]
  /** event information, paragraphs separated by blank lines */
  activityZh: string
  activityEn: string
  venue: Venue | null
  contacts: Contact[]
}
/** public: the entries of the home, the event information, venue and organiser contacts */
export const getEventDayInfo = defineCall<{ eventCode: string }, EventDayInfo>({
  path: '/api/eventday/info/get',
  auth: 'none',
})

// --- check-in ---------------------------------------------------------------------------------

export type CheckinMethod = 'scan' | 'staff'

export interface CheckinStatus {
  /** null: not checked in yet */
  checkedInAt: string | null
  method: CheckinMethod | null
  pointNameZh: string
  pointNameEn: string
}

export interface CheckinRequest {
  /** the scan result or the typed code, as is (contracts/checkin.ts reads it) */
  text: string
  /**
   * when the attendee scanned (ISO 8601): a scan made offline is sent later with the time it
   * happened; absent: now
   */
  scannedAt?: string
  /** one per scan, reused when the queued scan is sent again */
  idempotencyKey: string
}
export interface CheckinResult extends CheckinStatus {
  checkedInAt: string
  /** false: the attendee had already checked in (at checkedInAt); nothing changed */
  first: boolean
}
/** self-service check-in with the event's QR code or its typed code (spec §1) */
export const checkIn = defineCall<CheckinRequest, CheckinResult>({ path: '/api/eventday/checkin/scan', auth: 'required' })

/** whether the caller has checked in, and when */
export const getCheckinStatus = defineCall<EmptyRequest, CheckinStatus>({ path: '/api/eventday/checkin/get', auth: 'required' })

export interface AttendanceCode {
  /** `ATT-` and 12 random letters: what the QR code holds; staff look the attendee up by it */
  token: string
  issuedAt: string
}
/** the caller's personal attendance code (made on first ask, then always the same) */
export const getAttendanceCode = defineCall<EmptyRequest, AttendanceCode>({
  path: '/api/eventday/attendanceCode/get',
  auth: 'required',
})

// --- feedback ---------------------------------------------------------------------------------

export const FEEDBACK_CATEGORIES = ['suggestion', 'problem', 'other'] as const
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number]
export interface FeedbackRequest {
  category: FeedbackCategory
  content: string
  /** optional mobile or e-mail for an answer */
  contact?: string
  idempotencyKey: string
}
export const saveFeedback = defineCall<FeedbackRequest, { feedbackNo: string; createdAt: string }>({
  path: '/api/eventday/feedback/save',
  auth: 'required',
})

// --- colleagues -------------------------------------------------------------------------------

export interface Colleague {
  name: string
  /** the attendee type (attendee, vip, speaker, staff …): the client names it */
  role: string
  isMe: boolean
}
/**
 * the approved attendees of the caller's company at the caller's event: names and roles only
 * (spec's personal/listItem is the registration form's; this is a call of its own)
 */
export const listColleagues = defineCall<EmptyRequest, Colleague[]>({ path: '/api/eventday/colleague/list', auth: 'required' })

// --- table number -----------------------------------------------------------------------------

export interface TableSeat {
  tableNo: string
  seatNo: string
  hallZh: string
  hallEn: string
}
/** the caller's table and seat; null: none assigned (yet) */
export const getTableSeat = defineCall<EmptyRequest, TableSeat | null>({ path: '/api/eventday/tableNum/get', auth: 'required' })

// --- organiser-designed pages -----------------------------------------------------------------

export type PageBlock =
  | { type: 'heading'; zh: string; en: string }
  | { type: 'text'; zh: string; en: string }
  | { type: 'image'; url: string; altZh: string; altEn: string }
  | { type: 'divider' }
  /** a button to one of the event's entries */
  | { type: 'entry'; entry: EntryKey; labelZh: string; labelEn: string }

export type DesignPageKind = 'design' | 'custom'
export interface DesignPageRequest {
  eventCode: string
  kind: DesignPageKind
  /** absent: the event's first page of that kind */
  pageCode?: string
}
export interface DesignPage {
  pageCode: string
  kind: DesignPageKind
  titleZh: string
  titleEn: string
  blocks: PageBlock[]
}
/** public: an organiser-designed page (/designIndex, /customTempIndex) as a list of blocks */
export const getDesignPage = defineCall<DesignPageRequest, DesignPage>({ path: '/api/eventday/designPage/get', auth: 'none' })

// --- travel -----------------------------------------------------------------------------------

export interface TravelRules {
  titleZh: string
  titleEn: string
  /** paragraphs separated by blank lines; '' when the event shows none */
  contentZh: string
  contentEn: string
}
/** spec §7 "Travel rules": the text the event shows on /travel */
export const getTravelRules = defineCall<EmptyRequest, TravelRules>({ path: '/api/travel/restsShow/getDetail', auth: 'required' })
