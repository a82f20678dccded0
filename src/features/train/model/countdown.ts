/**
 * The time left to pay (spec §4, §9: the order is cancelled 20 minutes after it is submitted).
 * The deadline is the server's: the screen only counts down to it. The phone's clock may be off by
 * minutes, so the count uses the server's clock as the response carried it: the difference between
 * the server's "now" and the phone's at the moment the answer arrived is added to the phone's time.
 */
export interface ServerClock {
  /** the server's time when it answered (ISO) */
  serverNow: string
  /** the phone's Date.now() when the answer arrived */
  receivedAt: number
}

/** milliseconds to add to the phone's clock to read the server's */
export const clockOffset = (c: ServerClock): number => Date.parse(c.serverNow) - c.receivedAt

/** whole seconds left until `deadline` (ISO) at the phone's time `now`; never negative */
export function secondsLeft(deadline: string, now: number, offsetMs = 0): number {
  const ms = Date.parse(deadline) - (now + offsetMs)
  return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) : 0
}

/** mm:ss (minutes may pass 59: a deadline is never hours away, but say it if it is) */
export function formatMinutesSeconds(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const mm = Math.floor(s / 60)
  const ss = s % 60
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`
}

/** a server instant on the phone's clock (for code that compares with Date.now(), e.g. a pay-by time) */
export const onPhoneClock = (instant: string, c: ServerClock): number => Date.parse(instant) - clockOffset(c)
