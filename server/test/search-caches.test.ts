/**
 * The caches behind the searches (search-caches.ts, kernel/cache/read-cache.ts, the airline sandbox's
 * offers): what this process changes is seen by the next search at once; what another process (or
 * psql) changes is seen once the entry is older than its lifetime (a fake monotonic clock moves it
 * here); expiry follows the app's clock on every hit.
 */
import { sql, type SQL } from 'drizzle-orm'
import { logout } from '@contracts/calls/auth'
import { findFlightList, type FlightListView } from '@contracts/calls/flight'
import { queryTrainTicket, saveTrainOrder, trainCancelOrder, type TrainOffer } from '@contracts/calls/train'
import { expandTrainList } from '@contracts/train-list'
import { afterCommit } from '../src/kernel/db/client'
import { AUTH_RULES } from '../src/auth/rules/auth-rules'
import { DEMO_TRAVEL_POLICY } from '../src/train/seed'
import { trainRules } from '../src/train/rules/train-rules'
import { ReadCache } from '../src/kernel/cache/read-cache'
import { POLICY_CACHE_TTL_MS, RAILWAY_SESSION_CACHE_TTL_MS, SEATS_CACHE_TTL_MS, SESSION_CACHE_TTL_MS } from '../src/search-caches'
import { AIR_SEATS_CACHE_TTL_MS, type AirlineSandbox } from '../src/air/airline/sandbox'
import { railwayTouchSlackMs } from '../src/train/railway-login'
import { releasePublicSeats, sellOutToPublic } from '../src/train/grabs'
import { findFlights } from '../src/air/search'
import { ownerOf } from '../src/kernel/http/owner'
import { resolveSession } from '../src/auth/sessions'
import { searchTrains } from '../src/train/search'
import { setup, type TestContext } from './helper'
import { addTraveller, cachesOnFakeClock, dateAfter, idCard, loginAs, orderBody, railwayLogin } from './train-support'

describe('ReadCache', () => {
  const fake = () => {
    const clock = { ms: 0 }
    return { clock, cache: new ReadCache<string>({ ttlMs: 1000, monotonicMs: () => clock.ms }) }
  }

  it('delete() and deleteWhere() forget at once; a load in flight then is used but not kept', async () => {
    const { cache } = fake()
    await cache.get('a', async () => 'a1')
    await cache.get('b', async () => 'b1')
    cache.delete('a')
    expect(cache.peek('a')).toBeUndefined()
    expect(cache.peek('b')).toBe('b1')
    cache.deleteWhere((v) => v === 'b1')
    expect(cache.peek('b')).toBeUndefined()
    let finish: (v: string) => void = () => undefined
    const slow = cache.get('c', () => new Promise<string>((r) => (finish = r)))
    cache.deleteWhere(() => false)
    finish('read before the change')
    expect(await slow).toBe('read before the change')
    expect(cache.peek('c')).toBeUndefined()
  })

  it('from refreshAfterMs on, a used entry is read again in the background while it keeps answering', async () => {
    const clock = { ms: 0 }
    const cache = new ReadCache<string>({ ttlMs: 1000, refreshAfterMs: 500, monotonicMs: () => clock.ms })
    let finish: (v: string | undefined) => void = () => undefined
    const load = jest.fn(async (): Promise<string | undefined> => 'v1')
    expect(await cache.get('a', load)).toBe('v1')
    load.mockImplementation(() => new Promise<string | undefined>((r) => (finish = r)))
    clock.ms = 499
    expect(cache.peek('a')).toBe('v1')
    expect(load).toHaveBeenCalledTimes(1)
    clock.ms = 500
    expect(await cache.get('a', load)).toBe('v1')
    expect(cache.peek('a')).toBe('v1')
    expect(load).toHaveBeenCalledTimes(2)
    finish('v2')
    await new Promise((r) => setImmediate(r))
    expect(cache.peek('a')).toBe('v2')
    // (v2 was read from 500 on: it answers until 1500) a reload that finds nothing forgets the entry
    clock.ms = 1000
    expect(cache.peek('a')).toBe('v2')
    expect(load).toHaveBeenCalledTimes(3)
    clock.ms = 1499
    expect(cache.peek('a')).toBe('v2')
    clock.ms = 1500
    expect(cache.peek('a')).toBeUndefined()
    clock.ms = 1000
    finish(undefined)
    await new Promise((r) => setImmediate(r))
    expect(cache.peek('a')).toBeUndefined()
  })

  it('beyond maxEntries, the entry loaded longest ago goes first', () => {
    const cache = new ReadCache<number>({ ttlMs: 1000, maxEntries: 2 })
    cache.put('a', 1)
    cache.put('b', 1)
    cache.put('a', 2)
    cache.put('c', 1)
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual([2, undefined, 1])
  })

  it('peek() answers fresh entries only; put() keeps a value', () => {
    const { clock, cache } = fake()
    cache.put('a', 'v')
    expect(cache.peek('a')).toBe('v')
    clock.ms = 1000
    expect(cache.peek('a')).toBeUndefined()
  })
})

