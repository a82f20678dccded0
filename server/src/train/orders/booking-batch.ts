/**
 * Saving train orders in batches: one transaction per order cost ~3.3 ms of server CPU and ~1.4 ms
 * of PostgreSQL CPU, mostly per round trip, so two cores could not reach 700 orders/s one order at a
 * time.
 *
 * Design. saveOrder (train/orders/booking.ts) checks what needs no lock (session, the event offers
 * trains, the railway login) and hands the request to the app's batcher (deps.bookingBatcher, built
 * in app.ts), then awaits its own answer. The batcher takes what is queued (at most
 * config.bookingBatch.maxOrders) and books it as ONE list in ONE transaction:
 *   1. the idempotency keys of the list, claimed in one statement (kernel/http/idempotency.ts claimKeys;
 *      the same meaning as `once`): a key seen before answers its first answer (or EVAL0009); a
 *      second request with a key already in this list is booked after the list, as a list of one,
 *      and finds the first's answer as `once` would have made it wait for it;
 *   2. the request checks of every claimed order (checkedSaveInput: form, train, date, hours,
 *      policy);
 *   3. the orders booked by bookHeldOrders (train/orders/held-orders.ts: the locks, one read, each
 *      order decided, one write), with the answers under their keys and the release of the keys of
 *      refused orders in the same write.
 * A refusal (an AppError: a rule, no seats) is that order's answer only, and its key is given up as
 * its rollback would. If the transaction fails for any reason (deadlock, serialization, a bug, one
 * order's unexpected error), nothing of it is written and each order of the list is booked again
 * through the same code as a list of one, so one bad order never fails the others. There is no
 * other way a save is booked: a lone order is a list of one, and BOOKING_BATCH=off makes every
 * list a list of one.
 *
 * Locks and deadlocks. Every booking path takes its locks in one order: idempotency key(s), then
 * (after-sales: the order's row,) then train-date advisory lock(s), then run rows. A list takes
 * several keys and train-date locks, each set sorted, so two lists meet in the same order; a grab
 * (fulfilGrabs) or change (train-aftersales.ts saveChange) holds ONE train-date lock when it locks
 * runs, and the run rows of a train-date are only locked under its train-date lock, so no circle can
 * form. (Should PostgreSQL still find one, e.g. two requests with one key in two lists, the list
 * fails and its orders are booked again one by one, as above.)
 *
 * Batching never waits for company: the batcher runs a list as soon as it is not already running
 * config.bookingBatch.inFlight of them, with whatever arrived meanwhile (a lone order under low load
 * goes at once, in a list of one); under load the orders that arrive while lists are running queue
 * and go together in the next one. PGlite (one connection, tests and the demo) runs the same lists:
 * the SQL is the same, so every train test goes through this path; there it saves round trips of
 * the wasm engine, though transactions are one at a time anyway.
 *
 * The answers are the same as one at a time: each order is decided against every booking committed
 * before its list's locks plus the earlier orders of its list, exactly as if the list's orders had
 * been booked one after the other under those locks.
 */
import { saveTrainOrder, type SaveTrainOrderRequest, type TrainOrderView } from '@contracts/calls/train'
import type { Lang } from '@contracts/messages'
import type { Deps } from '../../deps'
import type { Tx } from '../../kernel/db/client'
import { AppError } from '../../kernel/errors'
import { answersStatement, claimKeys, releaseStatement, type OnceKey } from '../../kernel/http/idempotency'
import type { Owner } from '../../kernel/db/owned'
import type { TravelPolicy } from '../../travel/rules/travel-policy'
import { checkedSaveInput, type HeldOrderInput } from './booking'
import { toOrderView } from './views'
import { bookHeldOrders } from './held-orders'
import { refusalOutcome } from '../../kernel/metrics/types'

/** how the app's batcher forms its lists (config.ts: BOOKING_BATCH, BOOKING_BATCH_MAX, BOOKING_BATCH_IN_FLIGHT) */
export interface BatchRules {
  /** the most orders one list books */
  maxOrders: number
  /** lists of one process in flight at once (each holds a pooled connection) */
  inFlight: number
}

/** one save request waiting for its list */
export interface QueuedOrder {
  owner: Owner
  body: SaveTrainOrderRequest
  lang: Lang
  policy: TravelPolicy
}

/**
 * what became of one order of a list: answered (`replayed`: the first answer of its idempotency
 * key, booked before), refused, or to be booked again as a list of one
 */
type Outcome = { view: TrainOrderView; replayed?: true } | { error: AppError } | { again: true }

type BatchDeps = Pick<Deps, 'db' | 'now' | 'railway' | 'log' | 'searchCaches' | 'metrics'>

/** the train's sold-out answer: not enough free seats on the run for the segment (held-orders.ts) */
const SOLD_OUT: readonly string[] = ['ETRAIN1020']

interface Waiting extends QueuedOrder {
  resolve: (v: TrainOrderView) => void
  reject: (e: unknown) => void
}

