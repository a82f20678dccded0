/**
 * The jobs pattern (docs/jobs.md): work that runs later is a row in `jobs` with a due time.
 * `runOnce(now)` claims due rows with a lease (FOR UPDATE SKIP LOCKED, then `locked_by` and
 * `locked_until`, committed at once) and then runs each job on its own:
 * - a `TxJob` (a function) runs in one transaction that first checks the lease is still ours;
 * - a `CallingJob` (a provider call) runs in three steps: `prepare` in a transaction, `call`
 *   outside any transaction, `apply` in a new one, so no transaction and no row lock is held
 *   while a provider answers.
 * A failure rolls back the step it happened in and is retried later with a growing delay; after
 * JOB_RULES.maxAttempts failures in a row the job is `failed` until an operator retries it
 * (`npm run jobs -- retry <id>`). A crashed instance's lease runs out and another instance runs the job.
 * `start()` runs it on every instance when the next job is due, when `wake()` says a job was added
 * (the database's notification, from any instance), and at least every interval; `stop()` ends it.
 * Tests call `runOnce(clock.now())` and never start the timer.
 */
import { hostname } from 'node:os'
import { randomUUID } from 'node:crypto'
import type { Tx } from '../db/client'
import type { Deps } from '../../deps'
import { claimDueJobs, lockClaimed, nextRunnableAt, updateJob, type JobRow } from './repository'
import { JOB_RULES, isFinalFailure, nextSleepMs, retryDelayMs } from './job-rules'
import { inJobScope } from './job-scope'

export { retryDelayMs } from './job-rules'

export type JobDeps = Pick<Deps, 'db' | 'now' | 'log'> & Partial<Deps>

/** what a job step outside a transaction gets: the time of the run, its row as claimed, the app's dependencies */
export interface CallContext {
  now: Date
  job: JobRow
  log: Deps['log']
  /** the app's dependencies (providers …); the app passes all of them */
  deps: JobDeps
}
/** what a job step in a transaction gets: that transaction as well */
export interface JobContext extends CallContext {
  tx: Tx
}

/** a recurring job answers when it is due next; a one-off answers nothing and is marked done */
export type JobResult = { nextDueAt: Date } | void

/** a job that only touches the database: it runs in one transaction */
export type TxJob = (ctx: JobContext) => Promise<JobResult>

/** what `prepare` decides: a plan for the provider call, or the job's result without one */
export type Prepared<P> = { plan: P } | { result: JobResult }

/** a plan, or null: nothing to ask (a one-off job is then done) */
export const planOrDone = <P>(plan: P | null): Prepared<P> => (plan === null ? { result: undefined } : { plan })

/**
 * A job that calls a provider (railway, airline, WeChat Pay, SMS, WeChat): `prepare` reads (and may
 * mark) in a transaction, `call` asks the provider with no transaction open, `apply` records the
 * answer in a new transaction, after checking again what `prepare` saw (it may have changed
 * meanwhile). `call` must be safe to repeat (the provider's own idempotency: an order, refund or
 * payment number): a failed `apply` or a crash after `call` runs it again.
 */
export interface CallingJob<P, A> {
  prepare(ctx: JobContext): Promise<Prepared<P>>
  call(plan: P, ctx: CallContext): Promise<A>
  apply(ctx: JobContext, plan: P, answer: A): Promise<JobResult>
}

export type JobHandler = TxJob | CallingJob<never, unknown>

/** a CallingJob as JOB_HANDLERS holds it (its plan and answer types are its own business) */
export function callingJob<P, A>(job: CallingJob<P, A>): JobHandler {
  return job as unknown as CallingJob<never, unknown>
}

/** a dependency a kind of job cannot run without (the app passes all; tests may pass fewer) */
export function needDep<K extends keyof Deps>(deps: JobDeps, key: K): Deps[K] {
  const v = deps[key]
  if (!v) throw new Error(`the job runner was built without ${key}`)
  return v as Deps[K]
}

/** the lease went to another instance while this one ran the job: it writes nothing more */
class LeaseLost extends Error {}

export class JobRunner {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<number> | null = null
  private started = false
  private intervalMs = 0
  /** a wake came during a run: run again as soon as it ends */
  private wakeAfterRun = false
  /** this runner among all instances' (a claim is this plus a counter) */
  private readonly instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  private claims = 0

  constructor(
    private readonly deps: JobDeps,
    private readonly handlers: Record<string, JobHandler>,
  ) {}

  /** runs every job due at `now`; resolves with how many ran (successfully or not) */
  async runOnce(now: Date = this.deps.now()): Promise<number> {
    let total = 0
    for (;;) {
      const claim = `${this.instance}:${++this.claims}`
      // the lease counts from the claim itself: a long run's later claims get their full lease
      const lockedUntil = new Date(Math.max(now.getTime(), this.deps.now().getTime()) + JOB_RULES.leaseMs)
      const due = await this.deps.db.transaction((tx) => claimDueJobs(tx, { now, limit: JOB_RULES.batch, claim, lockedUntil }))
      for (const job of due) await this.runOne(job, claim, now)
      total += due.length
      if (due.length < JOB_RULES.batch) return total
    }
  }

