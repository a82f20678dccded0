/**
 * kernel/http/idempotency.ts: a key does the work once and answers retries with the first answer; a
 * failed attempt leaves no key; another body with the same key is refused; on PostgreSQL
 * (scripts/pg-test.sh) 20 requests with one key at the same moment do the work once.
 */
import { sql } from 'drizzle-orm'
import type { Tx } from '../src/kernel/db/client'
import { idempotencyKeys } from '../src/kernel/db/schema'
import { AppError } from '../src/kernel/errors'
import { deleteOldIdempotencyKeys, IDEMPOTENCY_RULES, once, type ClaimedKey } from '../src/kernel/http/idempotency'
import { setup, type TestContext } from './helper'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const db = () => t.db.db
const key = (request: unknown, k = 'key-0000001') => ({ scope: '/api/test', userId: 1, key: k, request })
const keysKept = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(idempotencyKeys)
  )[0].n

it('does the work once and answers a retry with the first answer', async () => {
  let runs = 0
  const work = async () => ({ orderNo: `N${++runs}` })
  const first = await db().transaction((tx) => once(tx, key({ a: 1 }), t.clock.now(), work))
  const retry = await db().transaction((tx) => once(tx, key({ a: 1 }), t.clock.now(), work))
  expect(first).toEqual({ orderNo: 'N1' })
  expect(retry).toEqual({ orderNo: 'N1' })
  expect(runs).toBe(1)
})

it('work whose last statement stores the answer itself (answerStatement) is answered the same on a retry', async () => {
  let runs = 0
  // the work's own last statement carries the answer (a booking's write does it as a CTE)
  const work = (tx: Tx) => async (claimed: ClaimedKey) => {
    const answer = { orderNo: `N${++runs}` }
    await tx.execute(sql`WITH a AS (${claimed.answerStatement(answer)}) SELECT 1`)
    return answer
  }
  const first = await db().transaction((tx) => once(tx, key({ a: 1 }), t.clock.now(), work(tx)))
  const retry = await db().transaction((tx) => once(tx, key({ a: 1 }), t.clock.now(), work(tx)))
  expect(first).toEqual({ orderNo: 'N1' })
  expect(retry).toEqual({ orderNo: 'N1' })
  expect(runs).toBe(1)
  expect((await db().select().from(idempotencyKeys))[0].response).toEqual({ orderNo: 'N1' })
})

it('keeps no key when the work fails, so the retry does it', async () => {
  await expect(
    db().transaction((tx) =>
      once(tx, key({ a: 1 }), t.clock.now(), async () => {
        throw new AppError('ESYS0001')
      }),
    ),
  ).rejects.toThrow('ESYS0001')
  expect(await keysKept()).toBe(0)
  expect(await db().transaction((tx) => once(tx, key({ a: 1 }), t.clock.now(), async () => 'done'))).toBe('done')
})

it('refuses the same key with another body, and keeps keys apart per user and scope', async () => {
  await db().transaction((tx) => once(tx, key({ a: 1 }), t.clock.now(), async () => 'first'))
  await expect(db().transaction((tx) => once(tx, key({ a: 2 }), t.clock.now(), async () => 'other'))).rejects.toThrow('EVAL0009')
  expect(await db().transaction((tx) => once(tx, { ...key({ a: 1 }), userId: 2 }, t.clock.now(), async () => 'user 2'))).toBe('user 2')
  expect(await db().transaction((tx) => once(tx, { ...key({ a: 1 }), scope: '/api/other' }, t.clock.now(), async () => 'scope 2'))).toBe('scope 2')
})

it('cleanup removes answers past the retry window only', async () => {
  await db().transaction((tx) => once(tx, key({ a: 1 }, 'old-key-001'), t.clock.now(), async () => 1))
  t.clock.t += IDEMPOTENCY_RULES.keepMs - 1000
  await db().transaction((tx) => once(tx, key({ a: 1 }, 'new-key-001'), t.clock.now(), async () => 2))
  t.clock.t += 2000
  expect(await deleteOldIdempotencyKeys(db(), t.clock.now())).toBe(1)
  expect(await keysKept()).toBe(1)
})

it('20 requests with one key at the same moment do the work once and all get its answer', async () => {
  let runs = 0
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      db().transaction((tx) =>
        once(tx, key({ a: 1 }), t.clock.now(), async () => {
          runs++
          // the work takes a while, so the others arrive while it is uncommitted
          await tx.execute(sql`SELECT pg_sleep(0.05)`)
          return { orderNo: `N${runs}` }
        }),
      ),
    ),
  )
  expect(runs).toBe(1)
  expect(new Set(answers.map((a) => a.orderNo))).toEqual(new Set(['N1']))
})
