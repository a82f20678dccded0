/**
 * The check-in desk (console section /desk, action 'checkin.desk'): staff phones at the doors.
 *
 * - the snapshot is what a desk needs to answer a scan by itself, offline: the event's check-in
 *   points, every approved attendee with what the desk shows and their attendance token, and the
 *   check-ins so far;
 * - a sync sends scans (one scan online, the queue once the network is back), each with an id the
 *   phone made: a scan sent twice is answered the same and counted once.
 */
import { defineCall } from '../call'

export interface DeskPoint {
  pointCode: string
  nameZh: string
  nameEn: string
}

export interface DeskAttendee {
  userCode: string
  name: string
  /** for the desk's search by mobile; '' when none */
  mobile: string
  company: string
  typeZh: string
  typeEn: string
  /** from the seating plan; '' when none */
  tableNo: string
  hasPhoto: boolean
  /** the attendance code's token (ATT-…), what the attendee's phone shows as a QR code */
  token: string
}

export interface DeskCheckin {
  userCode: string
  /** ISO 8601, UTC to the millisecond (the earlier scan wins by it) */
  at: string
  /** null: checked in without a point (the attendee app's staff check-in) */
  pointCode: string | null
}

export interface DeskSnapshot {
  /** the server's time the snapshot was read at: scans made against it are sent with it */
  takenAt: string
  /** the event's IANA time zone: the desk shows times on the event's clock */
  timeZone: string
  points: DeskPoint[]
  attendees: DeskAttendee[]
  checkins: DeskCheckin[]
}

export interface DeskScan {
  /** a UUID the phone made for this scan */
  scanId: string
  /** what was scanned or typed: an attendance token (ATT-…) or a user code */
  code: string
  pointCode: string
  /** the phone's time of the scan (ISO 8601) */
  scannedAt: string
  /** the takenAt of the snapshot the phone answered the scan from */
  snapshotAt: string
}

/**
 * - checkedIn: this scan checked the attendee in (or moved an existing, later check-in to it);
 * - already: checked in before the desk's snapshot, so the desk knew it;
 * - earlierWon: another desk's earlier scan holds the check-in;
 * - notAttendee: no attendee of the event has this code;
 * - notApproved: an attendee whose registration is not approved (or who is disabled at the event).
 */
export type DeskOutcome = 'checkedIn' | 'already' | 'earlierWon' | 'notAttendee' | 'notApproved'

export interface DeskScanResult {
  scanId: string
  outcome: DeskOutcome
  /** '' for notAttendee */
  userCode: string
  name: string
  /** the check-in the server holds for the attendee after this scan (null: none) */
  checkin: DeskCheckin | null
}

export const getDeskSnapshot = defineCall<{ eventCode: string }, DeskSnapshot>({ path: '/api/admin/desk/snapshot', auth: 'staff' })
export const syncDeskScans = defineCall<{ eventCode: string; scans: DeskScan[] }, { results: DeskScanResult[] }>({
  path: '/api/admin/desk/sync',
  auth: 'staff',
})
/** an attendee's registration photo, for the desk's answer when online (null: none) */
export const getDeskPhoto = defineCall<{ eventCode: string; userCode: string }, { mime: string; base64: string } | null>({
  path: '/api/admin/desk/photo',
  auth: 'staff',
})