  private async runOne(job: JobRow, claim: string, now: Date): Promise<void> {
    const handler = this.handlers[job.kind]
    const base: CallContext = { now, job, log: this.deps.log, deps: this.deps }
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`)
      if (typeof handler === 'function') {
        await this.inClaim(job, claim, async (tx) => this.finish(tx, job, await handler({ ...base, tx }), now))
        return
      }
      const prepared = await this.inClaim(job, claim, async (tx) => {
        const p = await handler.prepare({ ...base, tx })
        if ('result' in p) await this.finish(tx, job, p.result, now)
        return p
      })
      if ('result' in prepared) return
      // no transaction is open here: the provider may take its time
      const answer = await inJobScope(job, () => handler.call(prepared.plan, base))
      await this.inClaim(job, claim, async (tx) => this.finish(tx, job, await handler.apply({ ...base, tx }, prepared.plan, answer), now))
    } catch (err) {
      if (err instanceof LeaseLost) {
        this.deps.log.warn({ job: { id: job.id, kind: job.kind } }, 'job: its lease ran out and another instance took it over; this run is dropped')
        return
      }
      await this.recordFailure(job, claim, err, now)
    }
  }

  /** `fn` in a transaction that holds the job's row, if the claim still holds its lease */
  private inClaim<T>(job: JobRow, claim: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.deps.db.transaction(async (tx) => {
      if (!(await lockClaimed(tx, job.id, claim))) throw new LeaseLost()
      return fn(tx)
    })
  }

  private async finish(tx: Tx, job: JobRow, result: JobResult, now: Date): Promise<void> {
    const free = { attempts: 0, lastError: null, lockedBy: null, lockedUntil: null }
    await updateJob(tx, job.id, result ? { ...free, dueAt: result.nextDueAt } : { ...free, doneAt: now })
  }

  private async recordFailure(job: JobRow, claim: string, err: unknown, now: Date): Promise<void> {
    const attempts = job.attempts + 1
    const final = isFinalFailure(attempts)
    this.deps.log.error(
      { err, job: { id: job.id, kind: job.kind, key: job.key, attempts } },
      final ? 'job failed for good: retry it with npm run jobs -- retry' : 'job failed',
    )
    try {
      await this.inClaim(job, claim, (tx) =>
        updateJob(tx, job.id, {
          attempts,
          lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
          lockedBy: null,
          lockedUntil: null,
          ...(final ? { failedAt: now } : { dueAt: new Date(now.getTime() + retryDelayMs(attempts)) }),
        }),
      )
    } catch (e) {
      // lease lost or the database gone: the lease runs out and the job is run again
      if (!(e instanceof LeaseLost)) this.deps.log.error({ err: e, job: { id: job.id, kind: job.kind } }, 'job: recording its failure failed')
    }
  }

  /**
   * Runs due jobs at once, then again when the next job becomes due (read from the table after
   * each run) or when `wake()` is called (a job added here or on another instance), and at the
   * latest `intervalMs` after the last run: due work starts when it is due, not at the next round
   * of a fixed timer. One run at a time per instance; a wake during a run runs again right after.
   */
  start(intervalMs: number): void {
    if (this.started) return
    this.started = true
    this.intervalMs = intervalMs
    this.schedule(0)
  }

  /** run as soon as possible: a job was added or put back */
  wake(): void {
    if (!this.started) return
    if (this.running) this.wakeAfterRun = true
    else this.schedule(0)
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.tick(), delayMs)
    this.timer.unref()
  }

  private async tick(): Promise<void> {
    this.timer = null
    if (this.running || !this.started) return
    this.wakeAfterRun = false
    this.running = this.runOnce().catch((err) => {
      this.deps.log.error({ err }, 'job run failed')
      return 0
    })
    await this.running
    this.running = null
    if (!this.started) return
    this.schedule(this.wakeAfterRun ? 0 : await this.untilNextRun())
  }

  /** how long to sleep: until the next job is runnable, within [JOB_RULES.minSleepMs, intervalMs] */
  private async untilNextRun(): Promise<number> {
    try {
      const next = await nextRunnableAt(this.deps.db)
      if (!next) return this.intervalMs
      return nextSleepMs(next.getTime() - this.deps.now().getTime(), this.intervalMs)
    } catch (err) {
      this.deps.log.error({ err }, 'job runner: reading the next due time failed')
      return this.intervalMs
    }
  }

  /** clears the timer and waits for a run in progress */
  async stop(): Promise<void> {
    this.started = false
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
  }
}
