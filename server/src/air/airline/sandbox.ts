/**
 * The airline sandbox: behaves like a GDS for every pair of the real airports of
 * reference-data.ts on any date, deterministically (the same search answers the same schedule,
 * so screens and tests can rely on it):
 * - a timetable per airport pair (how many flights follows how busy both ends are; some small
 *   pairs have none), airlines based at either end plus the three majors, real aircraft types by
 *   stage length, terminals of the airport;
 * - fares from the stage length (economy full fare), cabins F/J/W/Y and discount buckets with
 *   seat counts that vary by day and run out as they are sold (counted in air_sandbox_seats, so
 *   every instance sees the same inventory and a conditional UPDATE sells the last seat once);
 * - fare rules by cabin with terms at 7 days and 2 hours, baggage;
 * - asynchronous ticketing: issue() starts it, ticketing() answers issuing until `issueDelayMs`
 *   of the app's clock has passed, then issued (with ticket numbers) or failed.
 * - asynchronous refunds and changes: requestAfterSale() records the request,
 *   afterSale() answers processing until `afterSaleDelayMs` has passed, then done (seats given
 *   back; a change's new booking issued with new ticket numbers) or rejected. An involuntary
 *   claim is accepted only for a flight marked disrupted.
 * Switches: `issueOutcome` 'issue' | 'fail' (taken when issuing starts), `issueDelayMs`;
 * `refundOutcome` / `changeOutcome` 'accept' | 'reject' (taken when asked), `afterSaleDelayMs`,
 * `disruptedFlights` ('MU5101|2026-12-01': cancelled or delayed, so involuntary claims hold).
 */
import crypto from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterCommit, type AppDb, type Queryable } from '../../kernel/db/client'
import { ReadCache } from '../../kernel/cache/read-cache'
import { airSandboxAfterSales, airSandboxBookings, airSandboxSeats } from '../../kernel/db/schema'
import { AIRLINES, AIRPORTS, airlineByCode, airportByCode, distanceKm, type AirlineRecord, type AirportRecord } from './reference-data'
import type { AfterSaleRequest, AfterSaleState, AirlineProvider, CabinOffer, FareRule, FlightOffer, HoldResult, TicketingState } from './types'

