/**
 * Arrivals as the dashboard draws them: the database's counted buckets ('YYYY-MM-DDTHH:mm' on the
 * event's clock) grouped by day, each day from its first bucket to its last with the empty buckets
 * between them as zeros, so every bar stands for the same span of the clock.
 */
import type { ArrivalDay } from '@contracts/admin/dashboard'

/** minutes since the day's midnight of a wall minute 'YYYY-MM-DDTHH:mm' */
const minuteOfDay = (wall: string) => Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16))
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`

export function arrivalDays(counted: ReadonlyArray<{ bucket: string; count: number }>, bucketMinutes: number): ArrivalDay[] {
  const byDay = new Map<string, Map<number, number>>()
  for (const { bucket, count } of counted) {
    const day = bucket.slice(0, 10)
    const minutes = byDay.get(day) ?? new Map<number, number>()
    minutes.set(minuteOfDay(bucket), (minutes.get(minuteOfDay(bucket)) ?? 0) + count)
    byDay.set(day, minutes)
  }
  return [...byDay.keys()].sort().map((day) => {
    const minutes = byDay.get(day)!
    const first = Math.min(...minutes.keys())
    const last = Math.max(...minutes.keys())
    const buckets = []
    for (let m = first; m <= last; m += bucketMinutes) buckets.push({ start: hhmm(m), count: minutes.get(m) ?? 0 })
    return { day, buckets }
  })
}
