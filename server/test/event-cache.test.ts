/**
 * The event cache (events/event-cache.ts) behind getEventByHash and addPageView: a change made through
 * the server is seen by the next request; a change made elsewhere (another process, psql) within the
 * cache's lifetime; a cold burst makes one query; an unknown hash is never kept.
 */
import { sql } from 'drizzle-orm'
import { getEventByHash } from '@contracts/calls/event'
import { DEMO_EVENT, DEMO_MICROSITE } from '../src/seed'
import { EVENT_CACHE_TTL_MS, EventCache } from '../src/events/event-cache'
import { loadMicrosite } from '../src/microsite/load'
import { setup, type TestContext } from './helper'

describe('EventCache', () => {
  const fake = () => {
    const clock = { ms: 0 }
    return { clock, cache: new EventCache<string>({ ttlMs: 1000, monotonicMs: () => clock.ms }) }
  }

  it('answers from memory within its lifetime and loads again after it', async () => {
    const { clock, cache } = fake()
    const load = jest.fn(async () => 'v1')
    expect(await cache.get('a', load)).toBe('v1')
    clock.ms = 999
    expect(await cache.get('a', load)).toBe('v1')
    expect(load).toHaveBeenCalledTimes(1)
    clock.ms = 1000
    load.mockResolvedValue('v2')
    expect(await cache.get('a', load)).toBe('v2')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('clear() forgets at once, and a row read before a clear is not kept', async () => {
    const { cache } = fake()
    await cache.get('a', async () => 'old')
    cache.clear()
    expect(await cache.get('a', async () => 'new')).toBe('new')
    // a load that started before the clear answers its caller but is not kept
    let finish: (v: string) => void = () => undefined
    const slow = cache.get('b', () => new Promise<string>((r) => (finish = r)))
    cache.clear()
    finish('read before the change')
    expect(await slow).toBe('read before the change')
    expect(await cache.get('b', async () => 'after')).toBe('after')
  })

  it('a cold burst makes one load; a missing row or a failed load is not kept', async () => {
    const { cache } = fake()
    const load = jest.fn(async () => 'v')
    expect(await Promise.all(Array.from({ length: 50 }, () => cache.get('a', load)))).toEqual(Array(50).fill('v'))
    expect(load).toHaveBeenCalledTimes(1)
    const missing = jest.fn(async () => undefined)
    await cache.get('nope', missing)
    await cache.get('nope', missing)
    expect(missing).toHaveBeenCalledTimes(2)
    await expect(cache.get('x', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect(await cache.get('x', async () => 'back')).toBe('back')
  })

  it('keeps at most maxEntries rows', async () => {
    const cache = new EventCache<number>({ maxEntries: 2 })
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => 1)
    const load = jest.fn(async () => 2)
    expect(await cache.get('a', load)).toBe(2)
    expect(await cache.get('c', load)).toBe(1)
  })
})

describe('getEventByHash through the cache', () => {
  let t: TestContext
  const clock = { ms: 0 }
  beforeAll(async () => {
    t = await setup()
  })
  afterAll(async () => t?.close())
  beforeEach(async () => {
    await t.reset()
    clock.ms = 0
    t.app.deps.eventCache = new EventCache({ monotonicMs: () => clock.ms })
  })
  const title = async () => (await t.post(getEventByHash.path, { eventHashCode: DEMO_EVENT.eventHashCode })).body.data.titleZh as string
  const permission = async () => (await t.post(getEventByHash.path, { eventHashCode: DEMO_EVENT.eventHashCode })).body.data.permissionType as number

  it('a change made elsewhere (psql, another process) shows once the entry is older than its lifetime', async () => {
    expect(await title()).toBe(DEMO_EVENT.titleZh)
    await t.db.db.execute(sql`UPDATE events SET title_zh = '改过的标题' WHERE event_hash_code = ${DEMO_EVENT.eventHashCode}`)
    // still the cached row: the cache is what answers
    expect(await title()).toBe(DEMO_EVENT.titleZh)
    clock.ms = EVENT_CACHE_TTL_MS
    expect(await title()).toBe('改过的标题')
  })

  it('a change made through the server (the microsite loader) shows on the next request', async () => {
    const before = await permission()
    const other = before === 2 ? 1 : 2
    await loadMicrosite(t.app.deps, DEMO_EVENT.eventCode, { ...DEMO_MICROSITE, permissionType: other, someUserTypes: [] })
    expect(await permission()).toBe(other)
  })

  it('the test reset (a reseed) empties it', async () => {
    await title()
    await t.db.db.execute(sql`UPDATE events SET title_zh = '改过的标题' WHERE event_hash_code = ${DEMO_EVENT.eventHashCode}`)
    await t.reset()
    expect(await title()).toBe(DEMO_EVENT.titleZh)
  })

  it('an unknown hash is still EEVT1001, every time', async () => {
    for (let i = 0; i < 2; i++) expect((await t.post(getEventByHash.path, { eventHashCode: 'nope' })).body.msgId).toBe('EEVT1001')
  })
})
