/**
 * Signing up for activities (the sub-events open for sign-up, contracts/calls/register.ts): the
 * client's word before asking the server, on the registration form and on /schedule alike. The
 * server (services/schedule.ts) enforces the same rules and has the last word (EREG2002 full,
 * EREG2003 over the limit).
 */
import type { ScheduleSummaryResponse, SignupActivity } from './calls/register'

/** no place left for the attendee: their own place counts as theirs, not as taken by someone else */
export const isActivityFull = (a: Pick<SignupActivity, 'remaining' | 'signedUp'>): boolean => a.remaining !== null && a.remaining <= 0 && !a.signedUp

export type ActivityToggle = { codes: string[] } | { problem: 'full' } | { problem: 'max'; max: number }

/** the whole choice after tapping `code` (on: off, off: on), or why it cannot be taken */
export function toggleActivity(summary: Pick<ScheduleSummaryResponse, 'maxPerAttendee' | 'items'>, chosen: string[], code: string): ActivityToggle {
  if (chosen.includes(code)) return { codes: chosen.filter((c) => c !== code) }
  const a = summary.items.find((x) => x.code === code)
  if (a && isActivityFull(a)) return { problem: 'full' }
  if (summary.maxPerAttendee !== null && chosen.length >= summary.maxPerAttendee) return { problem: 'max', max: summary.maxPerAttendee }
  return { codes: [...chosen, code] }
}
