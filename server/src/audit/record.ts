/**
 * Writing the audit log: every change made in the organisers' console is recorded in the
 * transaction that makes it, so a change and its record commit together or not at all.
 */
import type { Tx } from '../kernel/db/client'
import { insertAudit } from './repositories/audit'
import { changedFields } from './rules/changes'

export interface Change {
  staffId: number
  eventId: number | null
  action: string
  target: string
  /** the whole record before and after (only the fields that differ are kept); null: created / removed */
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  at: Date
}

/** records a change; an edit that changed nothing records nothing */
export async function recordChange(tx: Tx, c: Change): Promise<void> {
  let { before, after } = c
  if (before && after) {
    const diff = changedFields(before, after)
    if (!diff) return
    ;({ before, after } = diff)
  }
  await insertAudit(tx, { at: c.at, staffId: c.staffId, eventId: c.eventId, action: c.action, target: c.target.slice(0, 64), before, after })
}
