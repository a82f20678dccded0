/** payments, payment_refunds, payment_notifications: SQL only (rules in payments/payments.ts). */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { paymentNotifications, paymentRefunds, payments } from '../../kernel/db/schema'

export type PaymentRow = typeof payments.$inferSelect
export type NewPayment = typeof payments.$inferInsert
export type RefundRow = typeof paymentRefunds.$inferSelect

export async function insertPayment(q: Queryable, p: NewPayment): Promise<PaymentRow> {
  const [row] = await q.insert(payments).values(p).returning()
  return row
}

export async function paymentByNo(q: Queryable, paymentNo: string, opts: { forUpdate?: boolean } = {}): Promise<PaymentRow | null> {
  const query = q.select().from(payments).where(eq(payments.paymentNo, paymentNo))
  const [row] = opts.forUpdate ? await query.for('update') : await query
  return row ?? null
}

export async function paymentById(q: Queryable, id: number, opts: { forUpdate?: boolean } = {}): Promise<PaymentRow | null> {
  const query = q.select().from(payments).where(eq(payments.id, id))
  const [row] = opts.forUpdate ? await query.for('update') : await query
  return row ?? null
}

/** the payments of one order, newest first */
export async function paymentsOfOrder(q: Queryable, kind: string, orderId: number): Promise<PaymentRow[]> {
  return q
    .select()
    .from(payments)
    .where(and(eq(payments.kind, kind), eq(payments.orderId, orderId)))
    .orderBy(desc(payments.id))
}

export async function updatePayment(q: Queryable, id: number, changes: Partial<Omit<PaymentRow, 'id'>>): Promise<void> {
  await q.update(payments).set(changes).where(eq(payments.id, id))
}

export async function insertRefund(q: Queryable, r: typeof paymentRefunds.$inferInsert): Promise<RefundRow> {
  const [row] = await q.insert(paymentRefunds).values(r).returning()
  return row
}

export async function refundByNo(q: Queryable, refundNo: string, opts: { forUpdate?: boolean } = {}): Promise<RefundRow | null> {
  const query = q.select().from(paymentRefunds).where(eq(paymentRefunds.refundNo, refundNo))
  const [row] = opts.forUpdate ? await query.for('update') : await query
  return row ?? null
}

export async function refundsOfPayment(q: Queryable, paymentId: number): Promise<RefundRow[]> {
  return q.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)).orderBy(paymentRefunds.id)
}

export async function updateRefund(q: Queryable, id: number, changes: Partial<Omit<RefundRow, 'id'>>): Promise<void> {
  await q.update(paymentRefunds).set(changes).where(eq(paymentRefunds.id, id))
}

/** records a notification; answers how many times it has now arrived (1: the first time) */
export async function recordNotification(
  q: Queryable,
  n: { id: string; eventType: string; paymentNo: string; receivedAt: Date; summary: Record<string, unknown> },
): Promise<number> {
  const [row] = await q
    .insert(paymentNotifications)
    .values(n)
    .onConflictDoUpdate({ target: paymentNotifications.id, set: { count: sql`${paymentNotifications.count} + 1` } })
    .returning({ count: paymentNotifications.count })
  return row.count
}

export async function setNotificationNote(q: Queryable, id: string, note: string): Promise<void> {
  await q.update(paymentNotifications).set({ note }).where(eq(paymentNotifications.id, id))
}
