/**
 * train_orders, train_order_passengers, train_order_events. Status changes go through
 * setOrderStatus only, called by train/orders/orders.ts after train/rules/order-states.ts
 * allowed the move.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { TrainOrderEventKind, TrainOrderStatus, TrainPayer } from '@contracts/train'
import type { Queryable, Tx } from '../../kernel/db/client'
import { columnList, rowsOf, toRecord } from '../../kernel/db/json-rows'
import { trainOrderEvents, trainOrderPassengers, trainOrders, trainSeatHolds, trainTravellers } from '../../kernel/db/schema'
import type { Owner } from '../../kernel/db/owned'
import type { TravellerRow } from './travellers'
import { trainHoldersQuery } from './inventory'
import { changesOfOrder, refundsOfOrder, type ChangeRecordRow, type RefundRecordRow } from './aftersales'

export type OrderRow = typeof trainOrders.$inferSelect
export type OrderPassengerRow = typeof trainOrderPassengers.$inferSelect
export type OrderEventRow = typeof trainOrderEvents.$inferSelect

export interface OrderWithParts {
  order: OrderRow
  passengers: OrderPassengerRow[]
  events: OrderEventRow[]
  /** its refunds and changes, newest first */
  refunds: RefundRecordRow[]
  changes: ChangeRecordRow[]
}

export interface HeldOrderWrite {
  /** with its id drawn by bookingStates */
  order: OrderRow
  /** in the order given, with their ids drawn by bookingStates; each holds its `seatIndex` of the run */
  passengers: OrderPassengerRow[]
  runId: number
  /** the order's first timeline event */
  event: { kind: TrainOrderEventKind; at: Date }
  /** the order's deadline job (key: the order's id, payload {orderId}), due at its payDeadline */
  deadlineJobKind: string
}

/**
 * New orders with everything that comes with them, in ONE statement (one round trip
 * instead of six while the runs are locked; a booking batch writes all its orders in it): the
 * orders, their passengers, one seat hold per passenger on the order's run for its segment, the
 * first timeline events, the deadline jobs (job rows as kernel/jobs/repository.ts ensureJob writes
 * them) and `alongside` (more writes that go with them: the answers under their idempotency
 * keys). The rows are written as given (their ids drawn before), so what the caller holds is what
 * is stored.
 */
export async function insertHeldOrders(tx: Tx, writes: readonly HeldOrderWrite[], alongside: readonly SQL[] = []): Promise<void> {
  if (!writes.length && !alongside.length) return
  const json = (rows: unknown[]) => JSON.stringify(rows)
  const orders = json(writes.map((w) => toRecord(trainOrders, w.order)))
  const passengers = json(writes.flatMap((w) => w.passengers.map((p) => toRecord(trainOrderPassengers, p))))
  const holds = json(
    writes.flatMap((w) =>
      w.passengers.map((p) => ({
        run_id: w.runId,
        seat_index: p.seatIndex,
        from_idx: w.order.fromIdx,
        to_idx: w.order.toIdx,
        order_id: w.order.id,
        active: true,
        passenger_id: p.id,
        change_id: null,
      })),
    ),
  )
  const events = json(writes.map((w) => ({ order_id: w.order.id, kind: w.event.kind, at: w.event.at.toISOString() })))
  const jobs = json(
    writes.map((w) => ({
      kind: w.deadlineJobKind,
      key: String(w.order.id),
      payload: { orderId: w.order.id },
      due_at: w.order.payDeadline.toISOString(),
      created_at: w.order.createdAt.toISOString(),
    })),
  )
  const extra = alongside.map((a, i) => sql`, ${sql.raw(`a${i}`)} AS (${a})`)
  await tx.execute(sql`
    WITH o AS (
      INSERT INTO ${trainOrders} (${columnList(trainOrders, [])})
      SELECT ${columnList(trainOrders, [], 'x')} FROM json_populate_recordset(NULL::${trainOrders}, ${orders}::json) AS x
    ), p AS (
      INSERT INTO ${trainOrderPassengers} (${columnList(trainOrderPassengers, [])})
      SELECT ${columnList(trainOrderPassengers, [], 'x')} FROM json_populate_recordset(NULL::${trainOrderPassengers}, ${passengers}::json) AS x
    ), h AS (
      INSERT INTO ${trainSeatHolds} (run_id, seat_index, from_idx, to_idx, order_id, active, passenger_id, change_id)
      SELECT x.run_id, x.seat_index, x.from_idx, x.to_idx, x.order_id, x.active, x.passenger_id, x.change_id
        FROM json_to_recordset(${holds}::json) AS x(run_id int, seat_index int, from_idx int, to_idx int, order_id int, active boolean, passenger_id int, change_id int)
    ), e AS (
      INSERT INTO ${trainOrderEvents} (order_id, kind, at)
      SELECT x.order_id, x.kind, x.at FROM json_to_recordset(${events}::json) AS x(order_id int, kind varchar, at timestamptz)
    ), j AS (
      INSERT INTO jobs (kind, key, payload, due_at, created_at)
      SELECT x.kind, x.key, x.payload, x.due_at, x.created_at FROM json_to_recordset(${jobs}::json) AS x(kind varchar, key varchar, payload jsonb, due_at timestamptz, created_at timestamptz)
      ON CONFLICT DO NOTHING
    )${sql.join(extra, sql``)}
    SELECT 1`)
}

