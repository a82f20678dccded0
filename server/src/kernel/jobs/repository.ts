/** jobs: due work as rows (see the table's comment in kernel/db/schema.ts). */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, min, or, sql } from 'drizzle-orm'
import type { Queryable, Tx } from '../db/client'
import { jobs } from '../db/schema'

export type JobRow = typeof jobs.$inferSelect

/** the channel every instance's runner listens on: a job was added or put back */
export const JOBS_CHANNEL = 'jobs_due'

/**
 * Tells the runners of every instance that a job was added. NOTIFY is transactional: inside a
 * transaction it is sent when the transaction commits (and never if it rolls back), so a runner
 * woken by it always finds the row.
 */
async function notifyRunners(q: Queryable): Promise<void> {
  await q.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, '')`)
}

/** a job for (kind, key) unless one exists (a singleton stays as it is); a new one wakes the runners */
export async function ensureJob(q: Queryable, j: { kind: string; key: string; payload?: Record<string, unknown>; dueAt: Date; now: Date }): Promise<void> {
  const added = await q
    .insert(jobs)
    .values({ kind: j.kind, key: j.key, payload: j.payload ?? {}, dueAt: j.dueAt, createdAt: j.now })
    .onConflictDoNothing()
    .returning({ id: jobs.id })
  if (added.length) await notifyRunners(q)
}

/** new jobs, in one statement (the caller's keys are new: a notice's own), with their ids by key; the runners are woken */
export async function addJobs(
  q: Queryable,
  rows: Array<{ kind: string; key: string; payload: Record<string, unknown>; dueAt: Date }>,
  now: Date,
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map()
  const added = await q
    .insert(jobs)
    .values(rows.map((r) => ({ ...r, createdAt: now })))
    .returning({ id: jobs.id, key: jobs.key })
  await notifyRunners(q)
  return new Map(added.map((r) => [r.key, r.id]))
}

/**
 * When the runner has to look next: the earliest time a job not done and not failed becomes
 * runnable (its due time, or the end of its lease if another run holds it). null: nothing waits.
 */
export async function nextRunnableAt(q: Queryable): Promise<Date | null> {
  const [row] = await q
    .select({ at: sql<Date | null>`min(greatest(${jobs.dueAt}, coalesce(${jobs.lockedUntil}, ${jobs.dueAt})))`.mapWith(jobs.dueAt) })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), isNull(jobs.failedAt)))
  return row?.at ?? null
}

/**
 * Due jobs, leased to `claim` until `lockedUntil`: rows not done, not failed, due, and free (never
 * claimed, or their lease is over). SKIP LOCKED: a row another instance is claiming right now is
 * passed over instead of waited for; once this transaction commits the lease itself keeps the
 * others away, so the job can run without a transaction open.
 */
export async function claimDueJobs(tx: Tx, args: { now: Date; limit: number; claim: string; lockedUntil: Date }): Promise<JobRow[]> {
  const due = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), isNull(jobs.failedAt), lte(jobs.dueAt, args.now), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, args.now))))
    .orderBy(asc(jobs.dueAt))
    .limit(args.limit)
    .for('update', { skipLocked: true })
  if (due.length === 0) return []
  const claimed = await tx
    .update(jobs)
    .set({ lockedBy: args.claim, lockedUntil: args.lockedUntil })
    .where(
      inArray(
        jobs.id,
        due.map((d) => d.id),
      ),
    )
    .returning()
  return claimed.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.id - b.id)
}

/**
 * The job's row locked for this transaction if `claim` still holds it; null when its lease went
 * to another instance (this one was too slow): the caller then writes nothing.
 */
export async function lockClaimed(tx: Tx, id: number, claim: string): Promise<JobRow | null> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, claim)))
    .for('update')
  return row ?? null
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

/** the jobs that gave up (JOB_RULES.maxAttempts failures in a row), newest first: what an operator looks at */
export async function listFailedJobs(q: Queryable): Promise<JobRow[]> {
  return q.select().from(jobs).where(isNotNull(jobs.failedAt)).orderBy(desc(jobs.failedAt), desc(jobs.id))
}

/**
 * Puts a failed job back: due at `now`, its attempts from zero, its lease cleared. Returns the
 * row, or null when there is no such job or it has not failed (a live job is left as it is).
 */
export async function retryFailedJob(q: Queryable, id: number, now: Date): Promise<JobRow | null> {
  const [row] = await q
    .update(jobs)
    .set({ failedAt: null, attempts: 0, dueAt: now, lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.id, id), isNotNull(jobs.failedAt)))
    .returning()
  if (row) await notifyRunners(q)
  return row ?? null
}
