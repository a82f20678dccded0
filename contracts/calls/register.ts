/**
 * Registration (spec §7 "/api/register/…"): the event's form, the attendee's own details,
 * followers, uploads, and the sub-events (activities / agenda sessions) of the event.
 *
 * Sub-events: one list for the whole agenda (cmsEventInfoChildrenSchedule/list, which the /schedule
 * screen groups by day and track) and one for what can be signed up for (signupScheduleSummary/list:
 * the limit per attendee, places taken, the caller's choices). Times are ISO 8601 with the event's
 * offset (+08:00: events run in mainland China) and `day` is that calendar day, so a client groups
 * without any time-zone arithmetic. Capacity is the server's: a choice that would overbook answers
 * EREG2002 and changes nothing.
 */
import { defineCall } from '../call'
import type { LoginResponse } from './auth'
import type { AttendeeTypeConfig, FieldConfig, FollowerTypeConfig, FormConfig, FormValues, ListItem, UploadField } from '../register-form'

/** one sub-event of the agenda */
export interface SubEventView {
  code: string
  /** 'YYYY-MM-DD', the event's calendar day of startTime */
  day: string
  /** ISO 8601 with offset, e.g. 2026-11-23T09:00:00+08:00 */
  startTime: string
  endTime: string
  titleZh: string
  titleEn: string
  /** '' when the session belongs to no track (a plenary) */
  trackZh: string
  trackEn: string
  /** hall or room */
  venueZh: string
  venueEn: string
  /** '' when there is none */
  speakerZh: string
  speakerEn: string
  summaryZh: string
  summaryEn: string
  /** attendees sign up for it (a registration activity); false: everyone may just come */
  signupOpen: boolean
  /** null: no limit */
  capacity: number | null
  /** places taken */
  taken: number
  /** the caller signed up for it (false for a guest or a login of another event) */
  signedUp: boolean
}

export interface ScheduleRequest {
  eventCode: string
}
export interface ScheduleResponse {
  eventCode: string
  /** the event's time zone: every `day` and offset above is in it */
  timeZone: string
  /** every day of the agenda, in order (a day tab each) */
  days: string[]
  /** in order of start time, then track, then the organiser's order */
  items: SubEventView[]
}
/** the whole agenda of the event; public (a guest sees it with signedUp false) */
export const listSchedule = defineCall<ScheduleRequest, ScheduleResponse>({
  path: '/api/register/cmsEventInfoChildrenSchedule/list',
  auth: 'optional',
})

/** one activity open for sign-up, with its places */
export interface SignupActivity {
  code: string
  titleZh: string
  titleEn: string
  startTime: string
  endTime: string
  venueZh: string
  venueEn: string
  capacity: number | null
  taken: number
  /** capacity - taken; null: no limit */
  remaining: number | null
  signedUp: boolean
}
export interface ScheduleSummaryResponse {
  eventCode: string
  /** activities one attendee may sign up for; null: no limit (the form says which) */
  maxPerAttendee: number | null
  /** codes the caller signed up for */
  chosen: string[]
  items: SignupActivity[]
}
/** the activities open for sign-up, the event's limit and the caller's choices; public */
export const listScheduleSummary = defineCall<ScheduleRequest, ScheduleSummaryResponse>({
  path: '/api/register/signupScheduleSummary/list',
  auth: 'optional',
})

export interface ChooseActivitiesRequest {
  eventCode: string
  /** the whole choice (not a delta): codes of signupOpen sub-events; [] cancels every one */
  activityCodes: string[]
  /** made once per intent, sent again on retry (server/src/kernel/http/idempotency.ts) */
  idempotencyKey: string
}
/**
 * A registered attendee changes their activities (from /schedule or the form). NOT a call of
 * spec §7: the form's submit and edit carry activities too, but signing up for one session from
 * the agenda must not re-send the whole form. Answers the new summary. A full activity answers
 * EREG2002, over the limit EREG2003; nothing changes then.
 */
export const chooseActivities = defineCall<ChooseActivitiesRequest, ScheduleSummaryResponse>({
  path: '/api/register/signupSchedule/save',
  auth: 'required',
})

// ---------------------------------------------------------------------------------------------
// The form (configured per event: contracts/register-form.ts) and the attendee's registration

