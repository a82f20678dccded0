/** jobs: due work as rows (see the table's comment in kernel/db/schema.ts). */
import { and, asc, eq, isNull, lte, min, sql } from 'drizzle-orm'
import type { Queryable, Tx } from '../db/client'
import { jobs } from '../db/schema'

export type JobRow = typeof jobs.$inferSelect

/** a job for (kind, key) unless one exists (a singleton stays as it is) */
export async function ensureJob(q: Queryable, j: { kind: string; key: string; payload?: Record<string, unknown>; dueAt: Date; now: Date }): Promise<void> {
  await q
    .insert(jobs)
    .values({ kind: j.kind, key: j.key, payload: j.payload ?? {}, dueAt: j.dueAt, createdAt: j.now })
    .onConflictDoNothing()
}

/**
 * Due jobs, locked for this transaction. SKIP LOCKED: a job another instance is running right now
 * is passed over instead of waited for, so instances share the work and none runs a job twice.
 */
export async function claimDueJobs(tx: Tx, now: Date, limit: number): Promise<JobRow[]> {
  return tx
    .select()
    .from(jobs)
    .where(and(isNull(jobs.doneAt), lte(jobs.dueAt, now)))
    .orderBy(asc(jobs.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true })
}

export async function updateJob(q: Queryable, id: number, changes: Partial<Omit<JobRow, 'id'>>): Promise<void> {
  await q.update(jobs).set(changes).where(eq(jobs.id, id))
}

/** the jobs due at `now` and not done, by kind: how many, how many failed last time, the oldest due time */
export async function dueJobsByKind(q: Queryable, now: Date): Promise<Array<{ kind: string; due: number; failing: number; oldestDueAt: Date | null }>> {
  const rows = await q
    .select({
      kind: jobs.kind,
      due: sql<number>`count(*)::int`,
      failing: sql<number>`(count(*) filter (where ${jobs.attempts} > 0))::int`,
      oldestDueAt: min(jobs.dueAt),
    })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), lte(jobs.dueAt, now)))
    .groupBy(jobs.kind)
  return rows.map((r) => ({ kind: r.kind, due: Number(r.due), failing: Number(r.failing), oldestDueAt: r.oldestDueAt ? new Date(r.oldestDueAt) : null }))
}
