/**
 * Exactly once: `once(tx, {scope, userId, key, request}, now, run)` runs `run` the first time a
 * key is seen and answers every later request with that key with the first answer.
 *
 * It must be called inside the transaction that does the work, so the key and the work commit
 * together or not at all: a request that failed (and rolled back) leaves no key, and its retry
 * does the work. Two requests with the same key at the same moment: PostgreSQL makes the second
 * INSERT wait until the first transaction ends, then it sees the key and returns the stored
 * answer (or, if the first rolled back, does the work itself). On PGlite, transactions are
 * already one at a time.
 *
 * The same key with a different body is a client bug or a forged retry: refused (EVAL0009), never
 * answered with someone else's result. Keys belong to a user, so one attendee's key can never
 * reach another's answer.
 */
import crypto from 'node:crypto'
import { and, eq, lt, sql, type SQL } from 'drizzle-orm'
import type { Queryable, Tx } from '../db/client'
import { rowsOf } from '../db/json-rows'
import { idempotencyKeys } from '../db/schema'
import { AppError } from '../errors'

export const IDEMPOTENCY_RULES = {
  /** how long an answer is kept for retries: far longer than any client retries */
  keepMs: 24 * 3600_000,
}

/** what a client may send as a key: a UUID or similar, 8-64 characters of [A-Za-z0-9_-] */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/

export interface OnceKey {
  /** the call's path (or another name of the intent) */
  scope: string
  userId: number
  key: string
  /** the request as received: its hash guards the key against reuse for another body */
  request: unknown
}

const hashOf = (v: unknown): string =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify(v ?? null))
    .digest('hex')

/**
 * The key `once` claimed, handed to `run`: a `run` whose last step is one statement may store its
 * answer in that same statement (one round trip less per booking) with
 * `answerStatement(answer)`, e.g. as a CTE of its write, and must then return that same answer;
 * `once` then writes nothing after `run`. A `run` that does not use it is answered as before.
 */
export interface ClaimedKey {
  answerStatement(answer: unknown): SQL
}

const keyWhere = (k: OnceKey) => and(eq(idempotencyKeys.scope, k.scope), eq(idempotencyKeys.userId, k.userId), eq(idempotencyKeys.key, k.key))

export async function once<T>(tx: Tx, k: OnceKey, now: Date, run: (claimed: ClaimedKey) => Promise<T>): Promise<T> {
  const requestHash = hashOf(k.request)
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ scope: k.scope, userId: k.userId, key: k.key, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (inserted.length === 0) {
    const [row] = await tx.select().from(idempotencyKeys).where(keyWhere(k))
    if (!row || row.requestHash !== requestHash) throw new AppError('EVAL0009')
    return row.response as T
  }
  let answeredByRun = false
  const result = await run({
    answerStatement: (answer) => {
      answeredByRun = true
      return sql`UPDATE ${idempotencyKeys} SET response = ${JSON.stringify(answer ?? null)}::jsonb WHERE ${keyWhere(k)}`
    },
  })
  if (!answeredByRun) {
    await tx
      .update(idempotencyKeys)
      .set({ response: (result ?? null) as unknown })
      .where(keyWhere(k))
  }
  return result
}

/** what claimKeys found for one key */
export type KeyClaim =
  /** new: the work is the caller's; its answer goes into answersStatement, or its key into releaseStatement if it is refused */
  | { claimed: true }
  /** seen before with this body: the first answer */
  | { claimed: false; answer: unknown }
  /** seen before with another body (EVAL0009) */
  | { claimed: false; error: AppError }

const keyRows = (keys: readonly OnceKey[]) => JSON.stringify(keys.map((k) => ({ scope: k.scope, user_id: k.userId, key: k.key })))
const KEY_COLUMNS = sql.raw('x(scope varchar, user_id int, key varchar)')
const sameKey = sql.raw('k.scope = x.scope AND k.user_id = x.user_id AND k.key = x.key')

