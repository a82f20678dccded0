import { parseCheckinText } from '@contracts/checkin'

export type ScanProblem = 'empty' | 'unrecognised'

/**
 * What can be told before the server answers (offline too): an empty result, or an address that is
 * not a check-in address of THIS event. Whether the code is legal only the server knows (it signs).
 */
export function scanProblem(text: string | null | undefined, eventHashCode: string | null): ScanProblem | null {
  const p = parseCheckinText(text)
  if (p.kind === 'empty') return 'empty'
  if (p.kind === 'unrecognised') return 'unrecognised'
  if (p.eventHashCode !== null && eventHashCode !== null && p.eventHashCode !== eventHashCode) return 'unrecognised'
  return null
}

/** a key for one intent (a scan, a feedback): random, [A-Za-z0-9_-], 8-64 characters */
export function newIdempotencyKey(): string {
  let s = Date.now().toString(36)
  while (s.length < 24) s += Math.floor(Math.random() * 36 ** 4).toString(36)
  return s.slice(0, 32)
}
