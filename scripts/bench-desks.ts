/**
 * Check-in desks at an event's doors, for `npm run bench`: each desk sends a scan a second, one
 * request at a time, for `seconds`. Two ways the desks' seconds line up:
 *
 * - `doors`: each desk starts at its own moment within the first second (evenly spread), as
 *   desks at separate doors do: people do not reach twenty doors in the same millisecond;
 * - `together`: every desk sends at the same instant each second, the worst a server meets.
 *
 * The round trip of every scan is kept (no histogram buckets), so the p99 is the real one.
 */
import { syncDeskScans } from '../contracts/admin/desk'

export interface DesksLoad {
  base: string
  token: string
  desks: number
  seconds: number
  line: 'doors' | 'together'
  /** the body of the next scan (a new scan id each time) */
  nextBody: () => object
}

export interface DesksFigure {
  scans: number
  p50: number
  p99: number
  failures: Record<string, number>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

export async function desksAtDoors(spec: DesksLoad): Promise<DesksFigure> {
  const rounds: number[] = []
  const failures: Record<string, number> = {}
  const t0 = performance.now() + 100
  const desk = async (i: number) => {
    const offset = spec.line === 'doors' ? (1000 * i) / spec.desks : 0
    for (let s = 0; s < spec.seconds; s++) {
      const due = t0 + offset + s * 1000
      await sleep(Math.max(0, due - performance.now()))
      const started = performance.now()
      try {
        const res = await fetch(spec.base + syncDeskScans.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: spec.token, lang: 'zh' },
          body: JSON.stringify(spec.nextBody()),
        })
        const body = (await res.json()) as { status: number; msgId: string }
        if (body.status !== 200) failures[body.msgId || `HTTP${res.status}`] = (failures[body.msgId || `HTTP${res.status}`] ?? 0) + 1
      } catch {
        failures.http = (failures.http ?? 0) + 1
      }
      rounds.push(performance.now() - started)
    }
  }
  await Promise.all(Array.from({ length: spec.desks }, (_, i) => desk(i)))
  const sorted = rounds.sort((a, b) => a - b)
  return { scans: sorted.length, p50: Math.round(percentile(sorted, 50)), p99: Math.round(percentile(sorted, 99)), failures }
}