/**
 * `once` for many requests in one transaction (a booking batch, train/orders/booking-batch.ts),
 * with the same meaning: ONE statement claims every key (in a fixed order, so two
 * batches never wait on each other's keys in a circle), a second reads the keys seen before (only
 * when there are some). The keys must be distinct (the caller runs a second request with a key
 * already in its batch after the batch, as `once` would make it wait). A claimed key's work is then
 * answered through answersStatement, or, when it is refused, its key is given up through
 * releaseStatement in the same transaction: as if that request had rolled back alone, its retry
 * does the work (a request waiting on the key goes on when the batch commits).
 */
export async function claimKeys(tx: Tx, keys: readonly OnceKey[], now: Date): Promise<KeyClaim[]> {
  if (!keys.length) return []
  const rows = JSON.stringify(keys.map((k, i) => ({ i, scope: k.scope, user_id: k.userId, key: k.key, request_hash: hashOf(k.request) })))
  const claimed = rowsOf<{ i: number }>(
    await tx.execute(sql`
      WITH x AS (SELECT * FROM json_to_recordset(${rows}::json) AS x(i int, scope varchar, user_id int, key varchar, request_hash varchar)),
      ins AS (
        INSERT INTO ${idempotencyKeys} (scope, user_id, key, request_hash, created_at)
        SELECT scope, user_id, key, request_hash, ${now.toISOString()}::timestamptz FROM x ORDER BY scope, user_id, key
        ON CONFLICT DO NOTHING
        RETURNING scope, user_id, key
      )
      SELECT x.i FROM x JOIN ins k ON ${sameKey}`),
  )
  const isNew = new Set(claimed.map((r) => r.i))
  const seen = keys.filter((_, i) => !isNew.has(i))
  const stored = new Map<string, { request_hash: string; response: unknown }>()
  if (seen.length) {
    const found = rowsOf<{ scope: string; user_id: number; key: string; request_hash: string; response: unknown }>(
      await tx.execute(
        sql`SELECT k.scope, k.user_id, k.key, k.request_hash, k.response FROM ${idempotencyKeys} k JOIN json_to_recordset(${keyRows(seen)}::json) AS ${KEY_COLUMNS} ON ${sameKey}`,
      ),
    )
    for (const r of found) stored.set(`${r.scope}|${r.user_id}|${r.key}`, r)
  }
  return keys.map((k, i): KeyClaim => {
    if (isNew.has(i)) return { claimed: true }
    const row = stored.get(`${k.scope}|${k.userId}|${k.key}`)
    if (!row || row.request_hash !== hashOf(k.request)) return { claimed: false, error: new AppError('EVAL0009') }
    return { claimed: false, answer: row.response }
  })
}

/** one statement storing the answers of claimed keys (a CTE of the batch's write) */
export function answersStatement(answers: ReadonlyArray<{ key: OnceKey; answer: unknown }>): SQL {
  const rows = JSON.stringify(answers.map(({ key: k, answer }) => ({ scope: k.scope, user_id: k.userId, key: k.key, response: answer ?? null })))
  return sql`UPDATE ${idempotencyKeys} k SET response = x.response FROM json_to_recordset(${rows}::json) AS x(scope varchar, user_id int, key varchar, response jsonb) WHERE ${sameKey}`
}

/** one statement giving up claimed keys whose requests were refused (as their rollback would) */
export function releaseStatement(keys: readonly OnceKey[]): SQL {
  return sql`DELETE FROM ${idempotencyKeys} k USING json_to_recordset(${keyRows(keys)}::json) AS ${KEY_COLUMNS} WHERE ${sameKey}`
}

/** the cleanup job's part: answers older than IDEMPOTENCY_RULES.keepMs */
export async function deleteOldIdempotencyKeys(q: Queryable, now: Date): Promise<number> {
  const gone = await q
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RULES.keepMs)))
    .returning({ key: idempotencyKeys.key })
  return gone.length
}
