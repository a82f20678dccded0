/**
 * When the job runner runs (kernel/jobs/runner.ts `start`): at a job's due time, not at the next
 * round of its interval, and at once when a job is added on this or another instance (ensureJob's
 * NOTIFY, sent at commit). Real timers and the real clock, with the interval at a minute, so a
 * job that ran within a second ran because it was due or announced.
 */
import { ne } from 'drizzle-orm'
import { jobs } from '../src/kernel/db/schema'
import { JobRunner } from '../src/kernel/jobs/runner'
import { JOBS_CHANNEL, ensureJob } from '../src/kernel/jobs/repository'
import { JOB_RULES, nextSleepMs } from '../src/kernel/jobs/job-rules'
import { setup, type TestContext } from './helper'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => {
  await t.reset()
  // the recurring jobs are not these runners': they know only 'note'
  await t.db.db.delete(jobs).where(ne(jobs.kind, 'note'))
})

const MINUTE = 60_000
const HOUR_MS = 3_600_000
const silentLog = { error: () => undefined, warn: () => undefined, info: () => undefined } as never
const realNow = () => new Date()

/** a runner of 'note' jobs on the real clock; `ran` resolves each key's run time */
function noteRunner(db = t.db.db) {
  const ran = new Map<string, number>()
  const waiters = new Map<string, (at: number) => void>()
  const runner = new JobRunner(
    { db, now: realNow, log: silentLog },
    {
      note: async ({ job }) => {
        ran.set(job.key, Date.now())
        waiters.get(job.key)?.(Date.now())
      },
    },
  )
  const runOf = (key: string, withinMs: number) =>
    new Promise<number | null>((resolve) => {
      if (ran.has(key)) return resolve(ran.get(key)!)
      const timer = setTimeout(() => resolve(null), withinMs)
      waiters.set(key, (at) => {
        clearTimeout(timer)
        resolve(at)
      })
    })
  return { runner, runOf }
}

/**
 * A runner started with a minute's interval and woken by the database notification, as app.ts
 * wires it, given to `body` once its first run (nothing due) is over and it sleeps for the minute
 */
async function withSleepingRunner(body: (runOf: ReturnType<typeof noteRunner>['runOf']) => Promise<void>): Promise<void> {
  const { runner, runOf } = noteRunner()
  runner.start(MINUTE)
  const stop = await t.db.listen(JOBS_CHANNEL, () => runner.wake())
  try {
    await new Promise((r) => setTimeout(r, 300))
    await body(runOf)
  } finally {
    await stop()
    await runner.stop()
  }
}

describe('the runner wakes when work is due', () => {
  it('a job due in 400 ms runs then, not at the end of the minute', async () => {
    const { runner, runOf } = noteRunner()
    const due = Date.now() + 400
    await ensureJob(t.db.db, { kind: 'note', key: 'soon', dueAt: new Date(due), now: realNow() })
    runner.start(MINUTE)
    try {
      const at = await runOf('soon', 5_000)
      expect(at).not.toBeNull()
      expect(at!).toBeGreaterThanOrEqual(due)
      expect(at! - due).toBeLessThan(2_000)
    } finally {
      await runner.stop()
    }
  })

  it('a job added after the runner went to sleep wakes it through the database notification', async () => {
    await withSleepingRunner(async (runOf) => {
      const added = Date.now()
      await ensureJob(t.db.db, { kind: 'note', key: 'new', dueAt: realNow(), now: realNow() })
      const at = await runOf('new', 5_000)
      expect(at).not.toBeNull()
      expect(at! - added).toBeLessThan(2_000)
    })
  })

  it('a job added in a transaction wakes the runner once it commits, and one rolled back never', async () => {
    await withSleepingRunner(async (runOf) => {
      await t.db.db
        .transaction(async (tx) => {
          await ensureJob(tx, { kind: 'note', key: 'undone', dueAt: realNow(), now: realNow() })
          throw new Error('rolled back')
        })
        .catch(() => undefined)
      expect(await runOf('undone', 1_000)).toBeNull()
      await t.db.db.transaction(async (tx) => {
        await ensureJob(tx, { kind: 'note', key: 'committed', dueAt: realNow(), now: realNow() })
      })
      expect(await runOf('committed', 5_000)).not.toBeNull()
    })
  })

  it('an added job already known (same kind and key) announces nothing new', async () => {
    let notified = 0
    const stop = await t.db.listen(JOBS_CHANNEL, () => notified++)
    try {
      await ensureJob(t.db.db, { kind: 'note', key: 'once', dueAt: realNow(), now: realNow() })
      await new Promise((r) => setTimeout(r, 200))
      const afterFirst = notified
      await ensureJob(t.db.db, { kind: 'note', key: 'once', dueAt: realNow(), now: realNow() })
      await new Promise((r) => setTimeout(r, 200))
      // PostgreSQL's own listener also hears once on connecting; PGlite's does not
      expect(afterFirst).toBeGreaterThanOrEqual(1)
      expect(notified).toBe(afterFirst)
    } finally {
      await stop()
    }
  })
})

describe('the sleep between runs (JOB_RULES.minSleepMs … the interval)', () => {
  it('sleeps until the next job is due, within the bounds', () => {
    expect(nextSleepMs(5_000, MINUTE)).toBe(5_000)
    expect(nextSleepMs(MINUTE, MINUTE)).toBe(MINUTE)
    expect(nextSleepMs(MINUTE + 1, MINUTE)).toBe(MINUTE)
    expect(nextSleepMs(JOB_RULES.minSleepMs, MINUTE)).toBe(JOB_RULES.minSleepMs)
    expect(nextSleepMs(JOB_RULES.minSleepMs - 1, MINUTE)).toBe(JOB_RULES.minSleepMs)
    expect(nextSleepMs(0, MINUTE)).toBe(JOB_RULES.minSleepMs)
    expect(nextSleepMs(-HOUR_MS, MINUTE)).toBe(JOB_RULES.minSleepMs)
  })
})