export interface EventCodeRequest {
  eventCode: string
}

/** the form as a whole: open or closed, the rules that are not fields, and the attendee types */
export interface FormOverview {
  eventCode: string
  open: boolean
  maxActivities: number | null
  editUntil: FormConfig['editUntil']
  afterRegister: FormConfig['afterRegister']
  protocolZh: string
  protocolEn: string
  types: Array<Omit<AttendeeTypeConfig, 'fields'>>
}
/** the attendee types and the form's rules (an event without a form answers open: false) */
export const getFormOverview = defineCall<EventCodeRequest, FormOverview>({ path: '/api/register/signupContactType/list', auth: 'none' })

export interface FieldRulesRequest {
  eventCode: string
  contactType: string
}
export interface FieldRules {
  contactType: string
  fields: FieldConfig[]
}
/** the fields of one attendee type: which show, in which order, required, labels, upload limits */
export const getFieldRules = defineCall<FieldRulesRequest, FieldRules>({ path: '/api/register/signupContactCodeRule/get', auth: 'none' })

/** the follower (fellow traveller) types and their fields */
export const listFollowerTypes = defineCall<EventCodeRequest, FollowerTypeConfig[]>({
  path: '/api/register/signupContactRelatedRule/list',
  auth: 'none',
})

export interface ListItemsRequest {
  eventCode: string
  /** personalPosition or certificateType */
  listCode: string
}
/** an option list of the form; an unknown list is empty */
export const listFormItems = defineCall<ListItemsRequest, ListItem[]>({ path: '/api/register/personal/listItem', auth: 'none' })

export type RegistrationStatus = 'approved' | 'auditing' | 'rejected'

export interface FollowerInput {
  followerType: string
  values: FormValues
}

export interface EnrollmentRequest {
  eventCode: string
  contactType: string
  values: FormValues
  activityCodes: string[]
  followers: FollowerInput[]
  /** the attendee ticked the protocol (spec §5 "Please tick Protocol") */
  protocolAccepted: boolean
  /** the device's key for files uploaded before registering (they become the attendee's) */
  draftId: string
  idempotencyKey: string
}
export interface EnrollmentResult {
  contactCode: string
  status: RegistrationStatus
  /** what the attendee does next: log in, go home (logged in by `session`), or wait for the review */
  next: 'login' | 'home' | 'wait'
  /** a login for the new attendee when the event sends them straight home */
  session: LoginResponse | null
}
/**
 * Submits a registration (spec §4 result: success or under audit; a failure is a msgId). Public:
 * the person has no login yet. A retry with the same idempotencyKey answers the first result.
 * Already registered: EREG2004; form closed: EREG1042.
 */
export const saveEnrollment = defineCall<EnrollmentRequest, EnrollmentResult>({ path: '/api/register/signupContact/saveEnrollment', auth: 'optional' })

export interface ResultListRequest {
  eventCode: string
  /** registrations this device submitted */
  contactCodes: string[]
}
export interface RegistrationResult {
  contactCode: string
  status: RegistrationStatus
  contactType: string
}
/** the current result of registrations by their codes (the result page asks again on reload) */
export const listResults = defineCall<ResultListRequest, RegistrationResult[]>({ path: '/api/register/signupResult/resultList', auth: 'optional' })

export interface FileInfo {
  fileCode: string
  name: string
  mime: string
  size: number
}
export interface ContactView {
  contactCode: string
  contactType: string
  status: RegistrationStatus
  values: FormValues
  /** the uploads named in values, for showing their names */
  files: Partial<Record<UploadField, FileInfo>>
  activityCodes: string[]
  /** ISO 8601 with offset (spec §3 "registration time") */
  registeredAt: string
}
/** the caller's own registration at the event */
export const getSignupContact = defineCall<EventCodeRequest, ContactView>({ path: '/api/register/signupContact/getSignupContact', auth: 'required' })

export interface ContactCodeRequest {
  eventCode: string
  contactCode: string
}
/** a registration by its code: the caller's own only (ESYS0004 otherwise) */
export const getByContactCode = defineCall<ContactCodeRequest, ContactView>({ path: '/api/register/signupContact/getByContactCode', auth: 'required' })

