import type { EntryKey } from '@contracts/calls/eventday'
import type { EventTimeState } from '@contracts/event'
import type { RouteName } from '@/lib/router/routes'

/**
 * Where each home entry leads. Entries without a page of their own in spec §2 open on a page
 * that has them: the attendance code and check-in on /signIndex, orders on /travel (the orders
 * are travel orders), colleagues inline on the home itself (null). `color`: the entry's badge
 * (a letter on a colour, the same on every platform: emoji fonts differ from phone to phone).
 */
export const ENTRY_TARGETS: Record<EntryKey, { route: RouteName | null; query?: Record<string, string>; color: string }> = {
  schedule: { route: 'schedule', color: '#1d4ed8' },
  checkin: { route: 'signIndex', color: '#15803d' },
  attendanceCode: { route: 'signIndex', query: { tab: 'code' }, color: '#0f766e' },
  travel: { route: 'travel', color: '#b45309' },
  orders: { route: 'travel', query: { tab: 'orders' }, color: '#c2410c' },
  feedback: { route: 'feedback', color: '#7c3aed' },
  colleagues: { route: null, color: '#be185d' },
  activityInfo: { route: 'activityInfo', color: '#0369a1' },
  contactUs: { route: 'contactUs', color: '#4338ca' },
  tableNum: { route: 'tableNum', color: '#a16207' },
  design: { route: 'design', color: '#047857' },
  customTemp: { route: 'customTemp', color: '#6d28d9' },
  microsite: { route: 'micrositeIndex', color: '#1e40af' },
}

/** paragraphs of an organiser's text (blank lines between them) */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)

/** a time as the attendee reads it: 11-22 09:30 in the time it was written with */
export function shortTime(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso)
  return m ? `${m[2]}-${m[3]} ${m[4]}:${m[5]}` : iso
}

/**
 * Before the conference starts the website counts down and says it has not started (spec §8
 * "conference website not started yet"): the entries of the day itself (check-in, attendance
 * code, feedback, table) open once it runs; the journey there (travel, orders), information,
 * contacts, the agenda, the guide pages and the microsite stay open. Ended: /eventEnd takes over.
 */
export const OPEN_BEFORE_START: readonly EntryKey[] = [
  'schedule',
  'travel',
  'orders',
  'activityInfo',
  'contactUs',
  'design',
  'customTemp',
  'microsite',
  'colleagues',
]

export function entriesFor(configured: readonly EntryKey[], state: EventTimeState): EntryKey[] {
  return configured.filter((e) => state !== 'notStarted' || OPEN_BEFORE_START.includes(e))
}
