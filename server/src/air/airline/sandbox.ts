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
import { AIRPORTS, airlineByCode, airportByCode, type AirportRecord } from './reference-data'
import type { AfterSaleRequest, AfterSaleState, AirlineProvider, FareRule, FlightOffer, HoldResult, TicketingState } from './types'
import { cabinsOf, flightKeyOf, hash, makeTimetable, offerBase, sandboxFareRule, type Timetable } from './sandbox-flights'

/** how long the sandbox's seat counts are read from memory (a sale through this process shows at once) */
export const AIR_SEATS_CACHE_TTL_MS = 2_000

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
    this.offersCache = new ReadCache({
      ttlMs: AIR_SEATS_CACHE_TTL_MS,
      refreshAfterMs: AIR_SEATS_CACHE_TTL_MS / 2,
      maxEntries: 5000,
      monotonicMs: opts.monotonicMs,
    })
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
    if (!t) this.timetables.set(key, (t = makeTimetable(dep, arr)))
    return t
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
    const b = offerBase(date, t, dep, arr)
    return {
      ...b,
      cabins: cabinsOf(b.key, b.airline, b.aircraftSize, b.fullFareFen).map(({ capacity, ...c }) => ({
        ...c,
        seatsLeft: Math.max(0, capacity - (sold?.get(c.cabinCode) ?? 0)),
      })),
    }
  }

  fareRule(offer: FlightOffer, cabinCode: string): FareRule | null {
    return sandboxFareRule(offer, cabinCode)
  }

  private capacityOf(offer: FlightOffer, cabinCode: string): number | null {
    const c = cabinsOf(offer.key, offer.airline, offer.aircraftSize, offer.fullFareFen).find((x) => x.cabinCode === cabinCode)
    return c ? c.capacity : null
  }

  async hold(p: {
    clientRef: string
    date: string
    flightNo: string
    depAirport: string
    arrAirport: string
    cabinCode: string
    seats: number
  }): Promise<HoldResult> {
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
          .where(
            and(eq(airSandboxSeats.flightKey, offer.key), eq(airSandboxSeats.cabinCode, p.cabinCode), sql`${airSandboxSeats.sold} + ${p.seats} <= ${capacity}`),
          )
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
    const ticketNos = Array.from(
      { length: passengers },
      () => `${airline?.ticketPrefix ?? '999'}-${String(hash(crypto.randomUUID()) % 10_000_000_000).padStart(10, '0')}`,
    )
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
      await q
        .update(airSandboxBookings)
        .set({ seats: Math.max(0, b.seats - r.seats) })
        .where(eq(airSandboxBookings.pnr, r.pnr))
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
