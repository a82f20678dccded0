import type { Dayjs } from 'dayjs'

/** the flight dates the server accepts start from today in Beijing (UTC+8), wherever the phone is */
export function beijingToday(now: Dayjs): string {
  const utc8 = new Date(now.valueOf() + 8 * 3600_000)
  return utc8.toISOString().slice(0, 10)
}
