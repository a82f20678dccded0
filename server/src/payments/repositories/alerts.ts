/** payment_alerts: SQL only (rules in payments/alerts.ts). */
import { and, asc, countDistinct, eq, isNull } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { paymentAlerts, payments } from '../../kernel/db/schema'

export type AlertRow = typeof paymentAlerts.$inferSelect

/** raises an alert once: null when the payment already has one of this kind (a replay, another instance) */
export async function insertAlert(q: Queryable, a: typeof paymentAlerts.$inferInsert): Promise<AlertRow | null> {
  const [row] = await q
    .insert(paymentAlerts)
    .values(a)
    .onConflictDoNothing({ target: [paymentAlerts.paymentId, paymentAlerts.kind] })
    .returning()
  return row ?? null
}

/** alerts with their payment's number, kind and order, oldest first; open: only those not yet resolved */
export async function alertsWithPayments(q: Queryable, opts: { open: boolean }) {
  return q
    .select({
      id: paymentAlerts.id,
      kind: paymentAlerts.kind,
      expectedFen: paymentAlerts.expectedFen,
      receivedFen: paymentAlerts.receivedFen,
      transactionId: paymentAlerts.transactionId,
      notificationId: paymentAlerts.notificationId,
      raisedAt: paymentAlerts.raisedAt,
      resolvedAt: paymentAlerts.resolvedAt,
      note: paymentAlerts.note,
      paymentId: payments.id,
      paymentNo: payments.paymentNo,
      orderKind: payments.kind,
      orderId: payments.orderId,
      userId: payments.userId,
      eventId: payments.eventId,
      refundedFen: payments.refundedFen,
    })
    .from(paymentAlerts)
    .innerJoin(payments, eq(payments.id, paymentAlerts.paymentId))
    .where(opts.open ? isNull(paymentAlerts.resolvedAt) : undefined)
    .orderBy(asc(paymentAlerts.raisedAt), asc(paymentAlerts.id))
}

/** payments with at least one alert not yet resolved */
export async function countPaymentsWithOpenAlerts(q: Queryable): Promise<number> {
  const [row] = await q
    .select({ n: countDistinct(paymentAlerts.paymentId) })
    .from(paymentAlerts)
    .where(isNull(paymentAlerts.resolvedAt))
  return Number(row?.n ?? 0)
}

/** closes an open alert; false when there is no such open alert */
export async function resolveAlert(q: Queryable, id: number, note: string, at: Date): Promise<boolean> {
  const rows = await q
    .update(paymentAlerts)
    .set({ resolvedAt: at, note })
    .where(and(eq(paymentAlerts.id, id), isNull(paymentAlerts.resolvedAt)))
    .returning({ id: paymentAlerts.id })
  return rows.length > 0
}
