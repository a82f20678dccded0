/**
 * Saving train orders in batches (issue 15: ≥ 700 orders/s on PostgreSQL; one transaction per
 * order cost ~3.3 ms of server CPU and ~1.4 ms of PostgreSQL CPU, mostly per round trip, so two
 * cores could not get there one order at a time).
 *
 * Design. saveOrder (services/train-orders.ts) checks what needs no lock as before (session, the
 * event offers trains, the railway login) and hands the request to this process's batcher, then
 * awaits its own answer. The batcher takes what is queued (at most BATCH_RULES.maxOrders) and books
 * it in ONE transaction:
 *   1. the idempotency keys of the batch, claimed in one statement (lib/idempotency.ts claimKeys;
 *      the same meaning as `once`): a key seen before answers its first answer (or EVAL0009); a
 *      second request with a key already in this batch runs after the batch, alone, and finds
 *      the first's answer as `once` would have made it wait for it;
 *   2. the request checks of every claimed order (checkOrderRequest: form, train, date, hours,
 *      policy), as the single path runs them after its claim;
 *   3. the train-date advisory locks of every order, in the order of their lock keys, then the
 *      runs, sorted, in one statement (lockTrainDatesAndRuns);
 *   4. ONE read of everything the orders decide on (bookingStates: travellers, the runs' holds,
 *      the documents already on each train, new ids);
 *   5. each order decided in arrival order, in memory, by THE decision the single path uses
 *      (decideHeldOrder): its seats against the holds read plus those given to earlier orders of
 *      the batch, its people against those on the train plus earlier orders' of the batch;
 *   6. ONE write of all orders, passengers, holds, events, deadline jobs, the answers under their
 *      keys and the release of the keys of refused orders (insertHeldOrders).
 * A refusal (an AppError: a rule, no seats) is that order's answer only, and its key is given up as
 * its rollback would. If the transaction fails for any reason (deadlock, serialization, a bug, one
 * order's unexpected error), nothing of it is written and every order of the batch is booked again
 * alone through the single path (saveOrderAlone), so one bad order never fails the others.
 *
 * Locks and deadlocks. Every booking path takes its locks in one order: idempotency key(s), then
 * (after-sales: the order's row,) then train-date advisory lock(s), then run rows. A batch takes
 * several keys and train-date locks, each set sorted, so two batches meet in the same order; a
 * single booking, grab (fulfilGrabs) or change (train-aftersales.ts saveChange) holds ONE train-date
 * lock when it locks runs, and the run rows of a train-date are only locked under its train-date
 * lock, so no circle can form. (Should PostgreSQL still find one, e.g. two requests with one key in
 * two batches, the batch fails and its orders go alone, as above.)
 *
 * Batching never waits for company: the batcher runs a batch as soon as it is not already running
 * BATCH_RULES.inFlight of them, with whatever arrived meanwhile (a lone order under low load goes at
 * once, in a batch of one); under load the orders that arrive while batches are running queue and
 * go together in the next one. PGlite (one connection, tests and the demo) runs the same batches:
 * the SQL is the same, so every train test goes through this path; there it saves round trips of
 * the wasm engine, though transactions are one at a time anyway.
 *
 * The answers are the same as one at a time: each order is decided against every booking committed
 * before its batch's locks plus the earlier orders of its batch, exactly as if the batch's orders
 * had been booked one after the other under those locks.
 */
import type { SaveTrainOrderRequest, TrainOrderView } from '@contracts/calls/train'
import type { Lang } from '@contracts/messages'
import type { Deps } from '../../deps'
import type { Tx } from '../../kernel/db/client'
import { AppError } from '../../kernel/errors'
import { answersStatement, claimKeys, releaseStatement, type OnceKey } from '../../kernel/http/idempotency'
import type { Owner } from '../../kernel/db/owned'
import { lockTrainDatesAndRuns } from '../repositories/inventory'
import { bookingStates, insertHeldOrders, ownsTraveller, trainDateKey, type HeldOrderWrite, type HeldSeat } from '../repositories/orders'
import type { TravelPolicy } from '../../travel/rules/travel-policy'
import { checkedSaveInput, decideHeldOrder, documentOf, heldOrderWrite, toOrderView, type HeldOrderInput } from './orders'

/** a positive whole number from the environment, else the default (a typo must not stop booking) */
const countFromEnv = (value: string | undefined, fallback: number): number => {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 ? n : fallback
}

