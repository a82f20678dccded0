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

/** 'YYYY-MM-DD' of the Shanghai calendar day containing `d` */
export function shanghaiDay(d: Date): string {
  return inShanghai(d).format('YYYY-MM-DD')
}

/** 00:00 Shanghai time of the day containing `d` */
export function startOfShanghaiDay(d: Date): Date {
  return inShanghai(d).startOf('day').toDate()
}

/** ISO 8601 with the +08:00 offset, e.g. 2026-05-01T09:00:00+08:00 (contracts/event.ts) */
export function toShanghaiIso(d: Date): string {
  return inShanghai(d).format('YYYY-MM-DDTHH:mm:ssZ')
}
