import type { EntryKey } from '@contracts/calls/eventday'
import type { RouteName } from '@/lib/router/routes'

/**
 * Where each home entry leads. Entries without a page of their own in spec §2 open on a page
 * that has them: the attendance code and check-in on /signIndex, orders on /travel (the orders
 * are travel orders), colleagues inline on the home itself (null).
 */
export const ENTRY_TARGETS: Record<EntryKey, { route: RouteName | null; query?: Record<string, string>; icon: string }> = {
  schedule: { route: 'schedule', icon: '📅' },
  checkin: { route: 'signIndex', icon: '✅' },
  attendanceCode: { route: 'signIndex', query: { tab: 'code' }, icon: '🔳' },
  travel: { route: 'travel', icon: '🧳' },
  orders: { route: 'travel', query: { tab: 'orders' }, icon: '🧾' },
  feedback: { route: 'feedback', icon: '💬' },
  colleagues: { route: null, icon: '👥' },
  activityInfo: { route: 'activityInfo', icon: 'ℹ️' },
  contactUs: { route: 'contactUs', icon: '☎️' },
  tableNum: { route: 'tableNum', icon: '🍽️' },
  design: { route: 'design', icon: '📘' },
  customTemp: { route: 'customTemp', icon: '📄' },
  microsite: { route: 'micrositeIndex', icon: '🌐' },
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