export async function addOrderEvent(q: Queryable, orderId: number, kind: TrainOrderEventKind, at: Date): Promise<void> {
  await q.insert(trainOrderEvents).values({ orderId, kind, at })
}

export async function orderParts(q: Queryable, order: OrderRow): Promise<OrderWithParts> {
  const passengers = await q.select().from(trainOrderPassengers).where(eq(trainOrderPassengers.orderId, order.id)).orderBy(asc(trainOrderPassengers.id))
  const events = await q
    .select()
    .from(trainOrderEvents)
    .where(eq(trainOrderEvents.orderId, order.id))
    .orderBy(asc(trainOrderEvents.at), asc(trainOrderEvents.id))
  return { order, passengers, events, refunds: await refundsOfOrder(q, order.id), changes: await changesOfOrder(q, order.id) }
}

/** an order as it is, without locking it (a job deciding whether there is anything to ask the railway) */
export async function orderById(q: Queryable, id: number): Promise<OrderRow | undefined> {
  const [row] = await q.select().from(trainOrders).where(eq(trainOrders.id, id))
  return row
}

/** an order by id, locked for the transaction (jobs: no owner to check, they act on the order itself) */
export async function lockOrder(tx: Tx, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(trainOrders).where(eq(trainOrders.id, id)).for('update')
  return row
}

export async function updateOrder(q: Queryable, id: number, changes: Partial<Omit<OrderRow, 'id' | 'userId' | 'eventId' | 'status'>>): Promise<OrderRow> {
  const [row] = await q.update(trainOrders).set(changes).where(eq(trainOrders.id, id)).returning()
  return row
}

/** the one place an order's status is written */
export async function setOrderStatus(
  q: Queryable,
  id: number,
  status: TrainOrderStatus,
  changes: Partial<Omit<OrderRow, 'id' | 'userId' | 'eventId' | 'status'>>,
): Promise<OrderRow> {
  const [row] = await q
    .update(trainOrders)
    .set({ ...changes, status })
    .where(eq(trainOrders.id, id))
    .returning()
  return row
}

/** the tickets' states (and the change a ticket now comes from) move with the order's status */
export async function setTicketStates(
  q: Queryable,
  passengerIds: number[],
  changes: Pick<Partial<OrderPassengerRow>, 'ticketState' | 'changeId'>,
): Promise<void> {
  if (passengerIds.length) await q.update(trainOrderPassengers).set(changes).where(inArray(trainOrderPassengers.id, passengerIds))
}