export const BATCH_RULES = {
  /** the most orders one batch books */
  maxOrders: countFromEnv(process.env.BOOKING_BATCH_MAX, 32),
  /**
   * batches of one process in flight at once (each holds a pooled connection). 2, not 4, since the
   * per-request round trips went (issue 15, session 5): with the server's one thread the limit,
   * fewer, larger batches cost less per order (50 clients on PostgreSQL, three alternating pairs:
   * 15.7 against 12.2 orders a batch, PostgreSQL 0.31 against 0.35 ms and the server 0.72 against
   * 1.04 ms of CPU per order, medians), and two batches already keep PostgreSQL busy while the
   * server decides the next
   */
  inFlight: countFromEnv(process.env.BOOKING_BATCH_IN_FLIGHT, 2),
}

export const SAVE_ORDER_SCOPE = '/api/train/orderInfo/save'

/** one save request waiting for its batch */
export interface QueuedOrder {
  owner: Owner
  body: SaveTrainOrderRequest
  lang: Lang
  policy: TravelPolicy
}

/** what became of one order of a batch */
type Outcome = { view: TrainOrderView } | { error: AppError } | { alone: true }

type BatchDeps = Pick<Deps, 'db' | 'now' | 'railway' | 'log'>

interface Waiting extends QueuedOrder {
  resolve: (v: TrainOrderView) => void
  reject: (e: unknown) => void
}

/** counts kept for tests and the bench: batches formed, orders in them, the largest, batches that failed and went alone */
export interface BatchStats {
  batches: number
  orders: number
  largest: number
  failedBatches: number
}

export class BookingBatcher {
  readonly stats: BatchStats = { batches: 0, orders: 0, largest: 0, failedBatches: 0 }
  /** tests: called for each order as its batch decides it (throwing there fails the batch as a bug would) */
  onDecide: ((order: QueuedOrder) => void) | null = null
  private queue: Waiting[] = []
  private running = 0
  private scheduled = false

  constructor(
    private readonly deps: BatchDeps,
    /** one order alone: the single path (a batch's orders when the batch failed; a key twice in a batch) */
    private readonly alone: (order: QueuedOrder) => Promise<TrainOrderView>,
    readonly rules: { maxOrders: number; inFlight: number } = { ...BATCH_RULES },
  ) {}

  save(order: QueuedOrder): Promise<TrainOrderView> {
    return new Promise((resolve, reject) => {
      this.queue.push({ ...order, resolve, reject })
      // the orders of this turn of the event loop go together; nothing waits on a timer
      if (!this.scheduled) {
        this.scheduled = true
        setImmediate(() => {
          this.scheduled = false
          this.pump()
        })
      }
    })
  }

