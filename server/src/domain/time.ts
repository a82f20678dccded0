/**
 * Calendar rules. Events run in mainland China: "today" and daily limits follow Asia/Shanghai
 * (UTC+8, no daylight saving), whatever the server's own time zone is.
 */
export const SHANGHAI_OFFSET_MS = 8 * 3600_000
export const DAY_MS = 24 * 3600_000

/** 'YYYY-MM-DD' of the Shanghai calendar day containing `d` */
export function shanghaiDay(d: Date): string {
  return new Date(d.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10)
}

/** 00:00 Shanghai time of the day containing `d` */
export function startOfShanghaiDay(d: Date): Date {
  const local = d.getTime() + SHANGHAI_OFFSET_MS
  return new Date(Math.floor(local / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS)
}

/** ISO 8601 with the +08:00 offset, e.g. 2026-05-01T09:00:00+08:00 (contracts/event.ts) */
export function toShanghaiIso(d: Date): string {
  return new Date(d.getTime() + SHANGHAI_OFFSET_MS).toISOString().replace(/\.\d{3}Z$/, '+08:00')
}
