/**
 * What the orders list (services/order-feeds.ts) reads of the train and air orders: one owner's
 * rows, newest first, filtered by status and by who paid, with the count of every match.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { AirOrderStatus, PayMethod } from '@contracts/air'
import type { TrainOrderStatus, TrainPayer } from '@contracts/train'
import type { Queryable } from '../db/client'
import { airOrders, trainOrderPassengers, trainOrders } from '../db/schema'
import type { Owner } from './owned'

export interface FeedFilter<S extends string, P extends string> {
  statuses?: readonly S[]
  payer?: P
  limit: number
}

export async function trainOrdersOfOwner(q: Queryable, owner: Owner, f: FeedFilter<TrainOrderStatus, TrainPayer>) {
  const where: SQL[] = [eq(trainOrders.userId, owner.userId), eq(trainOrders.eventId, owner.eventId)]
  if (f.statuses) where.push(inArray(trainOrders.status, [...f.statuses]))
  if (f.payer) where.push(eq(trainOrders.payer, f.payer))
  const [{ n }] = await q.select({ n: sql<number>`count(*)::int` }).from(trainOrders).where(and(...where))
  const rows = await q.select().from(trainOrders).where(and(...where)).orderBy(desc(trainOrders.createdAt), desc(trainOrders.id)).limit(f.limit)
  const names = rows.length
    ? await q
        .select({ orderId: trainOrderPassengers.orderId, name: trainOrderPassengers.name })
        .from(trainOrderPassengers)
        .where(inArray(trainOrderPassengers.orderId, rows.map((r) => r.id)))
        .orderBy(asc(trainOrderPassengers.id))
    : []
  return { total: n, rows: rows.map((r) => ({ ...r, passengerNames: names.filter((x) => x.orderId === r.id).map((x) => x.name) })) }
}

export async function airOrdersOfOwner(q: Queryable, owner: Owner, f: FeedFilter<AirOrderStatus, PayMethod>) {
  const where: SQL[] = [eq(airOrders.userId, owner.userId), eq(airOrders.eventId, owner.eventId)]
  if (f.statuses) where.push(inArray(airOrders.status, [...f.statuses]))
  if (f.payer) where.push(eq(airOrders.paidBy, f.payer))
  const [{ n }] = await q.select({ n: sql<number>`count(*)::int` }).from(airOrders).where(and(...where))
  const rows = await q
    .select({
      orderCode: airOrders.orderCode,
      status: airOrders.status,
      totalFen: airOrders.totalFen,
      flight: airOrders.flight,
      departureAt: airOrders.departureAt,
      paidBy: airOrders.paidBy,
      createdAt: airOrders.createdAt,
    })
    .from(airOrders)
    .where(and(...where))
    .orderBy(desc(airOrders.createdAt), desc(airOrders.id))
    .limit(f.limit)
  return { total: n, rows }
}
