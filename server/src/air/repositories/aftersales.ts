/** Air refunds and changes, and the passengers' ticket fields they move: SQL only. */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { airChanges, airOrders, airPassengers, airRefunds, jobs } from '../../kernel/db/schema'

export type AirRefundRow = typeof airRefunds.$inferSelect
export type AirChangeRow = typeof airChanges.$inferSelect

export async function refundsOfOrder(q: Queryable, orderId: number): Promise<AirRefundRow[]> {
  return q.select().from(airRefunds).where(eq(airRefunds.orderId, orderId)).orderBy(asc(airRefunds.id))
}

export async function changesOfOrder(q: Queryable, orderId: number): Promise<AirChangeRow[]> {
  return q.select().from(airChanges).where(eq(airChanges.orderId, orderId)).orderBy(asc(airChanges.id))
}

export async function insertAirRefund(q: Queryable, r: typeof airRefunds.$inferInsert): Promise<AirRefundRow> {
  const [row] = await q.insert(airRefunds).values(r).returning()
  return row
}

export async function insertAirChange(q: Queryable, c: typeof airChanges.$inferInsert): Promise<AirChangeRow> {
  const [row] = await q.insert(airChanges).values(c).returning()
  return row
}

export async function airRefundByNo(q: Queryable, refundNo: string, opts: { forUpdate?: boolean } = {}): Promise<AirRefundRow | null> {
  const query = q.select().from(airRefunds).where(eq(airRefunds.refundNo, refundNo))
  const [row] = opts.forUpdate ? await query.for('update') : await query
  return row ?? null
}

export async function airChangeById(q: Queryable, id: number, opts: { forUpdate?: boolean } = {}): Promise<AirChangeRow | null> {
  const query = q.select().from(airChanges).where(eq(airChanges.id, id))
  const [row] = opts.forUpdate ? await query.for('update') : await query
  return row ?? null
}

export async function airChangeByNo(q: Queryable, changeNo: string, opts: { forUpdate?: boolean } = {}): Promise<AirChangeRow | null> {
  const query = q.select().from(airChanges).where(eq(airChanges.changeNo, changeNo))
  const [row] = opts.forUpdate ? await query.for('update') : await query
  return row ?? null
}

export async function airChangeByPnr(q: Queryable, pnr: string): Promise<AirChangeRow | null> {
  const [row] = await q.select().from(airChanges).where(eq(airChanges.newPnr, pnr)).limit(1)
  return row ?? null
}

export async function updateAirRefund(q: Queryable, id: number, changes: Partial<Omit<AirRefundRow, 'id'>>): Promise<void> {
  await q.update(airRefunds).set(changes).where(eq(airRefunds.id, id))
}

export async function updateAirChange(q: Queryable, id: number, changes: Partial<Omit<AirChangeRow, 'id'>>): Promise<void> {
  await q.update(airChanges).set(changes).where(eq(airChanges.id, id))
}

export async function updatePassengers(q: Queryable, orderId: number, ids: number[], changes: Partial<typeof airPassengers.$inferInsert>): Promise<void> {
  if (!ids.length) return
  await q
    .update(airPassengers)
    .set(changes)
    .where(and(eq(airPassengers.orderId, orderId), inArray(airPassengers.id, ids)))
}

export async function updatePassenger(q: Queryable, id: number, changes: Partial<typeof airPassengers.$inferInsert>): Promise<void> {
  await q.update(airPassengers).set(changes).where(eq(airPassengers.id, id))
}

export async function markAirOrderRemoved(q: Queryable, id: number, at: Date): Promise<void> {
  await q.update(airOrders).set({ removedAt: at, updatedAt: at }).where(eq(airOrders.id, id))
}

/** moves a job not yet done to another due time (a change moved the order's last arrival) */
export async function rescheduleJob(q: Queryable, kind: string, key: string, dueAt: Date): Promise<void> {
  await q
    .update(jobs)
    .set({ dueAt })
    .where(and(eq(jobs.kind, kind), eq(jobs.key, key), isNull(jobs.doneAt)))
}