export async function updatePassenger(q: Queryable, id: number, changes: Partial<Omit<OrderPassengerRow, 'id' | 'orderId'>>): Promise<void> {
  await q.update(trainOrderPassengers).set(changes).where(eq(trainOrderPassengers.id, id))
}

/** a traveller as a booking copies it onto the order */
export type BookingTraveller = Pick<TravellerRow, 'id' | 'name' | 'documentType' | 'documentNumber' | 'passengerType' | 'mobile' | 'auditStatus'>

/** a seat of a run held for a segment (stops fromIdx..toIdx) */
export interface HeldSeat {
  seatIndex: number
  fromIdx: number
  toIdx: number
}

/** what bookingStates read */
export interface BookingStates {
  /** the travellers read by id, whoever owns them (the caller keeps an order's own: ownsTraveller) */
  travellers: Map<number, BookingTraveller & { userId: number; eventId: number }>
  /** each run's active holds, by run id */
  holds: Map<number, HeldSeat[]>
  /** 'trainCode|date' → the documents of those travellers holding a live ticket on that train and date */
  documents: Map<string, Set<string>>
  /** ids for the orders and passengers about to be written */
  orderIds: number[]
  passengerIds: number[]
}

export const trainDateKey = (t: { trainCode: string; date: string }) => `${t.trainCode}|${t.date}`
export const ownsTraveller = (owner: Owner, t: { userId: number; eventId: number }) => t.userId === owner.userId && t.eventId === owner.eventId

/**
 * Everything bookings decide on, in ONE read under their runs' locks (one round trip
 * instead of three; one for a whole booking batch). The runs' lock is an earlier statement, so this one
 * sees every booking committed before the locks were ours. It answers:
 * - the travellers among `travellerIds`, with their owners (fewer: some are missing);
 * - the runs' active holds;
 * - the documents ('type:number') of those travellers holding a live ticket on each train and
 *   date (train/repositories/inventory.ts trainHoldersQuery: the one definition, which follows
 *   changes too). Travellers are stored with their numbers normalised
 *   (train/travellers.ts), as order passengers are;
 * - ids for `orders` orders and `passengers` passengers about to be written (drawn here to save a
 *   round trip; ids not used leave gaps, as a rolled-back insert does).
 */
