/**
 * The jobs pattern (kernel/jobs/runner.ts), the cleanup job, the ownership helper and the transaction
 * guard. On PostgreSQL (scripts/pg-test.sh) two runners on two apps claim the same due jobs at
 * once and each job runs exactly once.
 */
import { eq, ne, sql } from 'drizzle-orm'
import { jobs, loginCodes, pageViews, passwordThrottle, rateCounters, sessions } from '../src/kernel/db/schema'
import { CLEANUP_JOB, CLEANUP_RULES } from '../src/auth/cleanup-job'
import { JobRunner, callingJob, retryDelayMs, type JobHandler } from '../src/kernel/jobs/runner'
import { claimDueJobs, ensureJob, listFailedJobs, retryFailedJob } from '../src/kernel/jobs/repository'
import { JOB_RULES } from '../src/kernel/jobs/job-rules'
import { loadOwned } from '../src/kernel/db/owned'
import { DEMO_USER } from '../src/seed'
import { guestLogin, logout } from '@contracts/calls/auth'
import { setup, type TestContext } from './helper'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const db = () => t.db.db
const HOUR = 3600_000
const silentLog = { error: () => undefined, warn: () => undefined, info: () => undefined } as never

async function login(): Promise<string> {
  const r = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password: DEMO_USER.password })
  expect(r.body.data?.token).toBeTruthy()
  return r.body.data.token
}
const count = async (table: typeof sessions | typeof loginCodes | typeof passwordThrottle | typeof rateCounters) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
  )[0].n