/**
 * counts kept for tests and the bench: lists formed from the queue, orders in them, the largest,
 * lists that failed, and orders booked again as a list of one (a failed list's, a key twice in a list)
 */
export interface BatchStats {
  batches: number
  orders: number
  largest: number
  failedBatches: number
  againAlone: number
}

export class BookingBatcher {
  readonly stats: BatchStats = { batches: 0, orders: 0, largest: 0, failedBatches: 0, againAlone: 0 }
  /**
   * tests: called for each order as a list formed from the queue decides it (throwing there fails
   * the list as a bug would); an order booked again as a list of one is decided without it
   */
  onDecide: ((order: QueuedOrder) => void) | null = null
  private queue: Waiting[] = []
  private running = 0
  private scheduled = false

  constructor(
    private readonly deps: BatchDeps,
    readonly rules: BatchRules,
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
      const list = this.queue.splice(0, this.rules.maxOrders)
      this.running++
      this.stats.batches++
      this.stats.orders += list.length
      this.stats.largest = Math.max(this.stats.largest, list.length)
      void this.book(list, this.onDecide, true).finally(() => {
        this.running--
        this.pump()
      })
    }
  }

  /**
   * Books one list and answers its orders. A list formed from the queue that fails has each of its
   * orders booked again as a list of one; a list of one booked again answers its failure.
   */
  private async book(list: Waiting[], onDecide: ((o: QueuedOrder) => void) | null, fromQueue: boolean): Promise<void> {
    let outcomes: Outcome[]
    try {
      outcomes = await this.deps.db.transaction((tx) => bookList(tx, this.deps, list, onDecide))
    } catch (err) {
      if (!fromQueue) {
        list.forEach((w) => {
          this.deps.metrics.bookingOutcome('train', refusalOutcome(err, SOLD_OUT))
          w.reject(err)
        })
        return
      }
      this.deps.log.warn({ err, orders: list.length }, 'booking batch failed: its orders are booked one by one')
      // nothing of the list was written: each order goes again on its own, so a bad one fails only itself
      this.stats.failedBatches++
      outcomes = list.map(() => ({ again: true }))
    }
    // the answers; orders booked again go outside the list's slot, which is free again at once
    list.forEach((w, i) => {
      const o = outcomes[i]
      if ('view' in o) {
        if (!o.replayed) this.deps.metrics.bookingOutcome('train', 'booked')
        w.resolve(o.view)
      } else if ('error' in o) {
        this.deps.metrics.bookingOutcome('train', refusalOutcome(o.error, SOLD_OUT))
        w.reject(o.error)
      } else {
        this.stats.againAlone++
        void this.book([w], null, false)
      }
    })
  }
}

/** one list, inside its transaction: the steps of the design above */
async function bookList(tx: Tx, deps: BatchDeps, list: readonly QueuedOrder[], onDecide: ((o: QueuedOrder) => void) | null): Promise<Outcome[]> {
  const now = deps.now()
  const outcomes: Outcome[] = list.map(() => ({ again: true }))

  // 1. the keys: a key already in the list is booked again after it
  const seenKeys = new Set<string>()
  const firsts: number[] = []
  list.forEach((o, i) => {
    const id = `${o.owner.userId}|${o.body.idempotencyKey}`
    if (!seenKeys.has(id)) {
      seenKeys.add(id)
      firsts.push(i)
    }
  })
  const keyOf = (i: number): OnceKey => ({ scope: saveTrainOrder.path, userId: list[i].owner.userId, key: list[i].body.idempotencyKey, request: list[i].body })
  const claims = await claimKeys(tx, firsts.map(keyOf), now)
  const released: OnceKey[] = []
  const refuse = (i: number, error: AppError) => {
    outcomes[i] = { error }
    released.push(keyOf(i))
  }

  // 2. the request checks, after the claim
  const toBook: Array<{ i: number; input: HeldOrderInput }> = []
  firsts.forEach((i, n) => {
    const claim = claims[n]
    if (!claim.claimed) {
      outcomes[i] = 'error' in claim ? { error: claim.error } : { view: claim.answer as TrainOrderView, replayed: true }
      return
    }
    const { owner, body, lang, policy } = list[i]
    try {
      toBook.push({ i, input: checkedSaveInput(deps, owner, body, policy, now, lang) })
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      refuse(i, err)
    }
  })

  // 3. the orders, with their answers and the released keys in the same write
  await bookHeldOrders(
    tx,
    deps,
    toBook.map((b) => b.input),
    now,
    {
      beforeDecide: (n) => onDecide?.(list[toBook[n].i]),
      alongside: (results) => {
        const answers: Array<{ key: OnceKey; answer: TrainOrderView }> = []
        results.forEach((result, n) => {
          const { i } = toBook[n]
          if ('refused' in result) return refuse(i, result.refused)
          const view = toOrderView(result.made, list[i].lang, now)
          answers.push({ key: keyOf(i), answer: view })
          outcomes[i] = { view }
        })
        return [...(answers.length ? [answersStatement(answers)] : []), ...(released.length ? [releaseStatement(released)] : [])]
      },
    },
  )
  return outcomes
}