export async function bookingStates(
  tx: Tx,
  q: {
    runIds: readonly number[]
    trainDates: ReadonlyArray<{ trainCode: string; date: string }>
    travellerIds: readonly number[]
    orders: number
    passengers: number
  },
): Promise<BookingStates> {
  const t = trainTravellers
  const ids = [...new Set(q.travellerIds)]
  const theirs = inArray(t.id, ids.length ? ids : [0])
  const result = await tx.execute(sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_array(${t.id}, ${t.name}, ${t.documentType}, ${t.documentNumber}, ${t.passengerType}, ${t.mobile}, ${t.auditStatus}, ${t.userId}, ${t.eventId})), '[]'::json)
         FROM ${t} WHERE ${theirs}) AS travellers,
      (SELECT coalesce(json_agg(json_build_array(${trainSeatHolds.runId}, ${trainSeatHolds.seatIndex}, ${trainSeatHolds.fromIdx}, ${trainSeatHolds.toIdx})), '[]'::json)
         FROM ${trainSeatHolds} WHERE ${and(inArray(trainSeatHolds.runId, q.runIds.length ? [...q.runIds] : [0]), eq(trainSeatHolds.active, true))}) AS holds,
      (SELECT coalesce(json_agg(DISTINCT jsonb_build_array(held.train_code, held.date, held.doc)), '[]'::json)
         FROM (${trainHoldersQuery(q.trainDates)}) AS held
        WHERE held.doc IN (SELECT ${t.documentType} || ':' || ${t.documentNumber} FROM ${t} WHERE ${theirs})) AS documents,
      (SELECT json_agg(nextval(pg_get_serial_sequence('train_orders', 'id'))::int) FROM generate_series(1, ${q.orders}::int)) AS order_ids,
      (SELECT json_agg(nextval(pg_get_serial_sequence('train_order_passengers', 'id'))::int) FROM generate_series(1, ${q.passengers}::int)) AS passenger_ids`)
  type Row = {
    travellers: Array<[number, string, string, string, string, string, string, number, number]>
    holds: Array<[number, number, number, number]>
    documents: Array<[string, string, string]>
    order_ids: number[] | null
    passenger_ids: number[] | null
  }
  const [row] = rowsOf<Row>(result)
  const holds = new Map<number, HeldSeat[]>(q.runIds.map((id) => [id, []]))
  for (const [runId, seatIndex, fromIdx, toIdx] of row.holds) holds.get(runId)?.push({ seatIndex, fromIdx, toIdx })
  const documents = new Map<string, Set<string>>(q.trainDates.map((td) => [trainDateKey(td), new Set()]))
  for (const [trainCode, date, doc] of row.documents) documents.get(trainDateKey({ trainCode, date }))?.add(doc)
  return {
    travellers: new Map(
      row.travellers.map(([id, name, documentType, documentNumber, passengerType, mobile, auditStatus, userId, eventId]) => [
        id,
        {
          id,
          name,
          documentType: documentType as BookingTraveller['documentType'],
          documentNumber,
          passengerType: passengerType as BookingTraveller['passengerType'],
          mobile,
          auditStatus: auditStatus as BookingTraveller['auditStatus'],
          userId,
          eventId,
        },
      ]),
    ),
    holds,
    documents,
    orderIds: row.order_ids ?? [],
    passengerIds: row.passenger_ids ?? [],
  }
}

export interface OwnerTrainOrdersQuery {
  /** absent or empty: every status */
  statuses?: readonly TrainOrderStatus[]
  /** absent: whoever paid (and unpaid ones) */
  payer?: TrainPayer
}

function ownerWhere(owner: Owner, o: OwnerTrainOrdersQuery) {
  // removed orders (orderInfo/remove) are kept for accounting but leave the attendee's lists
  const where = [eq(trainOrders.userId, owner.userId), eq(trainOrders.eventId, owner.eventId), isNull(trainOrders.removedAt)]
  if (o.statuses?.length) where.push(inArray(trainOrders.status, [...o.statuses]))
  if (o.payer) where.push(eq(trainOrders.payer, o.payer))
  return and(...where)
}

/** how many orders listOwnerTrainOrders would find without its limit */
export async function countOwnerTrainOrders(q: Queryable, owner: Owner, o: OwnerTrainOrdersQuery = {}): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(trainOrders)
    .where(ownerWhere(owner, o))
  return row.n
}

/**
 * One owner's train orders, newest first, with their passengers' names: what the orders feed
 * (/api/pay/basicOrderInfo/pageOrder, orders/order-feed.ts) wraps.
 */
export async function listOwnerTrainOrders(
  q: Queryable,
  owner: Owner,
  opts: OwnerTrainOrdersQuery & { limit: number; offset: number },
): Promise<Array<OrderRow & { passengerNames: string[] }>> {
  const orders = await q
    .select()
    .from(trainOrders)
    .where(ownerWhere(owner, opts))
    .orderBy(desc(trainOrders.createdAt), desc(trainOrders.id))
    .limit(opts.limit)
    .offset(opts.offset)
  if (!orders.length) return []
  const names = await q
    .select({ orderId: trainOrderPassengers.orderId, name: trainOrderPassengers.name })
    .from(trainOrderPassengers)
    .where(
      inArray(
        trainOrderPassengers.orderId,
        orders.map((o) => o.id),
      ),
    )
    .orderBy(asc(trainOrderPassengers.id))
  return orders.map((o) => ({ ...o, passengerNames: names.filter((n) => n.orderId === o.id).map((n) => n.name) }))
}
