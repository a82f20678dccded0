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

const hashOf = (v: unknown): string => crypto.createHash('sha256').update(JSON.stringify(v ?? null)).digest('hex')

/**
 * The key `once` claimed, handed to `run`: a `run` whose last step is one statement may store its
 * answer in that same statement (issue 15: one round trip less per booking) with
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

/** the cleanup job's part: answers older than IDEMPOTENCY_RULES.keepMs */
export async function deleteOldIdempotencyKeys(q: Queryable, now: Date): Promise<number> {
  const gone = await q
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RULES.keepMs)))
    .returning({ key: idempotencyKeys.key })
  return gone.length
}