describe('job runner', () => {
  it('runs a due one-off job once and marks it done; a job not yet due waits', async () => {
    const ran: string[] = []
    const runner = new JobRunner({ db: db(), now: t.clock.now, log: silentLog }, { note: async ({ job }) => void ran.push(job.key) })
    await db().delete(jobs)
    await ensureJob(db(), { kind: 'note', key: 'due', dueAt: t.clock.now(), now: t.clock.now() })
    await ensureJob(db(), { kind: 'note', key: 'later', dueAt: new Date(t.clock.t + HOUR), now: t.clock.now() })
    // the recurring jobs (the cleanups) are not this runner's: it knows only 'note'
    await db().delete(jobs).where(ne(jobs.kind, 'note'))

    expect(await runner.runOnce(t.clock.now())).toBe(1)
    expect(await runner.runOnce(t.clock.now())).toBe(0)
    expect(ran).toEqual(['due'])
    t.clock.advance(HOUR)
    expect(await runner.runOnce(t.clock.now())).toBe(1)
    expect(ran).toEqual(['due', 'later'])
    const rows = await db().select().from(jobs)
    expect(rows.every((r) => r.doneAt !== null)).toBe(true)
  })

  it('a failing job rolls back its own writes, keeps its row and is retried later with a growing delay', async () => {
    let fail = true
    const failing: JobHandler = async ({ tx }) => {
      await tx.insert(passwordThrottle).values({ userNameKey: 'written-by-job' })
      if (fail) throw new Error('provider down')
    }
    const runner = new JobRunner({ db: db(), now: t.clock.now, log: silentLog }, { flaky: failing })
    await db().delete(jobs)
    await ensureJob(db(), { kind: 'flaky', key: 'x', dueAt: t.clock.now(), now: t.clock.now() })

    await runner.runOnce(t.clock.now())
    let [row] = await db().select().from(jobs)
    expect(row).toMatchObject({ attempts: 1, lastError: 'provider down', doneAt: null })
    expect(row.dueAt.getTime()).toBe(t.clock.t + retryDelayMs(1))
    expect(await count(passwordThrottle)).toBe(0)

    t.clock.advance(retryDelayMs(1))
    await runner.runOnce(t.clock.now())
    ;[row] = await db().select().from(jobs)
    expect(row.attempts).toBe(2)
    expect(row.dueAt.getTime()).toBe(t.clock.t + retryDelayMs(2))

    fail = false
    t.clock.advance(retryDelayMs(2))
    await runner.runOnce(t.clock.now())
    ;[row] = await db().select().from(jobs)
    expect(row).toMatchObject({ attempts: 0, lastError: null })
    expect(row.doneAt).not.toBeNull()
    expect(await count(passwordThrottle)).toBe(1)
  })

  it('retry delays grow from a minute and stop at an hour', () => {
    expect([1, 2, 3, 7, 20].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 3_840_000 > HOUR ? HOUR : 3_840_000, HOUR])
  })

  it('after JOB_RULES.maxAttempts failures in a row a job is failed: listed, no longer run, and runs again once retried', async () => {
    let fail = true
    const runs: number[] = []
    const runner = new JobRunner(
      { db: db(), now: t.clock.now, log: silentLog },
      {
        flaky: async ({ job }) => {
          runs.push(job.attempts)
          if (fail) throw new Error('provider down')
        },
      },
    )
    await db().delete(jobs)
    await ensureJob(db(), { kind: 'flaky', key: 'x', dueAt: t.clock.now(), now: t.clock.now() })
    for (let n = 1; n < JOB_RULES.maxAttempts; n++) {
      await runner.runOnce(t.clock.now())
      const [row] = await db().select().from(jobs)
      expect(row).toMatchObject({ attempts: n, failedAt: null })
      t.clock.advance(retryDelayMs(n))
    }
    // the last attempt allowed: failed, and nothing runs it any more
    await runner.runOnce(t.clock.now())
    const [failed] = await db().select().from(jobs)
    expect(failed).toMatchObject({ attempts: JOB_RULES.maxAttempts, lastError: 'provider down', lockedBy: null })
    expect(failed.failedAt?.getTime()).toBe(t.clock.t)
    t.clock.advance(24 * HOUR)
    expect(await runner.runOnce(t.clock.now())).toBe(0)
    expect(runs).toHaveLength(JOB_RULES.maxAttempts)
    expect((await listFailedJobs(db())).map((j) => j.id)).toEqual([failed.id])

    // a job that has not failed is not "retried"; a failed one is due at once, its attempts from zero
    await ensureJob(db(), { kind: 'flaky', key: 'live', dueAt: new Date(t.clock.t + HOUR), now: t.clock.now() })
    const [live] = await db().select().from(jobs).where(eq(jobs.key, 'live'))
    expect(await retryFailedJob(db(), live.id, t.clock.now())).toBeNull()
    expect(await retryFailedJob(db(), failed.id, t.clock.now())).toMatchObject({ id: failed.id, attempts: 0, failedAt: null })
    fail = false
    expect(await runner.runOnce(t.clock.now())).toBe(1)
    const [done] = await db().select().from(jobs).where(eq(jobs.id, failed.id))
    expect(done).toMatchObject({ attempts: 0, lastError: null, failedAt: null })
    expect(done.doneAt).not.toBeNull()
    expect(await listFailedJobs(db())).toEqual([])
  })

  it("a crashed instance's claim holds the job until its lease runs out; then another instance runs it once", async () => {
    const ran: string[] = []
    const runner = new JobRunner({ db: db(), now: t.clock.now, log: silentLog }, { note: async ({ job }) => void ran.push(job.key) })
    await db().delete(jobs)
    await ensureJob(db(), { kind: 'note', key: 'claimed', dueAt: t.clock.now(), now: t.clock.now() })
    // an instance claims the job and dies before running it
    const lockedUntil = new Date(t.clock.t + JOB_RULES.leaseMs)
    const claimed = await db().transaction((tx) => claimDueJobs(tx, { now: t.clock.now(), limit: 10, claim: 'crashed:1', lockedUntil }))
    expect(claimed.map((j) => j.lockedBy)).toEqual(['crashed:1'])

    t.clock.advance(JOB_RULES.leaseMs - 1)
    expect(await runner.runOnce(t.clock.now())).toBe(0)
    t.clock.advance(1)
    expect(await runner.runOnce(t.clock.now())).toBe(1)
    expect(await runner.runOnce(t.clock.now())).toBe(0)
    expect(ran).toEqual(['claimed'])
    const [row] = await db().select().from(jobs)
    expect(row).toMatchObject({ lockedBy: null, lockedUntil: null })
    expect(row.doneAt).not.toBeNull()
  })

  it('a calling job asks its provider with no transaction open and no lock on its row, then applies the answer', async () => {
    const steps: string[] = []
    const runner = new JobRunner(
      { db: db(), now: t.clock.now, log: silentLog },
      {
        ask: callingJob({
          prepare: async ({ tx, job }) => {
            await tx.insert(passwordThrottle).values({ userNameKey: `prepared-${job.key}` })
            steps.push('prepare')
            return { plan: job.key }
          },
          call: async (plan: string, { job }) => {
            // db itself throws inside a transaction (the guard), and NOWAIT throws on a locked row
            const [row] = await db().select().from(jobs).where(eq(jobs.id, job.id)).for('update', { noWait: true })
            steps.push(`call ${plan} ${row.lockedBy ? 'leased' : 'free'}`)
            return plan.toUpperCase()
          },
          apply: async ({ tx }, _plan, answer: string) => {
            await tx.insert(passwordThrottle).values({ userNameKey: `applied-${answer}` })
            steps.push(`apply ${answer}`)
          },
        }),
      },
    )
    await db().delete(jobs)
    await ensureJob(db(), { kind: 'ask', key: 'k', dueAt: t.clock.now(), now: t.clock.now() })
    expect(await runner.runOnce(t.clock.now())).toBe(1)
    expect(steps).toEqual(['prepare', 'call k leased', 'apply K'])
    expect((await db().select().from(passwordThrottle)).map((r) => r.userNameKey).sort()).toEqual(['applied-K', 'prepared-k'])
    expect((await db().select().from(jobs))[0].doneAt).not.toBeNull()
  })

  it('a calling job whose provider fails keeps what prepare wrote, applies nothing and is retried', async () => {
    let answer: 'fail' | 'ok' = 'fail'
    const applied: string[] = []
    const runner = new JobRunner(
      { db: db(), now: t.clock.now, log: silentLog },
      {
        ask: callingJob({
          prepare: async () => ({ plan: 1 }),
          call: async () => {
            if (answer === 'fail') throw new Error('errcode -1: system busy')
            return answer
          },
          apply: async (_ctx, _plan, a: string) => void applied.push(a),
        }),
      },
    )
    await db().delete(jobs)
    await ensureJob(db(), { kind: 'ask', key: 'k', dueAt: t.clock.now(), now: t.clock.now() })
    await runner.runOnce(t.clock.now())
    let [row] = await db().select().from(jobs)
    expect(row).toMatchObject({ attempts: 1, lastError: 'errcode -1: system busy', doneAt: null, lockedBy: null })
    expect(applied).toEqual([])
    answer = 'ok'
    t.clock.advance(retryDelayMs(1))
    await runner.runOnce(t.clock.now())
    ;[row] = await db().select().from(jobs)
    expect(row).toMatchObject({ attempts: 0, lastError: null })
    expect(applied).toEqual(['ok'])
  })

  it('two runners (two server instances) claiming the same due jobs run each exactly once', async () => {
    const runs = new Map<string, number>()
    const handler: JobHandler = async ({ job, tx }) => {
      runs.set(job.key, (runs.get(job.key) ?? 0) + 1)
      // hold the row lock a little, so the other runner meets it locked
      await tx.execute(sql`SELECT pg_sleep(0.01)`)
    }
    const other = await t.buildApp()
    await db().delete(jobs)
    for (let i = 0; i < 60; i++) await ensureJob(db(), { kind: 'count', key: `k${i}`, dueAt: t.clock.now(), now: t.clock.now() })
    const a = new JobRunner({ db: db(), now: t.clock.now, log: silentLog }, { count: handler })
    const b = new JobRunner({ db: other.deps.db, now: t.clock.now, log: silentLog }, { count: handler })
    const [ranA, ranB] = await Promise.all([a.runOnce(t.clock.now()), b.runOnce(t.clock.now())])
    expect(ranA + ranB).toBe(60)
    expect(runs.size).toBe(60)
    expect([...runs.values()].every((n) => n === 1)).toBe(true)
  })

  it('two runners (two server instances) run each due calling job exactly once: its provider is asked once', async () => {
    const calls = new Map<string, number>()
    const applies = new Map<string, number>()
    const handler = callingJob({
      prepare: async ({ job }) => ({ plan: job.key }),
      call: async (key: string) => {
        calls.set(key, (calls.get(key) ?? 0) + 1)
        // the provider takes its time: the other runner meanwhile claims what it can
        await new Promise((r) => setTimeout(r, 2))
        return key
      },
      apply: async (_ctx, key: string) => void applies.set(key, (applies.get(key) ?? 0) + 1),
    })
    const other = await t.buildApp()
    await db().delete(jobs)
    for (let i = 0; i < 60; i++) await ensureJob(db(), { kind: 'ask', key: `k${i}`, dueAt: t.clock.now(), now: t.clock.now() })
    const a = new JobRunner({ db: db(), now: t.clock.now, log: silentLog }, { ask: handler })
    const b = new JobRunner({ db: other.deps.db, now: t.clock.now, log: silentLog }, { ask: handler })
    const [ranA, ranB] = await Promise.all([a.runOnce(t.clock.now()), b.runOnce(t.clock.now())])
    expect(ranA + ranB).toBe(60)
    expect(calls.size).toBe(60)
    expect([...calls.values()].every((n) => n === 1)).toBe(true)
    expect([...applies.values()].every((n) => n === 1) && applies.size === 60).toBe(true)
    expect(await a.runOnce(t.clock.now())).toBe(0)
  })
})

