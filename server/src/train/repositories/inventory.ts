/**
 * train_runs / train_seat_holds: the seats of the railway sandbox (see the tables' comment).
 * Booking goes through lockRun: the run's row is created if needed and locked (as FOR UPDATE
 * would), so every booking and release of one train, date and class runs one after the other.
 */
import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm'
import type { SeatType } from '@contracts/train'
import type { Queryable, Tx } from '../../kernel/db/client'
import { rowsOf } from '../../kernel/db/json-rows'
import { trainOrderPassengers, trainRuns, trainSeatHolds } from '../../kernel/db/schema'

export type RunRow = typeof trainRuns.$inferSelect
export type HoldRow = typeof trainSeatHolds.$inferSelect

export interface RunKey {
  trainCode: string
  date: string
  seatType: SeatType
}

/**
 * The run's row, created with the sandbox's numbers the first time, locked until the transaction
 * ends. One statement: the insert, or on conflict an update that changes nothing but
 * takes the row's lock (like FOR UPDATE, waiting for a booking in flight) and returns the row as
 * last committed. Read what the lock guards (the run's holds) in a LATER statement: under READ
 * COMMITTED a statement sees what was committed when it started, so a read in this same statement
 * would miss the seats of the booking it waited for.
 */
export async function lockRun(tx: Tx, key: RunKey, numbers: { capacity: number; othersSold: number }): Promise<RunRow> {
  return (await lockRuns(tx, [{ ...key, ...numbers }]))[0]
}

const runKeyOf = (k: RunKey) => `${k.trainCode}|${k.date}|${k.seatType}`

/**
 * lockRun for several runs in ONE statement (a booking batch), answered in the order given. The
 * rows are inserted (so locked) in a fixed order (train, date, class); a run given twice is locked
 * once. Callers hold the runs' train-date locks first (lockTrainDate), which already keeps two
 * bookers of one run apart; the fixed order is for anyone locking runs without them.
 */
export async function lockRuns(tx: Tx, keys: ReadonlyArray<RunKey & { capacity: number; othersSold: number }>): Promise<RunRow[]> {
  const distinct = [...new Map(keys.map((k) => [runKeyOf(k), k])).values()].sort((x, y) => (runKeyOf(x) < runKeyOf(y) ? -1 : 1))
  const rows = await tx
    .insert(trainRuns)
    .values(distinct.map((k) => ({ trainCode: k.trainCode, date: k.date, seatType: k.seatType, capacity: k.capacity, othersSold: k.othersSold })))
    .onConflictDoUpdate({ target: [trainRuns.trainCode, trainRuns.date, trainRuns.seatType], set: { capacity: sql`${trainRuns.capacity}` } })
    .returning()
  const byKey = new Map(rows.map((r) => [runKeyOf(r), r]))
  return keys.map((k) => byKey.get(runKeyOf(k))!)
}

/**
 * Serialises the bookings of one train on one date whatever their seat class (lockRun locks one
 * class): the railway sells one ticket per person per train, and two bookings of one person in two
 * classes at the same moment must not both pass that check. A transaction-scoped advisory lock
 * (released at commit or rollback; taken again by the same transaction at no cost). Always taken
 * BEFORE any run's lock (fulfilGrabs takes it first too), so it cannot deadlock with one.
 */