  private pump(): void {
    while (this.running < this.rules.inFlight && this.queue.length) {
      const batch = this.queue.splice(0, this.rules.maxOrders)
      this.running++
      void this.run(batch).finally(() => {
        this.running--
        this.pump()
      })
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    this.stats.batches++
    this.stats.orders += batch.length
    this.stats.largest = Math.max(this.stats.largest, batch.length)
    let outcomes: Outcome[]
    try {
      outcomes = await this.deps.db.transaction((tx) => bookBatch(tx, this.deps, batch, this.onDecide))
    } catch (err) {
      this.deps.log.warn({ err, orders: batch.length }, 'booking batch failed: its orders are booked one by one')
      // nothing of the batch was written: each order goes alone, so a bad one fails only itself
      this.stats.failedBatches++
      outcomes = batch.map(() => ({ alone: true }))
    }
    // the answers; orders that go alone do so outside the batch's slot, which is free again at once
    batch.forEach((w, i) => {
      const o = outcomes[i]
      if ('view' in o) w.resolve(o.view)
      else if ('error' in o) w.reject(o.error)
      else void this.alone(w).then(w.resolve, w.reject)
    })
  }
}

const batchers = new WeakMap<object, BookingBatcher>()

/** this process's batcher for one database (tests run several apps, each its own) */
export function batcherOf(deps: BatchDeps, alone: (order: QueuedOrder) => Promise<TrainOrderView>): BookingBatcher {
  let b = batchers.get(deps.db)
  if (!b) batchers.set(deps.db, (b = new BookingBatcher(deps, alone)))
  return b
}

/** the batch counts of one database's batcher (null: no order saved yet) */
export const batchStatsOf = (db: object): BatchStats | null => batchers.get(db)?.stats ?? null

/** one batch, inside its transaction: the steps of the design above */
async function bookBatch(tx: Tx, deps: BatchDeps, batch: readonly QueuedOrder[], onDecide: ((o: QueuedOrder) => void) | null): Promise<Outcome[]> {
  const now = deps.now()
  const outcomes: Outcome[] = batch.map(() => ({ alone: true }))

  // 1. the keys: a key already in the batch goes alone after it
  const seenKeys = new Set<string>()
  const firsts: number[] = []
  batch.forEach((o, i) => {
    const id = `${o.owner.userId}|${o.body.idempotencyKey}`
    if (!seenKeys.has(id)) {
      seenKeys.add(id)
      firsts.push(i)
    }
  })
  const keyOf = (i: number): OnceKey => ({ scope: SAVE_ORDER_SCOPE, userId: batch[i].owner.userId, key: batch[i].body.idempotencyKey, request: batch[i].body })
  const claims = await claimKeys(tx, firsts.map(keyOf), now)
  const released: OnceKey[] = []
  const refuse = (i: number, error: AppError) => {
    outcomes[i] = { error }
    released.push(keyOf(i))
  }

  // 2. the request checks (as the single path runs them, after its claim)
  const toBook: Array<{ i: number; input: HeldOrderInput }> = []
  firsts.forEach((i, n) => {
    const claim = claims[n]
    if (!claim.claimed) {
      outcomes[i] = 'error' in claim ? { error: claim.error } : { view: claim.answer as TrainOrderView }
      return
    }
    const { owner, body, lang, policy } = batch[i]
    try {
      toBook.push({ i, input: checkedSaveInput(deps, owner, body, policy, now, lang) })
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      refuse(i, err)
    }
  })

  // 3. the locks, in one statement: train-dates, then runs (each set in a fixed order)
  const trainDateOf = (input: HeldOrderInput) => ({ trainCode: input.segment.train.trainCode, date: input.segment.startDate })
  const runs = await lockTrainDatesAndRuns(
    tx,
    toBook.map(({ input: { segment: seg, seatType } }) => ({
      trainCode: seg.train.trainCode,
      date: seg.startDate,
      seatType,
      ...deps.railway.runNumbers(seg.train.trainCode, seg.startDate, seatType),
    })),
  )

  // 4. one read of what every order decides on
  const read = await bookingStates(tx, {
    runIds: runs.map((r) => r.id),
    trainDates: toBook.map((b) => trainDateOf(b.input)),
    travellerIds: toBook.flatMap((b) => b.input.passengers.map((p) => p.travellerId)),
    orders: toBook.length,
    passengers: toBook.reduce((n, b) => n + b.input.passengers.length, 0),
  })

  // 5. each order in arrival order, against what was read plus what earlier orders of the batch took
  const writes: HeldOrderWrite[] = []
  const answers: Array<{ key: OnceKey; answer: TrainOrderView }> = []
  let passengerAt = 0
  toBook.forEach(({ i, input }, n) => {
    onDecide?.(batch[i])
    const run = runs[n]
    const holds: HeldSeat[] = read.holds.get(run.id) ?? []
    const booked = read.documents.get(trainDateKey(trainDateOf(input))) ?? new Set<string>()
    const ids = [...new Set(input.passengers.map((p) => p.travellerId))]
    const passengerIds = read.passengerIds.slice(passengerAt, (passengerAt += input.passengers.length))
    let made
    try {
      made = decideHeldOrder(
        deps.railway,
        input,
        {
          run,
          travellers: ids.flatMap((id) => {
            const t = read.travellers.get(id)
            return t && ownsTraveller(input.owner, t) ? [t] : []
          }),
          holds,
          bookedDocuments: booked,
          orderId: read.orderIds[n],
          passengerIds,
        },
        now,
      )
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      refuse(i, err)
      return
    }
    if (!made) {
      refuse(i, new AppError('ETRAIN1020'))
      return
    }
    // what this order took is taken for the rest of the batch (the maps hold the same arrays and sets)
    for (const p of made.passengers) holds.push({ seatIndex: p.seatIndex, fromIdx: made.order.fromIdx, toIdx: made.order.toIdx })
    read.holds.set(run.id, holds)
    for (const p of made.passengers) booked.add(documentOf(p))
    read.documents.set(trainDateKey(trainDateOf(input)), booked)
    writes.push(heldOrderWrite(made, run.id))
    const view = toOrderView(made, batch[i].lang, now)
    answers.push({ key: keyOf(i), answer: view })
    outcomes[i] = { view }
  })

  // 6. one write of everything
  await insertHeldOrders(tx, writes, [...(answers.length ? [answersStatement(answers)] : []), ...(released.length ? [releaseStatement(released)] : [])])
  return outcomes
}
