/**
 * Pure rules of an attendee's choice of activities (sub-events open for sign-up): which codes are
 * allowed, the limit per attendee, and what changes. Places are checked by the database
 * (schedule/schedule.ts), where concurrent sign-ups meet.
 */
import type { MsgId, MsgParams } from '@contracts/messages'

export interface ActivityOption {
  id: number
  code: string
  signupOpen: boolean
}

export type ChoiceResult = { ok: true; add: ActivityOption[]; remove: ActivityOption[] } | { ok: false; msgId: MsgId; params?: MsgParams }

/**
 * The change from `current` (ids signed up for now) to the `wanted` codes: unknown or closed codes
 * answer EREG2001 (a closed one the attendee already has may stay), more than `max` EREG2003. Duplicates in `wanted` count once.
 */
export function planActivityChoice(options: ActivityOption[], current: number[], wanted: string[], max: number | null): ChoiceResult {
  const now = new Set(current)
  const byCode = new Map(options.map((o) => [o.code, o]))
  const chosen = new Map<number, ActivityOption>()
  for (const code of wanted) {
    const o = byCode.get(code)
    if (!o || (!o.signupOpen && !now.has(o.id))) return { ok: false, msgId: 'EREG2001' }
    chosen.set(o.id, o)
  }
  if (max !== null && chosen.size > max) return { ok: false, msgId: 'EREG2003', params: { max } }
  const add = [...chosen.values()].filter((o) => !now.has(o.id)).sort((a, b) => a.id - b.id)
  const remove = options.filter((o) => now.has(o.id) && !chosen.has(o.id))
  return { ok: true, add, remove }
}
