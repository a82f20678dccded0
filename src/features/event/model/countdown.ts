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

/**
 * Wall-clock parts of an ISO time in the offset it was written with: an event in Shanghai starts
 * at 09:00 for everyone, whatever the phone's time zone.
 */
function wallClock(iso: string): { date: string; time: string; year: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso)
  if (m) return { year: m[1], date: `${m[1]}-${m[2]}-${m[3]}`, time: `${m[4]}:${m[5]}` }
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return {
    year: String(d.getFullYear()),
    date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  }
}

/** 2026-11-22 09:00 – 11-24 18:00, or within one day 2026-11-22 09:00 – 18:00 */
export function formatEventRange(startIso: string, endIso: string): string {
  const s = wallClock(startIso)
  const e = wallClock(endIso)
  if (s.date === e.date) return `${s.date} ${s.time} – ${e.time}`
  return `${s.date} ${s.time} – ${s.year === e.year ? e.date.slice(5) : e.date} ${e.time}`
}
