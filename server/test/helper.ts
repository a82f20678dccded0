/**
 * Test helper (fastify/demo test/helper.ts style): one database and one app per test file.
 *
 * - Without DATABASE_URL: an in-memory PGlite started from the migrated template.
 * - With DATABASE_URL (scripts/pg-test.sh): a fresh PostgreSQL database per test file, created
 *   from that URL and dropped at the end, so files can run in parallel.
 *
 * The clock is fixed (Shanghai noon of the real today) and only moves when a test says so.
 */
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { eq, sql } from 'drizzle-orm'
import type { Envelope } from '@contracts/envelope'
import { build, type BuildOptions } from '../src/app'
import { openPglite, openPostgres, type DbHandle } from '../src/kernel/db/client'
import { seed } from '../src/seed'
import { wechatpaySandboxRecords } from '../src/kernel/db/schema'
import { SANDBOX_PLATFORM_KEY } from '../src/payments/wechatpay/sandbox-store'
import { RailwaySandbox } from '../src/train/railway'
import { ensureRecurringJobs } from '../src/jobs'
import { startOfShanghaiDay } from '../src/kernel/time/time'
import { loadTemplate } from './pglite-template'
import { SeedCopy } from './seed-copy'
import { giveSandboxIdentity } from './sandbox-identity'

export class TestClock {
  t: number
  constructor(start = startOfShanghaiDay(new Date()).getTime() + 12 * 3600_000) {
    this.t = start
  }
  now = (): Date => new Date(this.t)
  advance(ms: number): void {
    this.t += ms
  }
  set(d: Date): void {
    this.t = d.getTime()
  }
}

export interface PostOptions {
  token?: string
  lang?: string
  headers?: Record<string, string>
  /** the client's address (req.ip); default 127.0.0.1 */
  ip?: string
}

export interface TestContext {
  app: FastifyInstance
  db: DbHandle
  clock: TestClock
  /** POST JSON to the app and parse the envelope */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loosely typed data
  post<T = any>(path: string, body?: unknown, opts?: PostOptions): Promise<{ statusCode: number; body: Envelope<T> }>
  /** empty every table (rate limits too), seed again, clear the outbox, reset the clock */
  reset(): Promise<void>
  /** another app on the same database (other options: production mode, a static folder …) */
  buildApp(opts?: BuildOptions): Promise<FastifyInstance>
  close(): Promise<void>
}

/**
 * Every table of the app's schema (public), emptied by reset(): a table a domain adds is emptied
 * without anyone having to list it here. drizzle's own migration record lives in its own schema.
 */
async function appTables(db: DbHandle['db']): Promise<string[]> {
  const res = await db.execute(sql.raw(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`))
  const rows = (res as unknown as { rows: Array<{ tablename: string }> }).rows
  return rows.map((r) => `"${r.tablename}"`)
}

/**
 * A new, empty PostgreSQL database on the server of `serverUrl` (each test file gets its own, so
 * files run in parallel): its URL, and a `drop` that removes it.
 */
export async function scratchPostgresDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { Client } = await import('pg')
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  const asAdmin = async (statement: string) => {
    const c = new Client({ connectionString: serverUrl })
    await c.connect()
    try {
      await c.query(statement)
    } finally {
      await c.end()
    }
  }
  await asAdmin(`CREATE DATABASE "${name}"`)
  const u = new URL(serverUrl)
  u.pathname = `/${name}`
  return { url: u.toString(), drop: () => asAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) }
}

async function openTestDb(): Promise<{ db: DbHandle; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const db = await openPglite({ loadDataDir: await loadTemplate() })
    return { db, drop: async () => {} }
  }
  const scratch = await scratchPostgresDatabase(url, 't')
  const db = await openPostgres(scratch.url, 20)
  await db.migrate()
  return { db, drop: scratch.drop }
}

/** generous limits: the tests of limits build their own app with small ones */
export const TEST_RATE_LIMITS = { pageViewPerMinute: 10_000, sendCodePerMinute: 10_000, loginPerMinute: 10_000 }

export async function setup(opts: BuildOptions = {}): Promise<TestContext> {
  const { db, drop } = await openTestDb()
  await giveSandboxIdentity(db.db)
  const clock = new TestClock()
  const startTime = clock.t
  const apps: FastifyInstance[] = []
  const buildApp = async (o: BuildOptions = {}) => {
    const a = await build({
      db,
      now: clock.now,
      staticDir: null,
      consoleDir: null,
      rateLimits: TEST_RATE_LIMITS,
      // no timer: tests run due jobs with app.jobs.runOnce(clock.now())
      jobIntervalMs: 0,
      ...opts,
      ...o,
      config: { ...opts.config, ...o.config },
    })
    apps.push(a)
    return a
  }
  const app = await buildApp()
  let seeded: SeedCopy | null = null

  return {
    app,
    db,
    clock,
    async post(path, body, o = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...o.headers }
      if (o.token) headers.authorization = o.token
      if (o.lang) headers.lang = o.lang
      const res = await app.inject({
        method: 'POST',
        url: path,
        headers,
        payload: body === undefined ? undefined : JSON.stringify(body),
        ...(o.ip ? { remoteAddress: o.ip } : {}),
      })
      return { statusCode: res.statusCode, body: res.json() }
    },
    async reset() {
      clock.t = startTime
      // the WeChat Pay sandbox's keys outlive a reset, as WeChat's do: every app built holds them
      const platform = await db.db.select().from(wechatpaySandboxRecords).where(eq(wechatpaySandboxRecords.key, SANDBOX_PLATFORM_KEY))
      const tables = await appTables(db.db)
      await db.db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`))
      if (platform.length) await db.db.insert(wechatpaySandboxRecords).values(platform)
      // the seed is the same on every reset (same clock, same data): written once, then copied back
      if (seeded) await seeded.restore(db.db)
      else {
        await seed(db.db, clock.now())
        seeded = await SeedCopy.take(
          db.db,
          tables.filter((t) => t !== '"wechatpay_sandbox_records"'),
        )
      }
      await ensureRecurringJobs(db.db, clock.now(), app.deps.config)
      // (the rate limits live in rate_counters, emptied above)
      for (const a of apps) a.outbox?.clear()
      for (const a of apps) if (a.deps.railway instanceof RailwaySandbox) a.deps.railway.reset()
      for (const a of apps) a.devClock?.reset()
      for (const a of apps) a.deps.eventCache.clear()
      for (const a of apps) a.deps.searchCaches.clear()
      for (const a of apps) a.deps.wechatCredentials.clear()
      for (const a of apps) a.deps.wechatApiSandbox?.reset()
    },
    buildApp,
    async close() {
      for (const a of apps) await a.close()
      await db.close()
      await drop()
    },
  }
}

/** the last code the sandbox sent to `to` (as a person reads their phone) */
export function lastCode(app: FastifyInstance, to: string): string {
  const m = app.outbox?.list(to)[0]
  if (!m?.code) throw new Error(`no code was sent to ${to}`)
  return m.code
}
