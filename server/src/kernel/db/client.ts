/**
 * Database handles. PGlite (embedded, default) and PostgreSQL (DATABASE_URL) behind one drizzle
 * type, the same schema and the same migrations.
 *
 * Rule for all code: inside `db.transaction(async (tx) => …)` use `tx` only. On PGlite a query on
 * `db` while a transaction is open waits for that transaction forever (one connection).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import path from 'node:path'
import fs from 'node:fs'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import * as schema from './schema'

export type Schema = typeof schema
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** what repositories accept: the database or a transaction */
export type Queryable = AppDb | Tx

/**
 * `db` as handed to the app: inside one of its transactions, any use of `db` itself (instead of
 * the transaction's `tx`) throws at once. On PGlite such a query would wait for the transaction
 * forever; on PostgreSQL it would run outside it, on another connection, and could deadlock or
 * write half a change. Both are bugs, so both are refused the same way.
 */
/** the after-commit work of the transaction the code runs in (afterCommit) */
const commitWork = new AsyncLocalStorage<{ done: boolean; work: Array<() => void> }>()

/**
 * Runs `fn` once the transaction the caller is in has committed (at once outside a transaction,
 * or once that transaction is over; never after a rollback). For in-process caches: an
 * invalidation made only inside the transaction could be undone by a read that runs between it
 * and the commit and keeps the old rows (search-caches.ts).
 */
export function afterCommit(fn: () => void): void {
  const store = commitWork.getStore()
  if (store && !store.done) store.work.push(fn)
  else fn()
}

export function guardTransactions(db: AppDb): AppDb {
  const open = new AsyncLocalStorage<{ open: boolean }>()
  const QUERY_ENTRY_POINTS = new Set([
    'select',
    'selectDistinct',
    'selectDistinctOn',
    'insert',
    'update',
    'delete',
    'execute',
    'with',
    '$count',
    'query',
    'transaction',
  ])
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver)
      if (typeof prop !== 'string' || !QUERY_ENTRY_POINTS.has(prop)) return value
      if (open.getStore()?.open) throw new Error(`db.${prop} used inside a transaction: use its tx`)
      if (prop !== 'transaction') return typeof value === 'function' ? value.bind(target) : value
      return <T>(fn: (tx: Tx) => Promise<T>, config?: unknown) => {
        const state = { open: true }
        const commit = { done: false, work: [] as Array<() => void> }
        // the flag is cleared when the transaction ends: work started inside it that outlives it
        // (a send after commit) may use db again
        return (target.transaction as (f: (tx: Tx) => Promise<T>, c?: unknown) => Promise<T>)(
          (tx) => commitWork.run(commit, () => open.run(state, () => fn(tx))),
          config,
        )
          .then((result) => {
            commit.done = true
            for (const w of commit.work.splice(0)) w()
            return result
          })
          .finally(() => {
            state.open = false
            commit.done = true
          })
      }
    },
  })
}

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations')