describe('cleanup job', () => {
  it('is scheduled once per database and comes back every CLEANUP_RULES.everyMs', async () => {
    const rows = await db().select().from(jobs).where(eq(jobs.kind, CLEANUP_JOB.kind))
    expect(rows).toHaveLength(1)
    await t.app.jobs.runOnce(t.clock.now())
    const [after] = await db().select().from(jobs).where(eq(jobs.kind, CLEANUP_JOB.kind))
    expect(after.dueAt.getTime()).toBe(t.clock.t + CLEANUP_RULES.everyMs)
    expect(after.doneAt).toBeNull()
  })

  it('deletes sessions ended more than a week ago, keeps newer ones answering "expired"', async () => {
    const token = await login()
    await login()
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(t.clock.t + HOUR) })

    // both expire in an hour: kept until a week after that, deleted just past it
    t.clock.advance(HOUR + CLEANUP_RULES.keepEndedSessionsMs - 1)
    await db().update(jobs).set({ dueAt: t.clock.now() })
    await t.app.jobs.runOnce(t.clock.now())
    expect(await count(sessions)).toBe(2)
    expect((await t.post('/api/getUser', {}, { token })).body.msgId).toBe('EAUT0004')

    t.clock.advance(2)
    await db().update(jobs).set({ dueAt: t.clock.now() })
    await t.app.jobs.runOnce(t.clock.now())
    expect(await count(sessions)).toBe(0)
  })

  it('deletes revoked sessions (logout, the per-person cap) a week after their revocation', async () => {
    const gone = await login()
    const kept = await login()
    expect((await t.post(logout.path, {}, { token: gone })).body.status).toBe(200)

    t.clock.advance(CLEANUP_RULES.keepEndedSessionsMs)
    await db().update(jobs).set({ dueAt: t.clock.now() })
    await t.app.jobs.runOnce(t.clock.now())
    expect(await count(sessions)).toBe(2)

    t.clock.advance(1)
    await db().update(jobs).set({ dueAt: t.clock.now() })
    await t.app.jobs.runOnce(t.clock.now())
    expect(await count(sessions)).toBe(1)
    // the live one (72 h, not yet ended a week ago) stays: it only expired 4 days ago
    expect((await t.post('/api/getUser', {}, { token: kept })).body.msgId).toBe('EAUT0004')
  })

  it('deletes code rows whose code is over, idle password counters and ended rate counters', async () => {
    await db()
      .insert(loginCodes)
      .values([
        { destination: 'sms:expired', expiresAt: new Date(t.clock.t - 1), codeHash: 'a'.repeat(64) },
        { destination: 'sms:failed-send', expiresAt: null },
        { destination: 'sms:live', expiresAt: new Date(t.clock.t + 60_000), codeHash: 'b'.repeat(64) },
      ])
    await db()
      .insert(passwordThrottle)
      .values([
        { userNameKey: 'idle', address: '', failures: 2, forgetAfter: new Date(t.clock.t - 1) },
        { userNameKey: 'legacy', address: '' },
        { userNameKey: 'locked', address: '1.2.3.4', lockedUntil: new Date(t.clock.t + 60_000), forgetAfter: new Date(t.clock.t + 60_000) },
      ])
    await db()
      .insert(rateCounters)
      .values([
        { key: 'ended', windowStart: new Date(t.clock.t - 60_000), hits: 3, expiresAt: t.clock.now() },
        { key: 'open', windowStart: new Date(t.clock.t - 1), hits: 3, expiresAt: new Date(t.clock.t + 1) },
      ])
    await t.app.jobs.runOnce(t.clock.now())
    expect((await db().select().from(loginCodes)).map((r) => r.destination)).toEqual(['sms:live'])
    expect((await db().select().from(passwordThrottle)).map((r) => r.userNameKey)).toEqual(['locked'])
    expect((await db().select().from(rateCounters)).map((r) => r.key)).toEqual(['open'])
  })
})

