/**
 * A scan answered on the phone, at once and offline, from the snapshot: a code is valid when it is
 * in the downloaded list of issued attendance tokens (random and unguessable, so being in the list
 * proves what a signature would) or is an attendee's user code. The server decides again when the
 * scan is synced; where it decides otherwise the desk is told.
 */
import type { DeskAttendee, DeskCheckin, DeskOutcome, DeskSnapshot } from '@contracts/admin/desk'

/** what the desk shows: the server's outcomes, and 'notFound' for a code not in the snapshot */
export type DeskAnswerKind = DeskOutcome | 'notFound'

/** a check-in as this desk knows it; `here`: made by a scan at this desk */
export type KnownCheckin = DeskCheckin & { here?: boolean }

export interface DeskAnswer {
  scanId: string
  kind: DeskAnswerKind
  attendee: DeskAttendee | null
  checkin: DeskCheckin | null
  /** false until the server has answered this scan */
  confirmed: boolean
}

export function attendeeOf(s: DeskSnapshot, code: string): DeskAttendee | undefined {
  const text = code.trim()
  const upper = text.toUpperCase()
  return s.attendees.find((a) => a.token === upper || a.userCode === text)
}

export function answerLocally(
  s: DeskSnapshot,
  known: Record<string, KnownCheckin>,
  scan: { scanId: string; code: string; pointCode: string; scannedAt: string },
): { answer: DeskAnswer; mine: DeskCheckin | null } {
  const attendee = attendeeOf(s, scan.code) ?? null
  if (!attendee) return { answer: { scanId: scan.scanId, kind: 'notFound', attendee: null, checkin: null, confirmed: false }, mine: null }
  const held = known[attendee.userCode]
  if (held) return { answer: { scanId: scan.scanId, kind: 'already', attendee, checkin: held, confirmed: false }, mine: null }
  const mine = { userCode: attendee.userCode, at: scan.scannedAt, pointCode: scan.pointCode }
  return { answer: { scanId: scan.scanId, kind: 'checkedIn', attendee, checkin: mine, confirmed: false }, mine }
}

/** the snapshot's check-ins with this desk's scans not yet synced over them, the earlier of two winning */
export function mergeCheckins(s: DeskSnapshot, pending: Array<DeskCheckin | null>): Record<string, KnownCheckin> {
  const out: Record<string, KnownCheckin> = {}
  for (const c of s.checkins) out[c.userCode] = c
  for (const c of pending) {
    if (c && (!out[c.userCode] || Date.parse(c.at) < Date.parse(out[c.userCode].at))) out[c.userCode] = { ...c, here: true }
  }
  return out
}

/** attendees whose name or mobile holds the text, at most `max` */
export function searchAttendees(s: DeskSnapshot, text: string, max = 20): DeskAttendee[] {
  const q = text.trim().toLowerCase()
  if (!q) return []
  const out: DeskAttendee[] = []
  for (const a of s.attendees) {
    if (a.name.toLowerCase().includes(q) || (a.mobile && a.mobile.includes(q))) out.push(a)
    if (out.length >= max) break
  }
  return out
}