export interface ProductTypeRequest {
  eventCode: string
  productType: 'train' | 'air'
}
/** a person who may travel on the attendee's booking: the attendee and their followers */
export interface Traveller {
  /** 'self' or the follower's id */
  ref: string
  name: string
  idType: string
  idNumber: string
  mobile: string
  sex: 'mr' | 'ms' | ''
}
/** the attendee and followers as travellers for a train or air booking (prefills passengers) */
export const getTravellers = defineCall<ProductTypeRequest, Traveller[]>({
  path: '/api/register/signupContact/getSignupContactByProductType',
  auth: 'required',
})

export interface AllowEditResponse {
  allowed: boolean
  /** ISO 8601: editing closes then; null when it never closes or is already closed */
  until: string | null
}
/** whether the caller may still edit their registration */
export const getAllowEdit = defineCall<EventCodeRequest, AllowEditResponse>({ path: '/api/register/signupContact/allowEdit', auth: 'required' })

export interface UpdateContactRequest {
  eventCode: string
  values: FormValues
  activityCodes: string[]
  idempotencyKey: string
}
/** the attendee edits their registration while allowEdit says so (EREG2005 afterwards) */
export const updateContact = defineCall<UpdateContactRequest, ContactView>({ path: '/api/register/signupContact/update', auth: 'required' })

export interface ChangePasswordRequest {
  oldPassword: string
  newPassword: string
}
/** the old password is checked and throttled like a login (ELOG1005/ELOG1006/ELOG1011) */
export const changePassword = defineCall<ChangePasswordRequest, null>({
  path: '/api/register/signupContact/updatePasswordWithOld',
  auth: 'required',
})

export interface FollowerView {
  followerId: number
  followerType: string
  values: FormValues
}
export interface SaveFollowerRequest {
  eventCode: string
  followerType: string
  values: FormValues
  idempotencyKey: string
}
export const saveFollower = defineCall<SaveFollowerRequest, FollowerView>({ path: '/api/register/signupContact/saveFollower', auth: 'required' })
export interface UpdateFollowerRequest {
  eventCode: string
  followerId: number
  values: FormValues
}
export const updateFollower = defineCall<UpdateFollowerRequest, FollowerView>({ path: '/api/register/signupContact/updateFollower', auth: 'required' })
export interface FollowerIdRequest {
  eventCode: string
  followerId: number
}
export const removeFollower = defineCall<FollowerIdRequest, null>({ path: '/api/register/signupContact/removeFollower', auth: 'required' })
export interface ListFollowersRequest {
  eventCode: string
  /** the attendee's contactCode */
  parentCode: string
}
export const listFollowers = defineCall<ListFollowersRequest, FollowerView[]>({
  path: '/api/register/signupContact/listByParentCodeAndEventCode',
  auth: 'required',
})

// ---------------------------------------------------------------------------------------------
// Files (spec §3/§7 upload helper; downLoadFileBase64)

/**
 * The upload: NOT a JSON call. The body is the file itself (raw bytes, content-type
 * application/octet-stream or text/plain as spec §7 says), the fields below go in the query
 * string. Answers the envelope with UploadedFile. NOT in spec §7's list (which gives only the
 * helper): /api/obs/file/upload. Refusals: EREG2201 format, EREG2202 size, EREG2203 image size.
 */
export interface UploadQuery {
  eventCode: string
  /** photo or attachment: its limits come from the form */
  field: UploadField
  contactType: string
  /** the caller's tag, answered back (spec: "resolves with code true and the tag") */
  tag: string
  /** the device's draft key when not logged in */
  draftId: string
  name: string
}
export interface UploadedFile extends FileInfo {
  tag: string
  width: number
  height: number
}
export const uploadFile = defineCall<UploadQuery, UploadedFile>({ path: '/api/obs/file/upload', auth: 'optional' })

export interface DownloadRequest {
  fileCode: string
  /** the device's draft key, for files uploaded before registering */
  draftId: string
}
export interface DownloadResponse extends FileInfo {
  base64: string
}
/** a file by its code, for its owner only (ESYS0004 for anyone else) */
export const downloadFileBase64 = defineCall<DownloadRequest, DownloadResponse>({ path: '/api/obs/file/downLoadFileBase64', auth: 'optional' })
