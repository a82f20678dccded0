/**
 * train_orders, train_order_passengers, train_order_events. Status changes go through
 * setOrderStatus only, called by services/train-orders.ts after domain/train-order-states.ts
 * allowed the move.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { TrainOrderEventKind, TrainOrderStatus, TrainPayer } from '@contracts/train'
import type { Queryable, Tx } from '../db/client'
import { trainOrderEvents, trainOrderPassengers, trainOrders } from '../db/schema'
import type { Owner } from './owned'
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

export async function insertOrder(
  tx: Tx,
  order: Omit<OrderRow, 'id'>,
  passengers: Array<Omit<OrderPassengerRow, 'id' | 'orderId'>>,
): Promise<{ order: OrderRow; passengers: OrderPassengerRow[] }> {
  const [saved] = await tx.insert(trainOrders).values(order).returning()
  const savedPassengers = await tx
    .insert(trainOrderPassengers)
    .values(passengers.map((p) => ({ ...p, orderId: saved.id })))
    .returning()
  return { order: saved, passengers: savedPassengers }
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

/** documents already booked on this train and date in live orders (the railway sells one ticket per person per train) */
export async function liveDocumentsOnTrain(q: Queryable, trainCode: string, date: string, statuses: readonly TrainOrderStatus[]): Promise<string[]> {
  const rows = await q
    .select({ documentType: trainOrderPassengers.documentType, documentNumber: trainOrderPassengers.documentNumber })
    .from(trainOrderPassengers)
    .innerJoin(trainOrders, eq(trainOrders.id, trainOrderPassengers.orderId))
    .where(and(eq(trainOrders.trainCode, trainCode), eq(trainOrders.date, date), inArray(trainOrders.status, [...statuses])))
  return rows.map((r) => `${r.documentType}:${r.documentNumber}`)
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
