/**
 * Travel dates: the railway's calendar days (YYYY-MM-DD, China time), inside the pre-sale period.
 * Plain calendar arithmetic on those strings (each day taken at UTC midnight, so no time zone
 * moves it): the results page carries no date library in its first load (H5 first-load budget).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/
const DAY_MS = 86_400_000
/** dayjs's default (English) short month names, for the `MMM` of a format */
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')

/** the day's UTC midnight (NaN for what is no YYYY-MM-DD) */
const instantOf = (date: string): number => (DAY.test(date) ? Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) : NaN)
/** back to YYYY-MM-DD; '' for NaN */
const dayAt = (instant: number): string => (Number.isNaN(instant) ? '' : new Date(instant).toISOString().slice(0, 10))

/** the date to show: the one chosen if it is still on sale, else the first day on sale */
export function travelDateWithin(chosen: string | null | undefined, today: string, lastDate: string): string {
  if (chosen && DAY.test(chosen) && chosen >= today && chosen <= lastDate) return chosen
  return today
}

/** the day before / after, or null when it leaves the pre-sale period */
export function shiftDate(date: string, days: number, today: string, lastDate: string): string | null {
  const next = dayAt(instantOf(date) + days * DAY_MS)
  return next && next >= today && next <= lastDate ? next : null
}

/** 'd0'…'d6' (Sunday first), the catalogue's weekday keys */
export const weekdayKey = (date: string): 'd0' | 'd1' | 'd2' | 'd3' | 'd4' | 'd5' | 'd6' => `d${new Date(instantOf(date)).getUTCDay()}` as 'd0'

/** 0 today, 1 tomorrow, else null (the date strip says "today" / "tomorrow") */
export function relativeDay(date: string, today: string): 0 | 1 | null {
  const d = (instantOf(date) - instantOf(today)) / DAY_MS
  return d === 0 ? 0 : d === 1 ? 1 : null
}

/** a real calendar day (2026-02-30 is none) */
export const isTravelDate = (s: string | undefined): s is string => !!s && dayAt(instantOf(s)) === s

/** the day in a catalogue's format: `D` the day, `M` the month, `MMM` its short English name ('M月D日', 'D MMM') */
export const formatDay = (date: string, format: string): string =>
  format.replace(/MMM|M|D/g, (token) => {
    const [month, day] = [+date.slice(5, 7), +date.slice(8, 10)]
    return token === 'D' ? String(day) : token === 'M' ? String(month) : MONTHS[month - 1]
  })
