import type { SubEventView } from '@contracts/calls/register'

export interface TrackGroup {
  /** '' for sessions without a track (plenaries) */
  track: string
  items: SubEventView[]
}

/** the track name in the user's language ('' for none) */
export const trackOf = (s: SubEventView, lang: 'zh' | 'en'): string => (lang === 'en' ? s.trackEn || s.trackZh : s.trackZh || s.trackEn)

const byStart = (a: SubEventView, b: SubEventView) => Date.parse(a.startTime) - Date.parse(b.startTime)

/** the tracks of one day, in the order of their first session */
export function tracksOfDay(items: SubEventView[], day: string, lang: 'zh' | 'en'): string[] {
  const out: string[] = []
  for (const s of [...items].sort(byStart)) {
    const t = trackOf(s, lang)
    if (s.day === day && t && !out.includes(t)) out.push(t)
  }
  return out
}

/**
 * One day of the agenda grouped by track: plenaries (no track) first, then each track in order
 * of its first session; within a group, by start time. `track` filters to one track (plenaries
 * still shown: everyone attends them); `mineOnly` keeps the sessions the attendee signed up for.
 */
export function groupDay(items: SubEventView[], day: string, lang: 'zh' | 'en', opts: { track?: string; mineOnly?: boolean } = {}): TrackGroup[] {
  const ofDay = items.filter((s) => s.day === day && (!opts.mineOnly || s.signedUp)).sort(byStart)
  const groups = new Map<string, SubEventView[]>()
  groups.set('', [])
  for (const s of ofDay) {
    const t = trackOf(s, lang)
    if (opts.track && t && t !== opts.track) continue
    if (!groups.has(t)) groups.set(t, [])
    groups.get(t)!.push(s)
  }
  return [...groups.entries()].filter(([, list]) => list.length > 0).map(([track, list]) => ({ track, items: list }))
}

/** 09:00–10:30 in the offset the time was written with */
export function timeRange(s: Pick<SubEventView, 'startTime' | 'endTime'>): string {
  const hm = (iso: string) => /T(\d{2}:\d{2})/.exec(iso)?.[1] ?? ''
  return `${hm(s.startTime)}–${hm(s.endTime)}`
}

/** [y, m, d, h, min] in UTC, as calendar files take a time */
export function utcParts(iso: string): [number, number, number, number, number] {
  const d = new Date(iso)
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()]
}
