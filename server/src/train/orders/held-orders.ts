/**
 * Booking held orders: THE way a train order is booked, for a list of orders in one transaction. A
 * save request is booked in its process's batch (train/orders/booking-batch.ts), a lone one in a
 * list of one; a grab request coming true is a list of one too (createHeldOrder).
 *
 * Inside the caller's transaction, for the orders in the order given:
 *   1. the train-date advisory locks of every order, in the order of their lock keys, then the
 *      runs, sorted, in one statement (lockTrainDatesAndRuns);
 *   2. ONE read of everything the orders decide on (bookingStates: travellers, the runs' holds,
 *      the documents already on each train, new ids);
 *   3. each order decided in turn, in memory, by THE decision (decideHeldOrder): its seats against
 *      the holds read plus those given to earlier orders of the list, its people against those on
 *      the train plus earlier orders' of the list;
 *   4. ONE write of all orders, passengers, holds, events and deadline jobs, with the caller's own
 *      statements (answers under idempotency keys …) in the same round trip (insertHeldOrders).
 * A refusal (an AppError: a rule, no seats) is that order's result only; any other error fails the
 * whole list (the caller's transaction rolls back).
 */
import type { SQL } from 'drizzle-orm'
import type { Deps } from '../../deps'
import type { Tx } from '../../kernel/db/client'
import { AppError } from '../../kernel/errors'
import { lockTrainDatesAndRuns } from '../repositories/inventory'
import { bookingStates, insertHeldOrders, ownsTraveller, trainDateKey, type HeldOrderWrite, type HeldSeat, type OrderWithParts } from '../repositories/orders'
import { decideHeldOrder, documentOf, heldOrderWrite, type HeldOrderInput } from './booking'

/** what became of one order of the list: booked, or refused with this error (no seats: ETRAIN1020) */
export type HeldOrderResult = { made: OrderWithParts } | { refused: AppError }

export interface HeldOrderHooks {
  /** called before each order is decided (a test's way to fail the list as a bug would) */
  beforeDecide?: (n: number) => void
  /** the caller's statements written with the orders, made from the results */
  alongside?: (results: readonly HeldOrderResult[]) => SQL[]
}

export async function bookHeldOrders(
  tx: Tx,
  deps: Pick<Deps, 'railway' | 'searchCaches'>,
  inputs: readonly HeldOrderInput[],
  now: Date,
  hooks: HeldOrderHooks = {},
): Promise<HeldOrderResult[]> {
  const trainDateOf = (input: HeldOrderInput) => ({ trainCode: input.segment.train.trainCode, date: input.segment.startDate })

  // 1. the locks, in one statement: train-dates, then runs (each set in a fixed order)
  const runs = await lockTrainDatesAndRuns(
    tx,
    inputs.map(({ segment: seg, seatType }) => ({
      trainCode: seg.train.trainCode,
      date: seg.startDate,
      seatType,
      ...deps.railway.runNumbers(seg.train.trainCode, seg.startDate, seatType),
    })),
  )
  // the searches' seat counts of these trains (search-caches.ts): now, and again after the commit
  for (const input of inputs) deps.searchCaches.seatsChanged(input.segment.train.trainCode, input.segment.startDate)

  // 2. one read of what every order decides on
  const read = await bookingStates(tx, {
    runIds: runs.map((r) => r.id),
    trainDates: inputs.map(trainDateOf),
    travellerIds: inputs.flatMap((input) => input.passengers.map((p) => p.travellerId)),
    orders: inputs.length,
    passengers: inputs.reduce((n, input) => n + input.passengers.length, 0),
  })

  // 3. each order in turn, against what was read plus what earlier orders of the list took
  const writes: HeldOrderWrite[] = []
  let passengerAt = 0
  const results = inputs.map((input, n): HeldOrderResult => {
    hooks.beforeDecide?.(n)
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
      return { refused: err }
    }
    if (!made) return { refused: new AppError('ETRAIN1020') }
    // what this order took is taken for the rest of the list (the maps hold the same arrays and sets)
    for (const p of made.passengers) holds.push({ seatIndex: p.seatIndex, fromIdx: made.order.fromIdx, toIdx: made.order.toIdx })
    read.holds.set(run.id, holds)
    for (const p of made.passengers) booked.add(documentOf(p))
    read.documents.set(trainDateKey(trainDateOf(input)), booked)
    writes.push(heldOrderWrite(made, run.id))
    return { made }
  })

  // 4. one write of everything
  await insertHeldOrders(tx, writes, hooks.alongside?.(results) ?? [])
  return results
}

/**
 * One order booked as a list of one (a grab request coming true): the order toBePaid with its seats
 * held and its deadline job, inside `tx`. Answers null when the run has not enough free seats for
 * this segment; throws any other refusal.
 */
export async function createHeldOrder(tx: Tx, deps: Pick<Deps, 'railway' | 'searchCaches'>, input: HeldOrderInput, now: Date): Promise<OrderWithParts | null> {
  const [result] = await bookHeldOrders(tx, deps, [input], now)
  if ('made' in result) return result.made
  if (result.refused.msgId === 'ETRAIN1020') return null
  throw result.refused
}
