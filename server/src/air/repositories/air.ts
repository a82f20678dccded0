/** Air orders, passengers, their timeline and the events' flight notices: SQL only. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { AppError } from '../../kernel/errors'
import type { AirOrderStatus, PayMethod } from '@contracts/air'
import type { Queryable } from '../../kernel/db/client'
import { airNotices, airOrderEvents, airOrders, airPassengers } from '../../kernel/db/schema'
import { loadOwned, type Owner } from '../../kernel/db/owned'

export type AirOrderRow = typeof airOrders.$inferSelect
export type AirPassengerRow = typeof airPassengers.$inferSelect
export type AirOrderEventRow = typeof airOrderEvents.$inferSelect
export type AirNoticeRow = typeof airNotices.$inferSelect

export async function insertAirOrder(
  q: Queryable,
  o: typeof airOrders.$inferInsert,
  passengers: Array<Omit<typeof airPassengers.$inferInsert, 'orderId'>>,
): Promise<AirOrderRow> {
  const [order] = await q.insert(airOrders).values(o).returning()
  await q.insert(airPassengers).values(passengers.map((p) => ({ ...p, orderId: order.id })))
  await q.insert(airOrderEvents).values({ orderId: order.id, status: order.status, at: o.createdAt })
  return order
}

/** one of the owner's orders (ESYS0004 for a missing or foreign one, and for one the owner removed) */
export async function loadOwnedAirOrder(q: Queryable, id: number, owner: Owner, opts: { forUpdate?: boolean } = {}): Promise<AirOrderRow> {
  const row = await loadOwned(q, airOrders, id, owner, opts)
  if (row.removedAt) throw new AppError('ESYS0004')
  return row
}

export async function airOrderById(q: Queryable, id: number, opts: { forUpdate?: boolean } = {}): Promise<AirOrderRow | null> {
  const query = q.select().from(airOrders).where(eq(airOrders.id, id))
  const [row] = opts.forUpdate ? await query.for('update') : await query
  return row ?? null
}

export async function airOrderByPnr(q: Queryable, pnr: string): Promise<AirOrderRow | null> {
  const [row] = await q.select().from(airOrders).where(eq(airOrders.pnr, pnr)).limit(1)
  return row ?? null
}

export async function passengersOf(q: Queryable, orderId: number): Promise<AirPassengerRow[]> {
  return q.select().from(airPassengers).where(eq(airPassengers.orderId, orderId)).orderBy(asc(airPassengers.sort))
}

export async function timelineOf(q: Queryable, orderId: number): Promise<AirOrderEventRow[]> {
  return q.select().from(airOrderEvents).where(eq(airOrderEvents.orderId, orderId)).orderBy(asc(airOrderEvents.id))
}

/** writes a status the state machine answered, with its timeline entry */
export async function setAirOrderStatus(
  q: Queryable,
  id: number,
  status: AirOrderStatus,
  at: Date,
  changes: Partial<AirOrderRow> = {},
  note = '',
): Promise<void> {
  await q
    .update(airOrders)
    .set({ ...changes, status, updatedAt: at })
    .where(eq(airOrders.id, id))
  await q.insert(airOrderEvents).values({ orderId: id, status, at, note })
}

export async function setTicketNumbers(q: Queryable, orderId: number, ticketNos: string[]): Promise<void> {
  const ps = await passengersOf(q, orderId)
  for (const [i, p] of ps.entries())
    await q
      .update(airPassengers)
      .set({ ticketNo: ticketNos[i] ?? '', ticketStatus: 'issued' })
      .where(eq(airPassengers.id, p.id))
}

export interface OwnerAirOrdersQuery {
  /** absent or empty: every status */
  statuses?: AirOrderStatus[]
  /** absent: whoever paid (and unpaid ones) */
  paidBy?: PayMethod
}

function ownerWhere(owner: Owner, o: OwnerAirOrdersQuery) {
  // removed orders (removeTicketOrder) leave the lists; they stay in the table for accounting
  const where = [eq(airOrders.userId, owner.userId), eq(airOrders.eventId, owner.eventId), isNull(airOrders.removedAt)]
  if (o.statuses?.length) where.push(inArray(airOrders.status, o.statuses))
  if (o.paidBy) where.push(eq(airOrders.paidBy, o.paidBy))
  return and(...where)
}

/**
 * One owner's air orders, newest first, with status and amounts: for the orders list
 * (/api/pay/basicOrderInfo/pageOrder, orders/order-feeds.ts registers a feed).
 */
export async function listOwnerAirOrders(q: Queryable, owner: Owner, opts: OwnerAirOrdersQuery & { limit: number; offset?: number }) {
  return q
    .select({
      id: airOrders.id,
      orderCode: airOrders.orderCode,
      status: airOrders.status,
      totalFen: airOrders.totalFen,
      flight: airOrders.flight,
      departureAt: airOrders.departureAt,
      payDeadline: airOrders.payDeadline,
      paidBy: airOrders.paidBy,
      createdAt: airOrders.createdAt,
    })
    .from(airOrders)
    .where(ownerWhere(owner, opts))
    .orderBy(desc(airOrders.createdAt), desc(airOrders.id))
    .limit(opts.limit)
    .offset(opts.offset ?? 0)
}

/** how many orders listOwnerAirOrders would find without its limit */
export async function countOwnerAirOrders(q: Queryable, owner: Owner, opts: OwnerAirOrdersQuery = {}): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(airOrders)
    .where(ownerWhere(owner, opts))
  return row.n
}

export async function noticesOfEvent(q: Queryable, eventId: number): Promise<AirNoticeRow[]> {
  return q.select().from(airNotices).where(eq(airNotices.eventId, eventId)).orderBy(asc(airNotices.id))
}

export async function replaceNotices(q: Queryable, eventId: number, notices: Array<Omit<typeof airNotices.$inferInsert, 'eventId'>>): Promise<void> {
  await q.delete(airNotices).where(eq(airNotices.eventId, eventId))
  if (notices.length) await q.insert(airNotices).values(notices.map((n) => ({ ...n, eventId })))
}
