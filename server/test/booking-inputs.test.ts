/**
 * What a request reads before its work (saving train orders at ≥ 700/s): the sessions of
 * the requests of one turn of the event loop are resolved in ONE query (kernel/cache/tick-loader.ts,
 * auth/sessions.ts resolveSession), with nothing kept afterwards, so a revoked or expired
 * session is refused exactly as by a query of its own; a booking's travel policy comes through the
 * policy cache, so a policy saved through this process is seen by the next booking and one changed
 * elsewhere within POLICY_CACHE_TTL_MS. Runs on PGlite (jest) and PostgreSQL (scripts/pg-test.sh).
 */
import { eq, sql } from 'drizzle-orm'
import { getUser, logout } from '@contracts/calls/auth'
import { saveTrainOrder } from '@contracts/calls/train'
import { DEMO_USER } from '../src/seed'
import { DEMO_TRAVEL_POLICY } from '../src/train/seed'
import { sessions, trainTravellers, users } from '../src/kernel/db/schema'
import { POLICY_CACHE_TTL_MS } from '../src/search-caches'
import { TickLoader } from '../src/kernel/cache/tick-loader'
import { saveEventTravelPolicy } from '../src/travel/travel'
import { resolveSession } from '../src/auth/sessions'
import { setup, type TestContext } from './helper'
import { addTraveller, cachesOnFakeClock, bookableG, idCard, loginAs, orderBody, railwayLogin, searchShanghaiBeijing } from './train-support'

describe('TickLoader', () => {
  const loader = () => {
    const asked: string[][] = []
    const l = new TickLoader<string, string>(async (keys) => {
      asked.push(keys)
      return new Map(keys.filter((k) => k !== 'none').map((k) => [k, `row ${k}`]))
    }, 3)
    return { l, asked }
  }

  it('the keys of one turn go to one load (the same key once); a later turn loads again', async () => {
    const { l, asked } = loader()
    expect(await Promise.all([l.load('a'), l.load('b'), l.load('a'), l.load('none')])).toEqual(['row a', 'row b', 'row a', undefined])
    expect(asked).toEqual([['a', 'b', 'none']])
    expect(await l.load('a')).toBe('row a')
    expect(asked).toEqual([['a', 'b', 'none'], ['a']])
    expect(l.stats).toEqual({ loads: 2, keys: 4 })
  })

  it('more keys than maxKeys in one turn make several loads', async () => {
    const { l, asked } = loader()
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((k) => l.load(k)))
    expect(asked).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ])
  })

  it('a failed load fails every request of its batch, and only those', async () => {
    let fail = true
    const l = new TickLoader<string, string>(async (keys) => {
      if (fail) throw new Error('connection lost')
      return new Map(keys.map((k) => [k, k]))
    })
    const results = await Promise.allSettled([l.load('a'), l.load('b')])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    fail = false
    expect(await l.load('a')).toBe('a')
  })
})