/** a stable 32-bit number from a string (FNV-1a): the sandbox's only source of variety */
function hash(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

const MAJORS = ['CA', 'MU', 'CZ']

/** the buckets an economy cabin is sold in: letter and percent of the full fare */
const ECONOMY_BUCKETS: Array<[string, number]> = [
  ['B', 90],
  ['M', 80],
  ['H', 70],
  ['K', 60],
  ['L', 50],
  ['Q', 40],
  ['V', 30],
]

/** how long the sandbox's seat counts are read from memory (a sale through this process shows at once) */
export const AIR_SEATS_CACHE_TTL_MS = 2_000

/** a flight on a date: the key of its seats (air_sandbox_seats) */
const flightKeyOf = (date: string, flightNo: string, dep: AirportRecord, arr: AirportRecord): string => `${date}|${flightNo}|${dep.code}|${arr.code}`

type Timetable = Array<{ airline: AirlineRecord; flightNo: string; depMinutes: number; durationMinutes: number }>

export class AirlineSandbox implements AirlineProvider {
  issueOutcome: 'issue' | 'fail' = 'issue'
  issueDelayMs = 5_000
  refundOutcome: 'accept' | 'reject' = 'accept'
  changeOutcome: 'accept' | 'reject' = 'accept'
  afterSaleDelayMs = 5_000
  disruptedFlights = new Set<string>()

  /** the fixed timetable of each airport pair asked for (it never changes) */
  private readonly timetables = new Map<string, Timetable>()
  /**
   * the offers of an airport pair on a date, made of the seats sold as read then: what searches
   * answer for AIR_SEATS_CACHE_TTL_MS, read again at once after this sandbox sells or gives back a
   * seat of one of its flights (holds decide on the database, never on this)
   */
  readonly offersCache: ReadCache<FlightOffer[]>
  /** flights asked for in this turn of the event loop: one query for all of them (a search asks for a week of days) */
  private batch: { keys: Set<string>; done: Promise<Map<string, Map<string, number>>> } | null = null

  constructor(
    private readonly db: AppDb,
    private readonly now: () => Date,
    opts: { monotonicMs?: () => number } = {},
  ) {
    this.offersCache = new ReadCache({ ttlMs: AIR_SEATS_CACHE_TTL_MS, refreshAfterMs: AIR_SEATS_CACHE_TTL_MS / 2, maxEntries: 5000, monotonicMs: opts.monotonicMs })
  }

  /** seats of a flight sold or given back (at once, and again after the caller's transaction commits) */
  private soldChanged(flightKey: string): void {
    const [date, , dep, arr] = flightKey.split('|')
    const pairKey = `${dep}|${arr}|${date}`
    this.offersCache.delete(pairKey)
    afterCommit(() => this.offersCache.delete(pairKey))
  }

  airports(): AirportRecord[] {
    return AIRPORTS
  }

  /** the fixed timetable of a pair (the same every day) */
  private timetable(dep: AirportRecord, arr: AirportRecord): Timetable {
    const key = `${dep.code}>${arr.code}`
    let t = this.timetables.get(key)
    if (!t) this.timetables.set(key, (t = this.makeTimetable(dep, arr)))
    return t
  }

  private makeTimetable(dep: AirportRecord, arr: AirportRecord): Timetable {
    if (dep.code === arr.code || dep.cityCode === arr.cityCode) return []
    const h = hash(`${dep.code}>${arr.code}`)
    const regional = dep.countryCode !== 'CN' || arr.countryCode !== 'CN'
    let count = 1 + (dep.hot ? 3 : 0) + (arr.hot ? 3 : 0) + (h % 3)
    // quiet pairs: some have no direct flight at all ("no flights found")
    if (!dep.hot && !arr.hot && h % 4 === 0) count = 0
    if (regional && !(dep.hot && arr.hot)) count = Math.min(count, 2)
    const candidates = AIRLINES.filter((a) => a.bases.includes(dep.code) || a.bases.includes(arr.code) || (MAJORS.includes(a.code) && !['CX', 'NX', 'CI'].includes(a.code)))
    const distance = distanceKm(dep, arr)
    const duration = Math.round((distance / 780) * 60 + 35)
    const flights: Array<{ airline: AirlineRecord; flightNo: string; depMinutes: number; durationMinutes: number }> = []
    const used = new Set<string>()
    for (let i = 0; i < count; i++) {
      const hi = hash(`${dep.code}>${arr.code}#${i}`)
      const airline = candidates[hi % candidates.length]
      let number = 1000 + (hi % 8999)
      while (used.has(`${airline.code}${number}`)) number = number === 9999 ? 1000 : number + 1
      used.add(`${airline.code}${number}`)
      // spread over 07:00-22:00, on 5-minute marks
      const slot = 7 * 60 + Math.floor(((15 * 60) / count) * i) + (hi % 40)
      flights.push({ airline, flightNo: `${airline.code}${number}`, depMinutes: Math.round(slot / 5) * 5, durationMinutes: Math.round(duration / 5) * 5 })
    }
    return flights.sort((a, b) => a.depMinutes - b.depMinutes)
  }

  /** the sold seats of one flight, read in one query with every other flight asked for in the same turn */
  private fetchSold(key: string): Promise<Map<string, number>> {
    if (!this.batch) {
      const keys = new Set<string>()
      const done = new Promise<Map<string, Map<string, number>>>((resolve, reject) => {
        setImmediate(() => {
          if (this.batch?.keys === keys) this.batch = null
          this.db
            .select()
            .from(airSandboxSeats)
            .where(inArray(airSandboxSeats.flightKey, [...keys]))
            .then((rows) => {
              const byKey = new Map<string, Map<string, number>>()
              for (const r of rows) byKey.set(r.flightKey, (byKey.get(r.flightKey) ?? new Map<string, number>()).set(r.cabinCode, r.sold))
              resolve(byKey)
            }, reject)
        })
      })
      this.batch = { keys, done }
    }
    this.batch.keys.add(key)
    return this.batch.done.then((byKey) => byKey.get(key) ?? new Map<string, number>())
  }

  /** the cabins of a flight on a day, before sales: class, discount, fare and seats */
  private cabinsOf(key: string, airline: AirlineRecord, size: FlightOffer['aircraftSize'], fullFareFen: number): Array<CabinOffer & { capacity: number }> {
    const out: Array<CabinOffer & { capacity: number }> = []
    const seats = (code: string, min: number) => Math.max(min, hash(`${key}|${code}`) % 10)
    const fare = (percent: number) => Math.round((fullFareFen * percent) / 100 / 1000) * 1000 // whole 10 yuan
    if (size === 'large') out.push({ cabinCode: 'F', cabinClass: 'first', discount: 300, adultFareFen: fare(300), seatsLeft: 0, capacity: seats('F', 2) })
    if (!airline.lowCost) out.push({ cabinCode: 'J', cabinClass: 'business', discount: 220, adultFareFen: fare(220), seatsLeft: 0, capacity: seats('J', 2) })
    if (size === 'large') out.push({ cabinCode: 'W', cabinClass: 'premiumEconomy', discount: 130, adultFareFen: fare(130), seatsLeft: 0, capacity: seats('W', 0) })
    out.push({ cabinCode: 'Y', cabinClass: 'economy', discount: 100, adultFareFen: fare(100), seatsLeft: 0, capacity: seats('Y', 4) })
    // four discount buckets of the day, each with its own seats (the cheapest often few or none)
    const start = hash(key) % 4
    for (const [code, percent] of ECONOMY_BUCKETS.slice(start, start + 4)) {
      out.push({ cabinCode: code, cabinClass: 'economy', discount: percent, adultFareFen: fare(percent), seatsLeft: 0, capacity: seats(code, 0) })
    }
    return out
  }

  private offerBase(date: string, t: Timetable[number], dep: AirportRecord, arr: AirportRecord) {
    const key = flightKeyOf(date, t.flightNo, dep, arr)
    const distance = distanceKm(dep, arr)
    const size: FlightOffer['aircraftSize'] = distance > 1800 ? 'large' : distance < 500 ? 'small' : 'medium'
    const h = hash(t.flightNo)
    const aircraftType = size === 'large' ? ['A330', 'B787', 'A350', 'B777'][h % 4] : size === 'small' ? ['ARJ21', 'E190', 'A319'][h % 3] : ['A320', 'A321', 'B737', 'C919'][h % 4]
    // economy full fare from the stage length, in whole 10 yuan
    const fullFareFen = Math.max(400_00, Math.round((distance * 0.9 + 280) / 10) * 1000)
    const terminal = (a: AirportRecord) => (a.terminals.length ? a.terminals[hash(`${a.code}${t.airline.code}`) % a.terminals.length] : '')
    return {
      key,
      date,
      flightNo: t.flightNo,
      airline: t.airline,
      dep,
      arr,
      depTerminal: terminal(dep),
      arrTerminal: terminal(arr),
      depMinutes: t.depMinutes,
      durationMinutes: t.durationMinutes,
      aircraftType,
      aircraftSize: size,
      meal: t.durationMinutes >= 120 && !t.airline.lowCost,
      distanceKm: distance,
      fullFareFen,
    }
  }

  async searchFlights(depAirport: string, arrAirport: string, date: string): Promise<FlightOffer[]> {
    const dep = airportByCode.get(depAirport)
    const arr = airportByCode.get(arrAirport)
    if (!dep || !arr) return []
    const timetable = this.timetable(dep, arr)
    // one entry per pair and date (not per flight): a search's entries, read together, stay fresh together
    const offers = await this.offersCache.get(`${dep.code}|${arr.code}|${date}`, async () => {
      const sold = await Promise.all(timetable.map((t) => this.fetchSold(flightKeyOf(date, t.flightNo, dep, arr))))
      return timetable.map((t, i) => this.offerOf(date, t, dep, arr, sold[i]))
    })
    return offers!
  }

  peekFlights(depAirport: string, arrAirport: string, date: string): FlightOffer[] | undefined {
    return this.offersCache.peek(`${depAirport}|${arrAirport}|${date}`)
  }

  /**
   * One flight, its seats read from the database now (not the searches' cache): booking checks the
   * seats left of this answer before it holds, and must not refuse on a count a moment old.
   */
  async flight(date: string, flightNo: string, depAirport: string, arrAirport: string): Promise<FlightOffer | null> {
    const dep = airportByCode.get(depAirport)
    const arr = airportByCode.get(arrAirport)
    const t = dep && arr ? this.timetable(dep, arr).find((x) => x.flightNo === flightNo) : undefined
    if (!dep || !arr || !t) return null
    const key = flightKeyOf(date, t.flightNo, dep, arr)
    const rows = await this.db.select().from(airSandboxSeats).where(eq(airSandboxSeats.flightKey, key))
    return this.offerOf(date, t, dep, arr, new Map(rows.map((r) => [r.cabinCode, r.sold])))
  }

  private offerOf(date: string, t: Timetable[number], dep: AirportRecord, arr: AirportRecord, sold: Map<string, number> | undefined): FlightOffer {
    const b = this.offerBase(date, t, dep, arr)
    return {
      ...b,
      cabins: this.cabinsOf(b.key, b.airline, b.aircraftSize, b.fullFareFen).map(({ capacity, ...c }) => ({ ...c, seatsLeft: Math.max(0, capacity - (sold?.get(c.cabinCode) ?? 0)) })),
    }
  }

  fareRule(offer: FlightOffer, cabinCode: string): FareRule | null {
    const cabin = offer.cabins.find((c) => c.cabinCode === cabinCode)
    if (!cabin) return null
    const premium = cabin.cabinClass === 'first' || cabin.cabinClass === 'business'
    const full = cabin.discount >= 100
    const mid = cabin.discount >= 70
    // [over 7 days, 2 hours to 7 days, under 2 hours, after departure]; null: not allowed
    const refund = premium ? [5, 10, 20, 30] : full ? [5, 10, 20, 30] : mid ? [10, 20, 30, 50] : [20, 30, 50, null]
    const change = premium ? [0, 5, 10, 20] : full ? [0, 5, 10, 20] : mid ? [5, 10, 20, 30] : [10, 20, 30, null]
    const windows = ['over7Days', 'from2HoursTo7Days', 'under2Hours', 'afterDeparture'] as const
    const terms = (fees: Array<number | null>) => windows.map((window, i) => ({ window, allowed: fees[i] !== null, feePercent: fees[i] ?? 100 }))
    const checkedKg = offer.airline.lowCost && !premium ? 0 : cabin.cabinClass === 'first' ? 40 : cabin.cabinClass === 'business' ? 30 : 20
    return {
      refund: terms(refund),
      change: terms(change),
      endorsable: premium || full,
      carryOnKg: premium ? 10 : 5,
      carryOnPieces: premium ? 2 : 1,
      checkedKg,
      checkedPieces: checkedKg ? 1 : 0,
      notesZh: '婴儿可免费托运10公斤行李及一辆折叠式婴儿车。退改手续费按票面价计算。',
      notesEn: 'Infants may check 10 kg of baggage and one folding stroller free. Change and refund fees are a percent of the fare.',
    }
  }

  private capacityOf(offer: FlightOffer, cabinCode: string): number | null {
    const c = this.cabinsOf(offer.key, offer.airline, offer.aircraftSize, offer.fullFareFen).find((x) => x.cabinCode === cabinCode)
    return c ? c.capacity : null
  }

  async hold(p: { clientRef: string; date: string; flightNo: string; depAirport: string; arrAirport: string; cabinCode: string; seats: number }): Promise<HoldResult> {
    const offer = await this.flight(p.date, p.flightNo, p.depAirport, p.arrAirport)
    const capacity = offer ? this.capacityOf(offer, p.cabinCode) : null
    if (!offer || capacity === null) return { ok: false, reason: 'noFlight' }
    const now = this.now()
    try {
      return await this.db.transaction(async (tx) => {
        const [prior] = await tx.select().from(airSandboxBookings).where(eq(airSandboxBookings.clientRef, p.clientRef))
        if (prior) return { ok: true as const, pnr: prior.pnr }
        await tx.insert(airSandboxSeats).values({ flightKey: offer.key, cabinCode: p.cabinCode, sold: 0 }).onConflictDoNothing()
        // the seat count: one conditional UPDATE, so concurrent holds of the last seat sell it once
        const taken = await tx
          .update(airSandboxSeats)
          .set({ sold: sql`${airSandboxSeats.sold} + ${p.seats}` })
          .where(and(eq(airSandboxSeats.flightKey, offer.key), eq(airSandboxSeats.cabinCode, p.cabinCode), sql`${airSandboxSeats.sold} + ${p.seats} <= ${capacity}`))
          .returning({ sold: airSandboxSeats.sold })
        if (taken.length === 0) return { ok: false as const, reason: 'soldOut' as const }
        this.soldChanged(offer.key)
        const pnr = crypto.randomBytes(4).toString('hex').toUpperCase().replace(/[01]/g, 'X').slice(0, 6)
        await tx.insert(airSandboxBookings).values({
          pnr,
          clientRef: p.clientRef,
          flightKey: offer.key,
          cabinCode: p.cabinCode,
          seats: p.seats,
          status: 'held',
          ticketNos: [],
          createdAt: now,
        })
        return { ok: true as const, pnr }
      })
    } catch (e) {
      // the same clientRef held at the same moment by another request: that one's PNR
      const [prior] = await this.db.select().from(airSandboxBookings).where(eq(airSandboxBookings.clientRef, p.clientRef))
      if (prior) return { ok: true, pnr: prior.pnr }
      throw e
    }
  }

  async release(pnr: string, q?: Queryable): Promise<void> {
    const work = async (tx: Queryable) => {
      const [b] = await tx.select().from(airSandboxBookings).where(eq(airSandboxBookings.pnr, pnr)).for('update')
      if (!b || b.status !== 'held') return
      await tx.update(airSandboxBookings).set({ status: 'released' }).where(eq(airSandboxBookings.pnr, pnr))
      await tx
        .update(airSandboxSeats)
        .set({ sold: sql`greatest(0, ${airSandboxSeats.sold} - ${b.seats})` })
        .where(and(eq(airSandboxSeats.flightKey, b.flightKey), eq(airSandboxSeats.cabinCode, b.cabinCode)))
      this.soldChanged(b.flightKey)
    }
    if (q) await work(q)
    else await this.db.transaction(work)
  }

  async issue(pnr: string, passengers: number, q: Queryable = this.db): Promise<void> {
    const [b] = await q.select().from(airSandboxBookings).where(eq(airSandboxBookings.pnr, pnr))
    if (!b || b.status !== 'held') return
    const airline = airlineByCode.get(b.flightKey.split('|')[1].replace(/\d+$/, ''))
    const ticketNos = Array.from({ length: passengers }, () => `${airline?.ticketPrefix ?? '999'}-${String(hash(crypto.randomUUID()) % 10_000_000_000).padStart(10, '0')}`)
    await q
      .update(airSandboxBookings)
      .set({ status: 'issuing', outcome: this.issueOutcome, issueDueAt: new Date(this.now().getTime() + this.issueDelayMs), ticketNos })
      .where(and(eq(airSandboxBookings.pnr, pnr), eq(airSandboxBookings.status, 'held')))
  }

  async ticketing(pnr: string, q: Queryable = this.db): Promise<TicketingState> {
    const [b] = await q.select().from(airSandboxBookings).where(eq(airSandboxBookings.pnr, pnr))
    if (!b) return { state: 'failed' }
    if (b.status === 'held' || b.status === 'released') return { state: b.status }
    if (b.status === 'issuing' && b.issueDueAt && b.issueDueAt.getTime() <= this.now().getTime()) {
      const status = b.outcome === 'fail' ? 'failed' : 'issued'
      await q.update(airSandboxBookings).set({ status }).where(eq(airSandboxBookings.pnr, pnr))
      if (status === 'failed') {
        // the airline gives the seats back when it cannot issue
        await q
          .update(airSandboxSeats)
          .set({ sold: sql`greatest(0, ${airSandboxSeats.sold} - ${b.seats})` })
          .where(and(eq(airSandboxSeats.flightKey, b.flightKey), eq(airSandboxSeats.cabinCode, b.cabinCode)))
        this.soldChanged(b.flightKey)
        return { state: 'failed' }
      }
      return { state: 'issued', ticketNos: b.ticketNos }
    }
    if (b.status === 'issued') return { state: 'issued', ticketNos: b.ticketNos }
    if (b.status === 'failed') return { state: 'failed' }
    return { state: 'issuing' }
  }

  private newTicketNos(flightKey: string, n: number): string[] {
    const airline = airlineByCode.get(flightKey.split('|')[1].replace(/\d+$/, ''))
    return Array.from({ length: n }, () => `${airline?.ticketPrefix ?? '999'}-${String(hash(crypto.randomUUID()) % 10_000_000_000).padStart(10, '0')}`)
  }

  async requestAfterSale(r: AfterSaleRequest, q: Queryable = this.db): Promise<void> {
    const switched = r.kind === 'refund' ? this.refundOutcome : this.changeOutcome
    const verified = !r.involuntary || this.disruptedFlights.has(`${r.flight.flightNo}|${r.flight.date}`)
    await q
      .insert(airSandboxAfterSales)
      .values({
        ref: r.ref,
        kind: r.kind,
        release: r.release,
        newPnr: r.newPnr ?? null,
        tickets: r.tickets,
        outcome: switched === 'accept' && verified ? 'accept' : 'reject',
        rejectReason: switched !== 'accept' ? 'refused' : verified ? null : 'unverified',
        dueAt: new Date(this.now().getTime() + this.afterSaleDelayMs),
        state: 'processing',
        ticketNos: [],
        createdAt: this.now(),
      })
      .onConflictDoNothing()
  }

  async afterSale(ref: string, q: Queryable = this.db): Promise<AfterSaleState> {
    const [a] = await q.select().from(airSandboxAfterSales).where(eq(airSandboxAfterSales.ref, ref))
    if (!a) return { state: 'rejected', reason: 'refused' }
    if (a.state === 'done') return { state: 'done', ticketNos: a.ticketNos }
    if (a.state === 'rejected') return { state: 'rejected', reason: a.rejectReason ?? 'refused' }
    if (a.dueAt.getTime() > this.now().getTime()) return { state: 'processing' }
    if (a.outcome === 'reject') {
      await q.update(airSandboxAfterSales).set({ state: 'rejected' }).where(eq(airSandboxAfterSales.ref, ref))
      return { state: 'rejected', reason: a.rejectReason ?? 'refused' }
    }
    // done: the old seats go back on sale; a change's new booking is issued
    for (const r of a.release) {
      const [b] = await q.select().from(airSandboxBookings).where(eq(airSandboxBookings.pnr, r.pnr)).for('update')
      if (!b || r.seats < 1) continue
      await q.update(airSandboxBookings).set({ seats: Math.max(0, b.seats - r.seats) }).where(eq(airSandboxBookings.pnr, r.pnr))
      await q
        .update(airSandboxSeats)
        .set({ sold: sql`greatest(0, ${airSandboxSeats.sold} - ${r.seats})` })
        .where(and(eq(airSandboxSeats.flightKey, b.flightKey), eq(airSandboxSeats.cabinCode, b.cabinCode)))
      this.soldChanged(b.flightKey)
    }
    let ticketNos: string[] = []
    if (a.kind === 'change' && a.newPnr) {
      const [nb] = await q.select().from(airSandboxBookings).where(eq(airSandboxBookings.pnr, a.newPnr))
      ticketNos = nb ? this.newTicketNos(nb.flightKey, a.tickets) : []
      await q.update(airSandboxBookings).set({ status: 'issued', ticketNos }).where(eq(airSandboxBookings.pnr, a.newPnr))
    }
    await q.update(airSandboxAfterSales).set({ state: 'done', ticketNos }).where(eq(airSandboxAfterSales.ref, ref))
    return { state: 'done', ticketNos }
  }
}
