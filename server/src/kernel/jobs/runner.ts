/**
 * The jobs pattern: work that runs later is a row in `jobs` with a due time. `runOnce(now)`
 * claims the due rows (FOR UPDATE SKIP LOCKED) and runs each in its own savepoint, so one failing
 * job neither blocks the others nor loses its row: it is retried later with a growing delay.
 * `start()` runs it on a timer on every instance; `stop()` clears the timer (on app close).
 * Tests call `runOnce(clock.now())` and never start the timer.
 */
import type { Tx } from '../db/client'
import type { Deps } from '../../deps'
import { claimDueJobs, updateJob, type JobRow } from './repository'

/** what a job handler gets: the transaction that holds its row lock, and the time of the run */
export interface JobContext {
  tx: Tx
  now: Date
  job: JobRow
  log: Deps['log']
  /** the app's dependencies (providers …) for jobs that call out; the app passes all of them */
  deps: JobDeps
}
export type JobDeps = Pick<Deps, 'db' | 'now' | 'log'> & Partial<Deps>

/** a dependency a kind of job cannot run without (the app passes all; tests may pass fewer) */
export function needDep<K extends keyof Deps>(deps: JobDeps, key: K): Deps[K] {
  const v = deps[key]
  if (!v) throw new Error(`the job runner was built without ${key}`)
  return v as Deps[K]
}
/** a recurring job returns when it is due next; a one-off returns nothing and is marked done */
export type JobHandler = (ctx: JobContext) => Promise<{ nextDueAt: Date } | void>

export const JOB_BATCH = 20
/** retry delay after a failure: 1 min, 2, 4 … capped at an hour */
export const retryDelayMs = (attempts: number): number => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1))

export class JobRunner {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<number> | null = null

  constructor(
    private readonly deps: JobDeps,
    private readonly handlers: Record<string, JobHandler>,
  ) {}

  /** runs every job due at `now`; resolves with how many ran (successfully or not) */
  async runOnce(now: Date = this.deps.now()): Promise<number> {
    let total = 0
    for (;;) {
      const ran = await this.deps.db.transaction(async (tx) => {
        const due = await claimDueJobs(tx, now, JOB_BATCH)
        for (const job of due) await this.runOne(tx, job, now)
        return due.length
      })
      total += ran
      if (ran < JOB_BATCH) return total
    }
  }

  private async runOne(tx: Tx, job: JobRow, now: Date): Promise<void> {
    const handler = this.handlers[job.kind]
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`)
      // a savepoint: a failing job rolls back its own writes only
      const result = await tx.transaction((sp) => handler({ tx: sp, now, job, log: this.deps.log, deps: this.deps }))
      await updateJob(tx, job.id, result ? { dueAt: result.nextDueAt, attempts: 0, lastError: null } : { doneAt: now, attempts: 0, lastError: null })
    } catch (err) {
      const attempts = job.attempts + 1
      this.deps.log.error({ err, job: { id: job.id, kind: job.kind, attempts } }, 'job failed')
      await updateJob(tx, job.id, {
        attempts,
        lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        dueAt: new Date(now.getTime() + retryDelayMs(attempts)),
      })
    }
  }

  /** run due jobs every `intervalMs` (one run at a time per instance) */
  start(intervalMs: number): void {
    if (this.timer) return
    this.timer = setInterval(() => {
      if (this.running) return
      this.running = this.runOnce()
        .catch((err) => {
          this.deps.log.error({ err }, 'job run failed')
          return 0
        })
        .finally(() => {
          this.running = null
        })
    }, intervalMs)
    this.timer.unref()
  }

  /** clears the timer and waits for a run in progress */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.running
  }
}
