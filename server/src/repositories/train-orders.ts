/**
 * train_orders, train_order_passengers, train_order_events. Status changes go through
 * setOrderStatus only, called by services/train-orders.ts after domain/train-order-states.ts
 * allowed the move.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { TrainOrderEventKind, TrainOrderStatus, TrainPayer } from '@contracts/train'
import type { Queryable, Tx } from '../db/client'
import { columnList, rowsOf, toRecord } from '../db/json-rows'
import { trainOrderEvents, trainOrderPassengers, trainOrders, trainSeatHolds, trainTravellers } from '../db/schema'
import type { Owner } from './owned'
import type { TravellerRow } from './train-travellers'
import { documentsOnTrainQuery } from './train-inventory'
import { changesOfOrder, refundsOfOrder, type ChangeRecordRow, type RefundRecordRow } from './train-aftersales'

export type OrderRow = typeof trainOrders.$inferSelect
export type OrderPassengerRow = typeof trainOrderPassengers.$inferSelect
export type OrderEventRow = typeof trainOrderEvents.$inferSelect

export interface OrderWithParts {
  order: OrderRow
  passengers: OrderPassengerRow[]
  events: OrderEventRow[]
  /** issue 11: its refunds and changes, newest first */
  refunds: RefundRecordRow[]
  changes: ChangeRecordRow[]
}

export interface HeldOrderWrite {
  /** with its id drawn by bookingState */
  order: OrderRow
  /** in the order given, with their ids drawn by bookingState; each holds its `seatIndex` of the run */
  passengers: OrderPassengerRow[]
  runId: number
  /** the order's first timeline event */
  event: { kind: TrainOrderEventKind; at: Date }
  /** the order's deadline job (key: the order's id, payload {orderId}), due at its payDeadline */
  deadlineJobKind: string
  /** one more write that goes with it (the request's answer under its idempotency key) */
  alongside?: SQL
}

/**
 * A new order with everything that comes with it, in ONE statement (issue 15: one round trip
 * instead of six while the run is locked): the order, its passengers, one seat hold per passenger
 * on the run for the order's segment, its first timeline event, its deadline job (a job row as
 * repositories/jobs.ts ensureJob writes it) and `alongside`. The rows are written as given (their
 * ids drawn before), so what the caller holds is what is stored.
 */
export async function insertHeldOrder(tx: Tx, w: HeldOrderWrite): Promise<void> {
  const orderJson = JSON.stringify(toRecord(trainOrders, w.order))
  const passengersJson = JSON.stringify(w.passengers.map((p) => toRecord(trainOrderPassengers, p)))
  await tx.execute(sql`
    WITH o AS (
      INSERT INTO ${trainOrders} (${columnList(trainOrders, [])})
      SELECT ${columnList(trainOrders, [])} FROM json_populate_record(NULL::${trainOrders}, ${orderJson}::json)
      RETURNING id, from_idx, to_idx, pay_deadline, created_at
    ), p AS (
      INSERT INTO ${trainOrderPassengers} (${columnList(trainOrderPassengers, [])})
      SELECT ${columnList(trainOrderPassengers, [], 'x')} FROM json_populate_recordset(NULL::${trainOrderPassengers}, ${passengersJson}::json) AS x
      RETURNING id, order_id, seat_index
    ), h AS (
      INSERT INTO ${trainSeatHolds} (run_id, seat_index, from_idx, to_idx, order_id, active, passenger_id, change_id)
      SELECT ${w.runId}, p.seat_index, o.from_idx, o.to_idx, o.id, true, p.id, NULL FROM o JOIN p ON p.order_id = o.id
    ), e AS (
      INSERT INTO ${trainOrderEvents} (order_id, kind, at) SELECT o.id, ${w.event.kind}, ${w.event.at.toISOString()}::timestamptz FROM o
    ), j AS (
      INSERT INTO jobs (kind, key, payload, due_at, created_at)
      SELECT ${w.deadlineJobKind}, o.id::text, jsonb_build_object('orderId', o.id), o.pay_deadline, o.created_at FROM o
      ON CONFLICT DO NOTHING
    )${w.alongside ? sql`, a AS (${w.alongside})` : sql``}
    SELECT 1`)
}

export async function addOrderEvent(q: Queryable, orderId: number, kind: TrainOrderEventKind, at: Date): Promise<void> {
  await q.insert(trainOrderEvents).values({ orderId, kind, at })
}

export async function orderParts(q: Queryable, order: OrderRow): Promise<OrderWithParts> {
  const passengers = await q.select().from(trainOrderPassengers).where(eq(trainOrderPassengers.orderId, order.id)).orderBy(asc(trainOrderPassengers.id))
  const events = await q.select().from(trainOrderEvents).where(eq(trainOrderEvents.orderId, order.id)).orderBy(asc(trainOrderEvents.at), asc(trainOrderEvents.id))
  return { order, passengers, events, refunds: await refundsOfOrder(q, order.id), changes: await changesOfOrder(q, order.id) }
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
  const [row] = await q.update(trainOrders).set({ ...changes, status }).where(eq(trainOrders.id, id)).returning()
  return row
}

