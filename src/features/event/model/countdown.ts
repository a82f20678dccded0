import dayjs, { type Dayjs } from 'dayjs'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)

/** whole days, hours, minutes, seconds left until `target` (never negative) */
export function countdownParts(target: number, now: number): { d: number; h: number; m: number; s: number } {
  let left = Math.max(0, Math.floor((target - now) / 1000))
  const d = Math.floor(left / 86400)
  left -= d * 86400
  const h = Math.floor(left / 3600)
  left -= h * 3600
  const m = Math.floor(left / 60)
  return { d, h, m, s: left - m * 60 }
}

/** the offset an ISO time was written with, in minutes (null: none written, the device's zone applies) */
function writtenOffset(iso: string): number | null {
  const m = /(Z|([+-])(\d{2}):?(\d{2}))$/.exec(iso.trim())
  if (!m) return null
  if (m[1] === 'Z') return 0
  return (m[2] === '-' ? -1 : 1) * (Number(m[3]) * 60 + Number(m[4]))
}

/**
 * The time in the offset it was written with: an event in Shanghai starts at 09:00 for everyone,
 * whatever the phone's time zone.
 */
function wallClock(iso: string): Dayjs {
  const offset = writtenOffset(iso)
  return offset === null ? dayjs(iso.replace(/\//g, '-')) : dayjs(iso).utcOffset(offset)
}

/** 2026-11-22 09:00 – 11-24 18:00, or within one day 2026-11-22 09:00 – 18:00 */
export function formatEventRange(startIso: string, endIso: string): string {
  const s = wallClock(startIso)
  const e = wallClock(endIso)
  const from = s.format('YYYY-MM-DD HH:mm')
  if (s.format('YYYY-MM-DD') === e.format('YYYY-MM-DD')) return `${from} – ${e.format('HH:mm')}`
  return `${from} – ${e.format(s.year() === e.year() ? 'MM-DD HH:mm' : 'YYYY-MM-DD HH:mm')}`
}
