/** Travel dates: the railway's calendar days (YYYY-MM-DD, China time), inside the pre-sale period. */
import dayjs from 'dayjs'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** the date to show: the one chosen if it is still on sale, else the first day on sale */
export function travelDateWithin(chosen: string | null | undefined, today: string, lastDate: string): string {
  if (chosen && DAY.test(chosen) && chosen >= today && chosen <= lastDate) return chosen
  return today
}

/** the day before / after, or null when it leaves the pre-sale period */
export function shiftDate(date: string, days: number, today: string, lastDate: string): string | null {
  const next = dayjs(date).add(days, 'day').format('YYYY-MM-DD')
  return next >= today && next <= lastDate ? next : null
}

/** 'd0'…'d6' (Sunday first), the catalogue's weekday keys */
export const weekdayKey = (date: string): 'd0' | 'd1' | 'd2' | 'd3' | 'd4' | 'd5' | 'd6' => `d${dayjs(date).day()}` as 'd0'

/** 0 today, 1 tomorrow, else null (the date strip says "today" / "tomorrow") */
export function relativeDay(date: string, today: string): 0 | 1 | null {
  const d = dayjs(date).diff(dayjs(today), 'day')
  return d === 0 ? 0 : d === 1 ? 1 : null
}

export const isTravelDate = (s: string | undefined): s is string => !!s && DAY.test(s) && dayjs(s).isValid()