describe('afterCommit', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await setup()
  })
  afterAll(async () => t?.close())

  it('runs after the commit, never after a rollback, at once outside a transaction', async () => {
    const seen: string[] = []
    await t.app.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`)
      afterCommit(() => seen.push('committed'))
      expect(seen).toEqual([])
    })
    expect(seen).toEqual(['committed'])
    await expect(
      t.app.deps.db.transaction(async () => {
        afterCommit(() => seen.push('rolled back'))
        throw new Error('no')
      }),
    ).rejects.toThrow('no')
    afterCommit(() => seen.push('outside'))
    expect(seen).toEqual(['committed', 'outside'])
  })
})

describe('searches through the caches', () => {
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

  const rowsOf = async <R>(q: SQL): Promise<R[]> => ((await t.db.db.execute(q)) as unknown as { rows: R[] }).rows
  const search = (token: string, days = 1) =>
    t.post(queryTrainTicket.path, { fromStationCode: 'AOH', toStationCode: 'BJP', date: dateAfter(t, days) }, { token })
  const ready = async (): Promise<string> => {
    const token = await loginAs(t, 'demo')
    await railwayLogin(t, token)
    return token
  }

  describe('sessions', () => {
    it('a logout is refused at once', async () => {
      const token = await ready()
      expect((await search(token)).body.status).toBe(200)
      expect((await t.post(logout.path, {}, { token })).body.status).toBe(200)
      expect((await search(token)).body.msgId).toBe('EAUT0005')
    })

    it('a session revoked by a newer login (beyond the live-session limit) is refused at once', async () => {
      const first = await ready()
      expect((await search(first)).body.status).toBe(200)
      for (let i = 0; i < AUTH_RULES.sessions.maxLivePerUserEvent; i++) await loginAs(t, 'demo')
      expect((await search(first)).body.msgId).toBe('EAUT0005')
    })

    it('a session revoked by another process is refused once the cached entry is older than its lifetime', async () => {
      const token = await ready()
      expect((await search(token)).body.status).toBe(200)
      await t.db.db.execute(sql`UPDATE sessions SET revoked_at = now()`)
      expect((await search(token)).body.status).toBe(200)
      mono.ms = SESSION_CACHE_TTL_MS
      expect((await search(token)).body.msgId).toBe('EAUT0005')
    })

    it('an expired session is refused at once, cached or not', async () => {
      const token = await ready()
      expect((await search(token)).body.status).toBe(200)
      const [row] = await rowsOf<{ expires_at: string | Date }>(sql`SELECT expires_at FROM sessions WHERE revoked_at IS NULL ORDER BY id DESC LIMIT 1`)
      t.clock.set(new Date(row.expires_at))
      expect((await search(token)).body.msgId).toBe('EAUT0004')
    })

    it('a token that is not a session is refused, and not remembered', async () => {
      const token = await ready()
      const other = token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))
      expect((await search(other)).body.msgId).toBe('EAUT0005')
      expect(t.app.deps.searchCaches.sessions.size).toBe(0)
    })
  })

  it('a travel policy changed elsewhere applies once the cached one is older than its lifetime', async () => {
    const token = await ready()
    expect((await search(token)).body.status).toBe(200)
    await t.db.db.execute(sql`UPDATE travel_policies SET visible_products = '["flight"]'::jsonb`)
    expect((await search(token)).body.status).toBe(200)
    mono.ms = POLICY_CACHE_TTL_MS
    expect((await search(token)).body.msgId).toBe('ETRAVEL1001')
  })

  describe('railway login', () => {
    const storedEnd = async () => new Date((await rowsOf<{ expires_at: string | Date }>(sql`SELECT expires_at FROM railway_sessions`))[0].expires_at).getTime()

    it('a search keeps it alive, writing its new end only when it moves by more than the slack', async () => {
      const token = await ready()
      const sessionMs = t.app.deps.railway.sessionMs()
      const end0 = await storedEnd()
      t.clock.advance(railwayTouchSlackMs(sessionMs) / 2)
      expect((await search(token)).body.status).toBe(200)
      expect(await storedEnd()).toBe(end0)
      t.clock.advance(railwayTouchSlackMs(sessionMs))
      expect((await search(token)).body.status).toBe(200)
      expect(await storedEnd()).toBe(t.clock.now().getTime() + sessionMs)
    })

    it('ends when it has timed out, even while cached; one extended elsewhere is read again', async () => {
      const token = await ready()
      const sessionMs = t.app.deps.railway.sessionMs()
      expect((await search(token)).body.status).toBe(200)
      // another process extends it: the cached end has passed, the stored one has not
      await t.db.db.execute(sql`UPDATE railway_sessions SET expires_at = expires_at + interval '1 hour'`)
      t.clock.advance(sessionMs + 1000)
      expect((await search(token)).body.status).toBe(200)
      t.clock.advance(2 * 3600_000)
      expect((await search(token)).body.msgId).toBe('ETRAIN1002')
      mono.ms = RAILWAY_SESSION_CACHE_TTL_MS
      expect((await search(token)).body.msgId).toBe('ETRAIN1002')
    })
  })

  describe('seats left of a train', () => {
    const leftOf = async (token: string, train: TrainOffer) => {
      const r = await search(token)
      return expandTrainList(r.body.data)
        .trains.find((x) => x.trainCode === train.trainCode)!
        .seats.find((s) => s.seatType === 'second')!.left
    }

    it('sales and releases of this process show at once, changes made elsewhere within SEATS_CACHE_TTL_MS', async () => {
      const token = await ready()
      const train = expandTrainList((await search(token)).body.data).trains.find(
        (x) => x.trainType === 'G' && x.bookable && x.fromIsOrigin && x.seats.some((s) => s.seatType === 'second' && s.withinPolicy),
      )!
      const run = { trainCode: train.trainCode, date: train.date, seatType: 'second' as const }
      // the public buys it out, then gives five seats back (the sandbox's switches, through this process)
      await sellOutToPublic(t.app.deps, run)
      expect(await leftOf(token, train)).toBe(0)
      await releasePublicSeats(t.app.deps, run, 5)
      expect(await leftOf(token, train)).toBe(5)
      // this process sells one and frees it
      const traveller = await addTraveller(t, token, '张三', idCard('19900101', 1))
      const saved = await t.post(saveTrainOrder.path, orderBody(train, [{ travellerId: traveller, passengerType: 'adult' }]), { token })
      expect(saved.body.status).toBe(200)
      expect(await leftOf(token, train)).toBe(4)
      expect((await t.post(trainCancelOrder.path, { orderId: saved.body.data.id }, { token })).body.status).toBe(200)
      expect(await leftOf(token, train)).toBe(5)
      // another process sells two: seen once the cached seats are older than their lifetime
      await t.db.db.execute(
        sql`UPDATE train_runs SET others_sold = others_sold + 2 WHERE train_code = ${run.trainCode} AND date = ${run.date} AND seat_type = 'second'`,
      )
      expect(await leftOf(token, train)).toBe(5)
      mono.ms = SEATS_CACHE_TTL_MS
      expect(await leftOf(token, train)).toBe(3)
    })

    it('answers the same bytes as a fresh search would', async () => {
      const token = await ready()
      const cached = [(await search(token)).body, (await search(token)).body]
      t.app.deps.searchCaches.clear()
      expect(cached[1]).toEqual(cached[0])
      expect((await search(token)).body).toEqual(cached[0])
    })

    it('a train stops being bookable when its sale stops, whatever the cache holds', async () => {
      const token = await ready()
      const stopMs = trainRules(DEMO_TRAVEL_POLICY.trainRulesProfile).saleStopsMinutesBeforeDeparture * 60_000
      const later = expandTrainList((await search(token, 0)).body.data).trains.find(
        (x) => x.bookable && new Date(x.departAt).getTime() - stopMs > t.clock.now().getTime() + 3600_000,
      )!
      t.clock.set(new Date(new Date(later.departAt).getTime() - stopMs - 60_000))
      await railwayLogin(t, token)
      const bookable = async () => expandTrainList((await search(token, 0)).body.data).trains.find((x) => x.trainCode === later.trainCode)!.bookable
      expect(await bookable()).toBe(true)
      t.clock.advance(60_000)
      expect(await bookable()).toBe(false)
    })
  })

  describe('a crowd when the seats are read again', () => {
    it('the searches in flight then share one new answer instead of each making its own', async () => {
      const token = await ready()
      const resolved = await resolveSession(t.app.deps, token, t.clock.now())
      if (!('session' in resolved)) throw new Error(resolved.msgId)
      const owner = ownerOf(resolved.session)
      const deps = t.app.deps
      const sandbox = deps.airlineSandbox as AirlineSandbox
      Object.assign(sandbox, { offersCache: new ReadCache({ ttlMs: AIR_SEATS_CACHE_TTL_MS, monotonicMs: () => mono.ms }) })
      const trains = { fromStationCode: 'AOH', toStationCode: 'BJP', date: dateAfter(t, 2) }
      const flights = { depCode: 'SHA', arrCode: 'BJS', date: dateAfter(t, 2) }
      const firstTrains = await searchTrains(deps, owner, trains, 'zh')
      const firstFlights = await findFlights(deps, owner, flights)
      expect(await searchTrains(deps, owner, trains, 'zh')).toBe(firstTrains)
      expect(await findFlights(deps, owner, flights)).toBe(firstFlights)
      // every entry past its lifetime: the next searches read the seats (and the policy) again
      mono.ms = Math.max(SEATS_CACHE_TTL_MS, AIR_SEATS_CACHE_TTL_MS, POLICY_CACHE_TTL_MS, SESSION_CACHE_TTL_MS)
      const crowdTrains = await Promise.all(Array.from({ length: 20 }, () => searchTrains(deps, owner, trains, 'zh')))
      expect(new Set(crowdTrains).size).toBe(1)
      expect(crowdTrains[0]).not.toBe(firstTrains)
      expect(crowdTrains[0]).toEqual(firstTrains)
      const crowdFlights = await Promise.all(Array.from({ length: 20 }, () => findFlights(deps, owner, flights)))
      expect(new Set(crowdFlights).size).toBe(1)
      expect(crowdFlights[0]).not.toBe(firstFlights)
      expect(crowdFlights[0]).toEqual(firstFlights)
    })
  })

  describe('seats left of a flight', () => {
    const cabinsLeft = async (token: string) => {
      const r = await t.post(findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: dateAfter(t, 2) }, { token })
      return (r.body.data as FlightListView).flights
    }

    it('a hold of this process shows at once, a sale made elsewhere within AIR_SEATS_CACHE_TTL_MS', async () => {
      const sandbox = t.app.deps.airlineSandbox as AirlineSandbox
      Object.assign(sandbox, { offersCache: new ReadCache({ ttlMs: AIR_SEATS_CACHE_TTL_MS, monotonicMs: () => mono.ms }) })
      const token = await loginAs(t, 'demo')
      const [f] = (await cabinsLeft(token)).filter((x) => x.bookable && x.seatsLeft > 3)
      const offer = (await sandbox.flight(f.date, f.flightNo, f.depAirport, f.arrAirport))!
      const cabin = offer.cabins.find((c) => c.seatsLeft >= 3)!
      const held = await sandbox.hold({
        clientRef: 'cache-test',
        date: f.date,
        flightNo: f.flightNo,
        depAirport: f.depAirport,
        arrAirport: f.arrAirport,
        cabinCode: cabin.cabinCode,
        seats: 1,
      })
      expect(held.ok).toBe(true)
      const after = (await cabinsLeft(token)).find((x) => x.flightNo === f.flightNo)!
      expect(after.seatsLeft).toBe(f.seatsLeft - 1)
      await t.db.db.execute(sql`UPDATE air_sandbox_seats SET sold = sold + 1 WHERE flight_key = ${offer.key} AND cabin_code = ${cabin.cabinCode}`)
      expect((await cabinsLeft(token)).find((x) => x.flightNo === f.flightNo)!.seatsLeft).toBe(f.seatsLeft - 1)
      mono.ms = AIR_SEATS_CACHE_TTL_MS
      expect((await cabinsLeft(token)).find((x) => x.flightNo === f.flightNo)!.seatsLeft).toBe(f.seatsLeft - 2)
      // booking reads the database, not the searches' cache
      await t.db.db.execute(sql`UPDATE air_sandbox_seats SET sold = sold + 1 WHERE flight_key = ${offer.key} AND cabin_code = ${cabin.cabinCode}`)
      const fresh = (await sandbox.flight(f.date, f.flightNo, f.depAirport, f.arrAirport))!
      expect(fresh.cabins.find((c) => c.cabinCode === cabin.cabinCode)!.seatsLeft).toBe(cabin.seatsLeft - 3)
    })
  })
})
