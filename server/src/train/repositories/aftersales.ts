/**
 * train_refunds, train_changes and the seat holds of changes. SQL only: the rules are
 * in train/aftersales/aftersales.ts, which calls these with the order locked.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Queryable, Tx } from '../../kernel/db/client'
import { paymentRefunds, trainChanges, trainRefunds, trainSeatHolds } from '../../kernel/db/schema'

export type RefundRecordRow = typeof trainRefunds.$inferSelect
export type ChangeRecordRow = typeof trainChanges.$inferSelect

export async function insertTrainRefund(tx: Tx, row: Omit<RefundRecordRow, 'id'>): Promise<RefundRecordRow> {
  const [saved] = await tx.insert(trainRefunds).values(row).returning()
  return saved
}

export async function updateTrainRefund(q: Queryable, id: number, changes: Partial<Omit<RefundRecordRow, 'id' | 'orderId'>>): Promise<RefundRecordRow> {
  const [row] = await q.update(trainRefunds).set(changes).where(eq(trainRefunds.id, id)).returning()
  return row
}

export async function refundRecordById(q: Queryable, id: number): Promise<RefundRecordRow | undefined> {
  const [row] = await q.select().from(trainRefunds).where(eq(trainRefunds.id, id))
  return row
}

export async function refundsOfOrder(q: Queryable, orderId: number): Promise<RefundRecordRow[]> {
  return q.select().from(trainRefunds).where(eq(trainRefunds.orderId, orderId)).orderBy(desc(trainRefunds.createdAt), desc(trainRefunds.id))
}

export async function insertTrainChange(tx: Tx, row: Omit<ChangeRecordRow, 'id'>): Promise<ChangeRecordRow> {
  const [saved] = await tx.insert(trainChanges).values(row).returning()
  return saved
}

export async function updateTrainChange(q: Queryable, id: number, changes: Partial<Omit<ChangeRecordRow, 'id' | 'orderId'>>): Promise<ChangeRecordRow> {
  const [row] = await q.update(trainChanges).set(changes).where(eq(trainChanges.id, id)).returning()
  return row
}

export async function changeRecordById(q: Queryable, id: number): Promise<ChangeRecordRow | undefined> {
  const [row] = await q.select().from(trainChanges).where(eq(trainChanges.id, id))
  return row
}

export async function changesOfOrder(q: Queryable, orderId: number): Promise<ChangeRecordRow[]> {
  return q.select().from(trainChanges).where(eq(trainChanges.orderId, orderId)).orderBy(desc(trainChanges.createdAt), desc(trainChanges.id))
}

/** frees the seats some passengers hold as booked (changeId null) or from one change; answers the runs they were on */
export async function releasePassengerHolds(tx: Tx, orderId: number, passengerIds: number[], changeId: number | null): Promise<number[]> {
  if (!passengerIds.length) return []
  const gone = await tx
    .update(trainSeatHolds)
    .set({ active: false })
    .where(
      and(
        eq(trainSeatHolds.orderId, orderId),
        inArray(trainSeatHolds.passengerId, passengerIds),
        changeId === null ? isNull(trainSeatHolds.changeId) : eq(trainSeatHolds.changeId, changeId),
        eq(trainSeatHolds.active, true),
      ),
    )
    .returning({ runId: trainSeatHolds.runId })
  return [...new Set(gone.map((g) => g.runId))]
}

/** frees every seat a change holds (not paid in time, refused by the railway) */
export async function releaseChangeHolds(tx: Tx, changeId: number): Promise<number[]> {
  const gone = await tx
    .update(trainSeatHolds)
    .set({ active: false })
    .where(and(eq(trainSeatHolds.changeId, changeId), eq(trainSeatHolds.active, true)))
    .returning({ runId: trainSeatHolds.runId })
  return [...new Set(gone.map((g) => g.runId))]
}

/** whether every refund of the payments core made for one after-sales record (payload key = id) succeeded */
export async function everyMoneyRefundDone(q: Queryable, key: 'trainRefundId' | 'trainChangeId', id: number): Promise<boolean> {
  const rows = await q
    .select({ status: paymentRefunds.status })
    .from(paymentRefunds)
    .where(sql`(${paymentRefunds.payload} ->> ${key})::int = ${id}`)
  return rows.length > 0 && rows.every((r) => r.status === 'success')
}
