/**
 * Registration (spec §7 "/api/register/…", issue 7): the event's form, the attendee's own details,
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
  /** made once per intent, sent again on retry (server/src/lib/idempotency.ts) */
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