export interface DbHandle {
  db: AppDb
  kind: 'pglite' | 'postgres'
  /** apply pending migrations (safe to call on every start) */
  migrate(): Promise<void>
  /** run `fn` while holding a database-wide lock (several instances starting at once) */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>
  /**
   * The database on connections of their own, never part of the app's transactions: for a sandbox
   * that plays another system (the WeChat Pay platform) and is called while a transaction is open,
   * as the real one would be. null on PGlite, whose one connection an open transaction holds (and
   * whose folder one process alone opens: there is nothing to share there).
   */
  separateConnections(): AppDb | null
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (from this instance or any other on the same
   * database) until the returned function is called. On PostgreSQL it holds a connection of its
   * own and connects again after losing it (a notification sent meanwhile is missed: listeners
   * must not depend on every one arriving).
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

export interface PgliteOptions {
  /** folder of the database; absent: in memory */
  dataDir?: string
  /** start an in-memory database from a dump made with `dumpDataDir` (fast test start) */
  loadDataDir?: Blob | File
}

/**
 * A PGlite folder is one process's: a second one (another server, or `npm run microsite:load`
 * while the server runs) would write the same files unseen and corrupt them. A `<folder>.lock`
 * beside it names the process using it; a lock whose process is gone is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir.replace(/[\\/]+$/, '')}.lock`
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0)
      return true
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EPERM'
    }
  }
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    const pid = Number(fs.readFileSync(file, 'utf8').trim())
    if (pid && pid !== process.pid && alive(pid)) {
      throw new Error(
        `the database folder ${dataDir} is in use by process ${pid}: PGlite allows one process at a time (stop it first, or use PostgreSQL with DATABASE_URL; if no such process uses it, delete ${file})`,
      )
    }
    fs.writeFileSync(file, String(process.pid))
  }
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file)
    } catch {
      // already gone
    }
  }
}

export async function openPglite(opts: PgliteOptions = {}): Promise<DbHandle> {
  // loaded here, not imported at the top: a PostgreSQL deployment never loads the wasm build
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true })
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => {}
  // one options object: PGlite reads a second argument only when the first is a folder's name, so
  // (undefined, { loadDataDir }) would start an empty database and drop the dump
  const client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir })
  await client.waitReady.catch((e: unknown) => {
    unlock()
    throw e
  })
  const db = drizzle({ client, schema })
  return {
    db: guardTransactions(db as unknown as AppDb),
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    // PGlite is one process, one connection: nothing else can start beside us
    withStartupLock: (fn) => fn(),
    separateConnections: () => null,
    listen: (channel, onNotify) => client.listen(channel, () => onNotify()),
    close: () => client.close().finally(unlock),
  }
}

/** arbitrary constant: the advisory lock that serialises migrations and seeding across instances */
const STARTUP_LOCK_KEY = 724_310_001

export async function openPostgres(connectionString: string, poolSize = 10): Promise<DbHandle> {
  const { Pool } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  const { preparingClientClass } = await import('./prepared-client')
  const pool = new Pool({ connectionString, max: poolSize, Client: preparingClientClass() })
  // an idle client losing its connection must not crash the process; the next query reconnects
  pool.on('error', () => {})
  const db = drizzle({ client: pool, schema })
  let separate: { pool: InstanceType<typeof Pool>; db: AppDb } | null = null
  return {
    db: guardTransactions(db as unknown as AppDb),
    kind: 'postgres',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    async withStartupLock(fn) {
      // a session-level advisory lock lives on one connection: hold a dedicated client for it
      const client = await pool.connect()
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY])
        return await fn()
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {})
        client.release()
      }
    },
    separateConnections() {
      // a small pool of its own: a sandbox call made while every connection of the app's pool is
      // in a transaction waiting for that call would otherwise wait forever
      if (!separate) {
        const own = new Pool({ connectionString, max: 2, Client: preparingClientClass() })
        own.on('error', () => {})
        separate = { pool: own, db: guardTransactions(drizzle({ client: own, schema }) as unknown as AppDb) }
      }
      return separate.db
    },
    listen: (channel, onNotify) => listenOnOwnConnection(connectionString, channel, onNotify),
    close: async () => {
      await separate?.pool.end()
      await pool.end()
    },
  }
}

/** LISTEN on a connection of its own, connected again a second after it drops, until stopped */
async function listenOnOwnConnection(connectionString: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  const { Client } = await import('pg')
  let stopped = false
  let client: InstanceType<typeof Client> | null = null
  let retry: NodeJS.Timeout | null = null
  const connect = async (): Promise<void> => {
    const c = new Client({ connectionString })
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify()
    })
    const again = () => {
      if (stopped || client !== c) return
      client = null
      c.end().catch(() => {})
      retry = setTimeout(() => void connect().catch(again), 1_000)
      retry.unref()
    }
    c.on('error', again)
    c.on('end', again)
    client = c
    await c.connect()
    await c.query(`LISTEN ${channel}`)
    // what was added while the connection was down is found by the runner's next run
    onNotify()
  }
  await connect()
  return async () => {
    stopped = true
    if (retry) clearTimeout(retry)
    await client?.end().catch(() => {})
  }
}