/** issue 11: the tickets' states (and the change a ticket now comes from) move with the order's status */
export async function setTicketStates(q: Queryable, passengerIds: number[], changes: Pick<Partial<OrderPassengerRow>, 'ticketState' | 'changeId'>): Promise<void> {
  if (passengerIds.length) await q.update(trainOrderPassengers).set(changes).where(inArray(trainOrderPassengers.id, passengerIds))
}

export async function updatePassenger(q: Queryable, id: number, changes: Partial<Omit<OrderPassengerRow, 'id' | 'orderId'>>): Promise<void> {
  await q.update(trainOrderPassengers).set(changes).where(eq(trainOrderPassengers.id, id))
}

/** a traveller as a booking copies it onto the order */
export type BookingTraveller = Pick<TravellerRow, 'id' | 'name' | 'documentType' | 'documentNumber' | 'passengerType' | 'mobile' | 'auditStatus'>

/**
 * Everything a booking decides on, in ONE read under the run's lock (issue 15: one round trip
 * instead of three). lockRun is an earlier statement, so this one sees every booking committed
 * before the lock was ours. It answers:
 * - the owner's travellers among `travellerIds` (fewer: some are missing or someone else's);
 * - the run's active holds;
 * - the documents ('type:number') of those travellers holding a live ticket on the train and
 *   date (repositories/train-inventory.ts documentsOnTrainQuery: the one definition, which
 *   follows changes too). Travellers are stored with their numbers normalised
 *   (services/train-travellers.ts), as order passengers are;
 * - ids for the order and its passengers about to be written (drawn here to save a round trip;
 *   ids not used leave gaps, as a rolled-back insert does).
 */
export async function bookingState(
  tx: Tx,
  q: { run: { id: number; trainCode: string; date: string }; owner: Owner; travellerIds: number[] },
): Promise<{ travellers: BookingTraveller[]; holds: Array<{ seatIndex: number; fromIdx: number; toIdx: number }>; bookedDocuments: string[]; orderId: number; passengerIds: number[] }> {
  const t = trainTravellers
  const mine = and(inArray(t.id, q.travellerIds), eq(t.userId, q.owner.userId), eq(t.eventId, q.owner.eventId))
  const result = await tx.execute(sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_array(${t.id}, ${t.name}, ${t.documentType}, ${t.documentNumber}, ${t.passengerType}, ${t.mobile}, ${t.auditStatus})), '[]'::json)
         FROM ${t} WHERE ${mine}) AS travellers,
      (SELECT coalesce(json_agg(json_build_array(${trainSeatHolds.seatIndex}, ${trainSeatHolds.fromIdx}, ${trainSeatHolds.toIdx})), '[]'::json)
         FROM ${trainSeatHolds} WHERE ${and(eq(trainSeatHolds.runId, q.run.id), eq(trainSeatHolds.active, true))}) AS holds,
      (SELECT coalesce(json_agg(DISTINCT held.d), '[]'::json)
         FROM (${documentsOnTrainQuery(q.run.trainCode, q.run.date)}) AS held(d)
        WHERE held.d IN (SELECT ${t.documentType} || ':' || ${t.documentNumber} FROM ${t} WHERE ${mine})) AS documents,
      nextval(pg_get_serial_sequence('train_orders', 'id'))::int AS order_id,
      (SELECT json_agg(nextval(pg_get_serial_sequence('train_order_passengers', 'id'))::int) FROM generate_series(1, ${q.travellerIds.length}::int)) AS passenger_ids`)
  type Row = { travellers: Array<[number, string, string, string, string, string, string]>; holds: Array<[number, number, number]>; documents: string[]; order_id: number; passenger_ids: number[] | null }
  const [row] = rowsOf<Row>(result)
  return {
    travellers: row.travellers.map(([id, name, documentType, documentNumber, passengerType, mobile, auditStatus]) => ({
      id,
      name,
      documentType: documentType as BookingTraveller['documentType'],
      documentNumber,
      passengerType: passengerType as BookingTraveller['passengerType'],
      mobile,
      auditStatus: auditStatus as BookingTraveller['auditStatus'],
    })),
    holds: row.holds.map(([seatIndex, fromIdx, toIdx]) => ({ seatIndex, fromIdx, toIdx })),
    bookedDocuments: row.documents,
    orderId: row.order_id,
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
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(trainOrders).where(ownerWhere(owner, o))
  return row.n
}

/**
 * One owner's train orders, newest first, with their passengers' names: what the orders feed
 * (/api/pay/basicOrderInfo/pageOrder, the event-day slice's services/order-feed.ts) wraps.
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
    .where(inArray(trainOrderPassengers.orderId, orders.map((o) => o.id)))
    .orderBy(asc(trainOrderPassengers.id))
  return orders.map((o) => ({ ...o, passengerNames: names.filter((n) => n.orderId === o.id).map((n) => n.name) }))
}