describe('sessions resolved together', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await setup()
  })
  afterAll(async () => t?.close())
  beforeEach(async () => t.reset())

  const latestSessionId = async (): Promise<number> =>
    (
      await t.db.db
        .select({ id: sessions.id })
        .from(sessions)
        .orderBy(sql`${sessions.id} desc`)
        .limit(1)
    )[0].id

  it('a revoked and an expired session in the same turn as valid ones are refused, in one query', async () => {
    const valid = [await loginAs(t, 'demo'), await loginAs(t, 'lilei')]
    const revoked = await loginAs(t, 'demo')
    expect((await t.post(logout.path, {}, { token: revoked })).body.status).toBe(200)
    const expired = await loginAs(t, 'lilei')
    await t.db.db
      .update(sessions)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(sessions.id, await latestSessionId()))
    const unknown = 'ab'.repeat(32)

    const lookups = t.app.deps.sessionLookups
    const before = { ...lookups.stats }
    const now = t.clock.now()
    const answers = await Promise.all(
      [valid[0], revoked, valid[1], expired, unknown, valid[0], 'not a token'].map((token) => resolveSession(t.app.deps, token, now)),
    )
    const after = lookups.stats
    expect(after.loads - before.loads).toBe(1)
    // the same token twice is asked for once; a token of the wrong shape never reaches the database
    expect(after.keys - before.keys).toBe(5)
    expect(answers.map((a) => ('session' in a ? a.session.user.userCode : a.msgId))).toEqual([
      DEMO_USER.userCode,
      'EAUT0005',
      expect.any(String),
      'EAUT0004',
      'EAUT0005',
      DEMO_USER.userCode,
      'EAUT0005',
    ])
    expect('session' in answers[2] && answers[2].session.user.userCode).not.toBe(DEMO_USER.userCode)
  })

  it('over HTTP, concurrent calls each get their own session; a logout is refused at once', async () => {
    const tokens = [await loginAs(t, 'demo'), await loginAs(t, 'lilei'), await loginAs(t, 'demo')]
    const names = async () => (await Promise.all(tokens.map((token) => t.post(getUser.path, {}, { token })))).map((r) => r.body.data?.userName ?? r.body.msgId)
    expect(await names()).toEqual(['demo', 'lilei', 'demo'])
    expect((await t.post(logout.path, {}, { token: tokens[2] })).body.status).toBe(200)
    expect(await names()).toEqual(['demo', 'lilei', 'EAUT0005'])
  })
})

describe('the travel policy of a booking', () => {
  let t: TestContext
  const mono = { ms: 0 }
  beforeAll(async () => {
    t = await setup()
  })
  afterAll(async () => t?.close())
  beforeEach(async () => {
    await t.reset()
    cachesOnFakeClock(t, mono)
  })

  async function ready() {
    const token = await loginAs(t, 'demo')
    await railwayLogin(t, token)
    const [u] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.userCode, DEMO_USER.userCode))
    const [mine] = await t.db.db.select({ eventId: trainTravellers.eventId }).from(trainTravellers).where(eq(trainTravellers.userId, u.id))
    const train = bookableG(await searchShanghaiBeijing(t, token))
    let n = 0
    const book = async () => {
      const id = await addTraveller(t, token, `乘客${String.fromCharCode(0x4e00 + ++n)}`, idCard('19900101', 100 + n))
      return (await t.post(saveTrainOrder.path, orderBody(train, [{ travellerId: id, passengerType: 'adult' }]), { token })).body
    }
    return { book, eventId: mine.eventId }
  }

  it('a policy saved through this process applies to the next booking, in or out of a transaction', async () => {
    const { book, eventId } = await ready()
    expect((await book()).status).toBe(200)
    await saveEventTravelPolicy(t.app.deps.db, t.app.deps, eventId, { ...DEMO_TRAVEL_POLICY, visibleProducts: ['flight'] }, t.clock.now())
    expect((await book()).msgId).toBe('ETRAVEL1001')
    await t.app.deps.db.transaction((tx) => saveEventTravelPolicy(tx, t.app.deps, eventId, DEMO_TRAVEL_POLICY, t.clock.now()))
    expect((await book()).status).toBe(200)
    // over policy with no reason allowed: the next booking of a second-class seat outside the policy is refused
    await saveEventTravelPolicy(
      t.app.deps.db,
      t.app.deps,
      eventId,
      { ...DEMO_TRAVEL_POLICY, trainSeats: { ...DEMO_TRAVEL_POLICY.trainSeats, G: ['first'] }, overPolicy: 'block' },
      t.clock.now(),
    )
    expect((await book()).msgId).toBe('ETRAIN1030')
  })

  it('a policy changed elsewhere applies once the cached one is older than its lifetime (1 s)', async () => {
    const { book } = await ready()
    expect((await book()).status).toBe(200)
    await t.db.db.execute(sql`UPDATE travel_policies SET visible_products = '["flight"]'::jsonb`)
    expect((await book()).status).toBe(200)
    mono.ms = POLICY_CACHE_TTL_MS
    expect((await book()).msgId).toBe('ETRAVEL1001')
  })
})
