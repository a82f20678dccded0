/**
 * The byte quotas of uploads (files/rules/file-rules.ts): an upload is charged to its address and
 * to its draft or user before its bytes are stored, counted in rate_counters so that every
 * instance on the database shares one quota. All counters are charged in one transaction: a
 * refusal by one charges none.
 */
import type { Deps } from '../deps'
import { AppError } from '../kernel/errors'
import { addWithin } from '../kernel/limits/rate-counters'
import { fixedWindow } from '../kernel/time/time'
import { FILE_RULES, minutesUntil, type QuotaCounter } from './rules/file-rules'

const MB = 1024 * 1024

export async function chargeUpload(deps: Pick<Deps, 'db' | 'now'>, counters: QuotaCounter[], bytes: number): Promise<void> {
  const now = deps.now()
  const window = fixedWindow(now, FILE_RULES.quotas.windowMs)
  await deps.db.transaction(async (tx) => {
    for (const c of counters) {
      if (!(await addWithin(tx, c.key, window, bytes, c.limit))) {
        throw new AppError('EREG2208', 200, { mb: Math.round(c.limit / MB), minutes: minutesUntil(now, window.end) })
      }
    }
  })
}