describe('loadOwned', () => {
  it("loads a record of the caller at the caller's event; another person's, another event's and a missing id answer ESYS0004 alike", async () => {
    const ids = await db()
      .insert(pageViews)
      .values([
        { eventId: 1, userId: 1, type: 'home', viewWay: 'H5', createdAt: t.clock.now() },
        { eventId: 1, userId: 2, type: 'home', viewWay: 'H5', createdAt: t.clock.now() },
        { eventId: 2, userId: 1, type: 'home', viewWay: 'H5', createdAt: t.clock.now() },
      ])
      .returning({ id: pageViews.id })
    const me = { userId: 1, eventId: 1 }
    expect((await loadOwned(db(), pageViews, ids[0].id, me)).id).toBe(ids[0].id)
    for (const id of [ids[1].id, ids[2].id, 999_999]) {
      await expect(loadOwned(db(), pageViews, id, me)).rejects.toMatchObject({ msgId: 'ESYS0004' })
    }
  })
})

describe('transaction guard', () => {
  it('using db instead of tx inside a transaction throws at once (it would hang PGlite forever)', async () => {
    await expect(db().transaction(async () => db().select().from(jobs))).rejects.toThrow(/inside a transaction: use its tx/)
    // and db is usable again once the transaction is over
    expect(Array.isArray(await db().select().from(jobs))).toBe(true)
  })
})
