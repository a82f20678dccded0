/**
 * Calendar rules. Events run in mainland China: "today" and daily limits follow Asia/Shanghai
 * (UTC+8, no daylight saving), whatever the server's own time zone is.
 */
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)

export const SHANGHAI_OFFSET_MINUTES = 8 * 60
export const DAY_MS = 24 * 3600_000

const inShanghai = (d: Date) => dayjs(d).utcOffset(SHANGHAI_OFFSET_MINUTES)

/** `d` moved by the Shanghai offset, as an ISO text in UTC: its date and time read as Shanghai's (arithmetic, not dayjs: searches format hundreds of these per answer) */
const shanghaiIsoUtc = (d: Date): string | null => (Number.isNaN(d.getTime()) ? null : new Date(d.getTime() + SHANGHAI_OFFSET_MINUTES * 60_000).toISOString())

/** the calendar date `days` after a 'YYYY-MM-DD' (negative: before) */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** whether `s` is a real calendar date 'YYYY-MM-DD' */
export function isCalendarDate(s: string): boolean {
  const t = /^\d{4}-\d{2}-\d{2}$/.test(s) ? Date.parse(`${s}T00:00:00Z`) : NaN
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s
}

/** 'YYYY-MM-DD' of the Shanghai calendar day containing `d` */
export function shanghaiDay(d: Date): string {
  return shanghaiIsoUtc(d)?.slice(0, 10) ?? 'Invalid Date'
}

/** 00:00 Shanghai time of the day containing `d` */
export function startOfShanghaiDay(d: Date): Date {
  return inShanghai(d).startOf('day').toDate()
}

/** 'YYYY-MM-DD HH:mm' on the Shanghai clock (a notice's time field) */
export function shanghaiMinute(d: Date): string {
  return shanghaiIsoUtc(d)?.slice(0, 16).replace('T', ' ') ?? 'Invalid Date'
}

/** ISO 8601 with the +08:00 offset, e.g. 2026-05-01T09:00:00+08:00 (contracts/event.ts) */
export function toShanghaiIso(d: Date): string {
  const iso = shanghaiIsoUtc(d)
  return iso ? `${iso.slice(0, 19)}+08:00` : 'Invalid Date'
}

/** the zone every event is in unless it says otherwise (events.time_zone's default) */
export const DEFAULT_EVENT_TIME_ZONE = 'Asia/Shanghai'

/** whether `zone` is an IANA time zone name the runtime knows ('Asia/Shanghai', 'America/New_York') */
export function isTimeZone(zone: string): boolean {
  if (!zone) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** the wall clock of `d` in `zone`, as a UTC ISO text (its date and time read as the zone's), and the zone's offset then in minutes */
function zoneWallClock(d: Date, zone: string): { isoUtc: string; offsetMinutes: number } | null {
  if (Number.isNaN(d.getTime())) return null
  if (zone === DEFAULT_EVENT_TIME_ZONE) return { isoUtc: shanghaiIsoUtc(d)!, offsetMinutes: SHANGHAI_OFFSET_MINUTES }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(d)
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'))
  const offsetMinutes = Math.round((wall - Math.floor(d.getTime() / 1000) * 1000) / 60_000)
  return { isoUtc: new Date(wall).toISOString(), offsetMinutes }
}

/** ISO 8601 with the offset `zone` has at that moment, e.g. 2026-07-01T09:00:00-04:00 in America/New_York */
export function toZoneIso(d: Date, zone: string): string {
  const w = zoneWallClock(d, zone)
  if (!w) return 'Invalid Date'
  const abs = Math.abs(w.offsetMinutes)
  const offset = `${w.offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
  return `${w.isoUtc.slice(0, 19)}${offset}`
}

/** the wall clock of `d` in `zone`, to the minute: 'YYYY-MM-DDTHH:mm' (what an organiser types) */
export function toZoneMinute(d: Date, zone: string): string {
  return zoneWallClock(d, zone)?.isoUtc.slice(0, 16) ?? 'Invalid Date'
}

/**
 * The moment a wall clock 'YYYY-MM-DDTHH:mm' reads in `zone`, or null: not such a time, or a time
 * the zone skips (the hour lost when summer time starts). A time the zone has twice (the hour
 * repeated when it ends) is the first of them.
 */
export function fromZoneMinute(wall: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall)
  if (!m || !isTimeZone(zone)) return null
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5])
  if (Number.isNaN(asUtc) || new Date(asUtc).toISOString().slice(0, 16) !== wall) return null
  // the zone's offset near that moment, then at the moment it gives: two looks settle a change of offset
  const offsetAt = (t: number) => zoneWallClock(new Date(t), zone)!.offsetMinutes * 60_000
  const candidates = [asUtc - offsetAt(asUtc - offsetAt(asUtc)), asUtc - offsetAt(asUtc)].sort((a, b) => a - b)
  const found = candidates.find((t) => toZoneMinute(new Date(t), zone) === wall)
  return found === undefined ? null : new Date(found)
}

/** 'YYYY-MM-DD' of the calendar day in `zone` containing `d` */
export function zoneDay(d: Date, zone: string): string {
  return zoneWallClock(d, zone)?.isoUtc.slice(0, 10) ?? 'Invalid Date'
}

/** a fixed window of a limit: [start, end) */
export interface Window {
  start: Date
  end: Date
}

/** the window of `ms` (a minute, an hour …) containing `d`, aligned on the epoch (on Shanghai hours too: UTC+8) */
export function fixedWindow(d: Date, ms: number): Window {
  const start = Math.floor(d.getTime() / ms) * ms
  return { start: new Date(start), end: new Date(start + ms) }
}

/** the Shanghai calendar day containing `d` */
export function shanghaiDayWindow(d: Date): Window {
  const start = startOfShanghaiDay(d)
  return { start, end: new Date(start.getTime() + DAY_MS) }
}