export async function lockTrainDate(tx: Tx, trainCode: string, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${trainDateLockName({ trainCode, date })}, 0))`)
}

export interface TrainDate {
  trainCode: string
  date: string
}

const trainDateLockName = (t: TrainDate) => `train:${t.trainCode}|${t.date}`

/**
 * The train-date locks (lockTrainDate) of the runs given, then the runs themselves (lockRun), in
 * ONE statement (a round trip less for every booking; a booking batch locks all of its
 * runs this way): the advisory locks are taken one after the other in the order of their lock keys,
 * all of them before the first run row (the insert's rows pass a one-time filter that needs every
 * lock first), then the runs are inserted or locked in a fixed order (train, date, class), a run
 * given twice once. So two batches that share trains take their locks in the same order and never
 * wait for each other in a circle, and a one-train booking, grab or change (one train-date lock,
 * then its run) cannot close a circle with them either. Answers the runs in the order given. Read
 * what the locks guard in a LATER statement (see lockRun).
 */
export async function lockTrainDatesAndRuns(tx: Tx, keys: ReadonlyArray<RunKey & { capacity: number; othersSold: number }>): Promise<RunRow[]> {
  if (!keys.length) return []
  const names = [...new Set(keys.map(trainDateLockName))]
  const distinct = [...new Map(keys.map((k) => [runKeyOf(k), k])).values()].sort((x, y) => (runKeyOf(x) < runKeyOf(y) ? -1 : 1))
  const runs = JSON.stringify(
    distinct.map((k, ord) => ({ ord, train_code: k.trainCode, date: k.date, seat_type: k.seatType, capacity: k.capacity, others_sold: k.othersSold })),
  )
  const rows = rowsOf<RunRow>(
    await tx.execute(sql`
      WITH locked AS (
        SELECT count(pg_advisory_xact_lock(s.h)) AS n
        FROM (SELECT DISTINCT hashtextextended(n, 0) AS h FROM json_array_elements_text(${JSON.stringify(names)}::json) AS n ORDER BY 1) AS s
      )
      INSERT INTO ${trainRuns} (train_code, date, seat_type, capacity, others_sold)
      SELECT r.train_code, r.date, r.seat_type, r.capacity, r.others_sold
      FROM json_to_recordset(${runs}::json) AS r(ord int, train_code varchar, date varchar, seat_type varchar, capacity int, others_sold int)
      WHERE (SELECT n FROM locked) IS NOT NULL
      ORDER BY r.ord
      ON CONFLICT (train_code, date, seat_type) DO UPDATE SET capacity = ${trainRuns}.capacity
      RETURNING id, train_code AS "trainCode", date, seat_type AS "seatType", capacity, others_sold AS "othersSold"`),
  )
  const byKey = new Map(rows.map((r) => [runKeyOf(r), r]))
  return keys.map((k) => byKey.get(runKeyOf(k))!)
}

/**
 * THE definition of "the people holding a live ticket on train T on date D" (the railway sells one
 * ticket per person per train, whatever the class): a query of the documents ('type:number', as
 * order passengers store them, normalised) of the passengers of the ACTIVE seat holds of the
 * train's runs that day. A hold is active from the booking until its seat is given up, so this
 * follows every ticket wherever it is now, with no list of order statuses to keep in step:
 * - a booking holds its seats (toBePaid, ticketing, issued…) until cancelled, overdue, failed
 *   (releaseHoldsOfOrder) or refunded (releasePassengerHolds);
 * - a change holds its new seats on the new train (change_id) from its creation (toPay,
 *   processing) and keeps them when done, when the ticket's old seat is given up; a refused or
 *   unpaid change frees them (releaseChangeHolds). While a change is under way the ticket counts
 *   on BOTH trains: it may still end on either.
 * A completed change does not rewrite its order's train (the order keeps the train as booked;
 * the change's to_route says where the ticket is), so "orders of this train" would miss a ticket
 * changed onto it and count one changed away from it; the holds do neither.
 * Answers (train_code, date, doc) for each of `trainDates`.
 * `exceptPassengerIds`: holds of these passengers are left out (a change of their own tickets).
 * Callers hold the train-date lock (lockTrainDate) so nobody adds a holder while they decide.
 */
export function trainHoldersQuery(trainDates: readonly TrainDate[], exceptPassengerIds: readonly number[] = []): SQL {
  const p = trainOrderPassengers
  const except = exceptPassengerIds.length ? sql` AND ${notInArray(p.id, [...exceptPassengerIds])}` : sql``
  const which = JSON.stringify(trainDates.map((t) => ({ train_code: t.trainCode, date: t.date })))
  return sql`SELECT ${trainRuns.trainCode} AS train_code, ${trainRuns.date} AS date, ${p.documentType} || ':' || ${p.documentNumber} AS doc
    FROM json_to_recordset(${which}::json) AS td(train_code varchar, date varchar)
    JOIN ${trainRuns} ON ${trainRuns.trainCode} = td.train_code AND ${trainRuns.date} = td.date
    JOIN ${trainSeatHolds} ON ${and(eq(trainSeatHolds.runId, trainRuns.id), eq(trainSeatHolds.active, true))}
    JOIN ${p} ON ${eq(p.id, trainSeatHolds.passengerId)}
    WHERE true${except}`
}

/** which of `documents` ('type:number', normalised) hold a live ticket on the train that day (trainHoldersQuery) */
export async function documentsOnTrain(
  q: Queryable,
  trainCode: string,
  date: string,
  documents: readonly string[],
  exceptPassengerIds: readonly number[] = [],
): Promise<string[]> {
  if (!documents.length) return []
  const result = await q.execute(
    sql`SELECT DISTINCT held.doc FROM (${trainHoldersQuery([{ trainCode, date }], exceptPassengerIds)}) AS held WHERE held.doc IN (${sql.join(
      documents.map((d) => sql`${d}`),
      sql`, `,
    )})`,
  )
  return rowsOf<{ doc: string }>(result).map((r) => r.doc)
}

export async function activeHolds(q: Queryable, runId: number): Promise<HoldRow[]> {
  return q
    .select()
    .from(trainSeatHolds)
    .where(and(eq(trainSeatHolds.runId, runId), eq(trainSeatHolds.active, true)))
}

export async function insertHolds(tx: Tx, holds: Array<Omit<HoldRow, 'id' | 'active'>>): Promise<void> {
  if (holds.length) await tx.insert(trainSeatHolds).values(holds.map((h) => ({ ...h, active: true })))
}

/** frees an order's seats; answers the runs they were on (to wake grab requests) */
export async function releaseHoldsOfOrder(tx: Tx, orderId: number): Promise<number[]> {
  const gone = await tx
    .update(trainSeatHolds)
    .set({ active: false })
    .where(and(eq(trainSeatHolds.orderId, orderId), eq(trainSeatHolds.active, true)))
    .returning({ runId: trainSeatHolds.runId })
  return [...new Set(gone.map((g) => g.runId))]
}

export async function runById(q: Queryable, id: number): Promise<RunRow | undefined> {
  const [row] = await q.select().from(trainRuns).where(eq(trainRuns.id, id))
  return row
}

/** the runs already booked of these trains on a date, with their active holds (the search's seats left) */
export async function runsWithHolds(q: Queryable, trainCodes: string[], date: string): Promise<Array<RunRow & { holds: HoldRow[] }>> {
  if (!trainCodes.length) return []
  const runs = await q
    .select()
    .from(trainRuns)
    .where(and(inArray(trainRuns.trainCode, trainCodes), eq(trainRuns.date, date)))
  if (!runs.length) return []
  const holds = await q
    .select()
    .from(trainSeatHolds)
    .where(
      and(
        inArray(
          trainSeatHolds.runId,
          runs.map((r) => r.id),
        ),
        eq(trainSeatHolds.active, true),
      ),
    )
  return runs.map((r) => ({ ...r, holds: holds.filter((h) => h.runId === r.id) }))
}

/** the sandbox: the public gives back `count` seats of a run (a refund or cancellation elsewhere) */
export async function releaseOthersSeats(tx: Tx, runId: number, count: number): Promise<void> {
  await tx
    .update(trainRuns)
    .set({ othersSold: sql`greatest(0, ${trainRuns.othersSold} - ${count})` })
    .where(eq(trainRuns.id, runId))
}

/** the sandbox: the public buys up what is left of a run (tests and browser tests make a train sell out) */
export async function setOthersSold(tx: Tx, runId: number, othersSold: number): Promise<void> {
  await tx.update(trainRuns).set({ othersSold }).where(eq(trainRuns.id, runId))
}
