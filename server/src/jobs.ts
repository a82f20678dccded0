/** Every job kind and its handler; later slices add theirs here (order deadlines, ticketing …). */
import type { Queryable } from '../db/client'
import { ensureJob } from '../repositories/jobs'
import { CLEANUP_JOB, cleanup } from './cleanup'
import { PAYMENT_JOB_HANDLERS } from './payments'
import { AIR_JOB_HANDLERS } from './air'
import type { JobHandler } from './runner'
import { TRAIN_JOB_HANDLERS } from './train'

export const JOB_HANDLERS: Record<string, JobHandler> = {
  [CLEANUP_JOB.kind]: cleanup,
  ...TRAIN_JOB_HANDLERS,
  ...PAYMENT_JOB_HANDLERS,
  ...AIR_JOB_HANDLERS,
}

/** the recurring jobs every database has (idempotent: run on every start) */
export async function ensureRecurringJobs(q: Queryable, now: Date): Promise<void> {
  await ensureJob(q, { ...CLEANUP_JOB, dueAt: now, now })
}
