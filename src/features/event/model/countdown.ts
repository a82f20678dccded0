import { writtenOffset } from '@/lib/zone-label'

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

/** year, month (1-12), day, hour, minute of a moment as a clock shows it */
type WallClock = [number, number, number, number, number]

/**
 * The time in the offset it was written with: an event in Shanghai starts at 09:00 for everyone,
 * whatever the phone's time zone. Worked out with the Date's UTC getters after moving the moment
 * by that offset, rather than dayjs and its utc plugin: this is the only date the login page shows,
 * and those 2.9 KiB (gzip) were what kept the H5 entry visit over its size budget.
 */
function wallClock(iso: string): WallClock | null {
  const offset = writtenOffset(iso)
  if (offset === null) {
    // no offset: the device's own time (slashes: the form every WebView and WeChat parse as local)
    const t = new Date(
      iso
        .trim()
        .replace(/-/g, '/')
        .replace('T', ' ')
        .replace(/\.\d+$/, ''),
    )
    return Number.isNaN(t.getTime()) ? null : [t.getFullYear(), t.getMonth() + 1, t.getDate(), t.getHours(), t.getMinutes()]
  }
  const ms = Date.parse(iso.trim())
  if (Number.isNaN(ms)) return null
  const t = new Date(ms + offset * 60_000)
  return [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes()]
}

const pad = (n: number) => String(n).padStart(2, '0')

/** 2026-11-22 09:00 – 11-24 18:00, or within one day 2026-11-22 09:00 – 18:00 */
export function formatEventRange(startIso: string, endIso: string): string {
  const s = wallClock(startIso)
  const e = wallClock(endIso)
  if (!s || !e) return `${startIso} – ${endIso}`
  const [sy, smo, sd, sh, smi] = s
  const [ey, emo, ed, eh, emi] = e
  const from = `${sy}-${pad(smo)}-${pad(sd)} ${pad(sh)}:${pad(smi)}`
  const endTime = `${pad(eh)}:${pad(emi)}`
  if (sy === ey && smo === emo && sd === ed) return `${from} – ${endTime}`
  return `${from} – ${sy === ey ? '' : `${ey}-`}${pad(emo)}-${pad(ed)} ${endTime}`
}
