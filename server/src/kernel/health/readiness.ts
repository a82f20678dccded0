/**
 * Whether this instance should be sent traffic (/readyz), as opposed to whether it is alive
 * (/healthz). A load balancer or orchestrator stops routing to an instance that is not ready but
 * leaves it running; it restarts one that is not alive. So readiness checks what traffic needs —
 * the database answers, its schema is the one this code expects, the instance is not shutting
 * down — and liveness checks nothing but the event loop answering.
 *
 * One Readiness per app (built in app.ts): server.ts calls startDraining() on SIGTERM so the
 * balancer takes the instance out before it stops listening.
 */
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { AppDb } from '../db/client'

/** one check's outcome: ok, or why not (a sentence for the operator) */
export interface CheckResult {
  ok: boolean
  detail?: string
}

export interface ReadinessReport {
  ready: boolean
  /** the name of each check that failed, in the order checked */
  failed: string[]
  checks: { database: CheckResult; migrations: CheckResult; draining: CheckResult }
  /** providers that are sandboxes (fake tickets, fake payments): what an operator must know */
  sandboxes: string[]
}

/** a readiness probe must answer before the balancer gives up on it: a hung database is "not ready", not a hang */
export const DATABASE_CHECK_TIMEOUT_MS = 2_000

/** the migrations this code ships (drizzle's journal): each entry's `when` is what the database records */
export function shippedMigrations(migrationsDir: string): Array<{ tag: string; when: number }> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> }
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }))
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer))
}

export class Readiness {
  private drainingSince: Date | null = null

  constructor(
    private readonly db: AppDb,
    private readonly migrations: ReadonlyArray<{ tag: string; when: number }>,
    private readonly sandboxes: readonly string[],
    private readonly now: () => Date,
  ) {}

  /** from now on /readyz answers 503 and every answer asks its client to close the connection */
  startDraining(): void {
    this.drainingSince ??= this.now()
  }

  get draining(): boolean {
    return this.drainingSince !== null
  }

  async report(): Promise<ReadinessReport> {
    let database: CheckResult
    let migrations: CheckResult
    try {
      // drizzle's migrator applies the journal's entries newer than the newest it recorded: the same test here
      const applied = await withTimeout(
        this.db.execute(sql`SELECT coalesce(max(created_at), 0)::bigint AS newest FROM drizzle.__drizzle_migrations`),
        DATABASE_CHECK_TIMEOUT_MS,
      )
      database = { ok: true }
      const newest = Number(rowsOf<{ newest: string | number }>(applied)[0]?.newest ?? 0)
      const pending = this.migrations.filter((m) => m.when > newest).map((m) => m.tag)
      migrations = pending.length ? { ok: false, detail: `not applied: ${pending.join(', ')}` } : { ok: true }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      // no record table at all: the database answers but was never migrated
      if (/__drizzle_migrations|drizzle/.test(message) && /does not exist/.test(message)) {
        database = { ok: true }
        migrations = { ok: false, detail: 'the database has never been migrated' }
      } else {
        database = { ok: false, detail: message.slice(0, 200) }
        migrations = { ok: false, detail: 'unknown: the database does not answer' }
      }
    }
    const draining: CheckResult = this.drainingSince ? { ok: false, detail: `shutting down since ${this.drainingSince.toISOString()}` } : { ok: true }
    const checks = { database, migrations, draining }
    const failed = Object.entries(checks)
      .filter(([, c]) => !c.ok)
      .map(([name]) => name)
    return { ready: failed.length === 0, failed, checks, sandboxes: [...this.sandboxes] }
  }
}
