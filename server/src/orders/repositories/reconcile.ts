/**
 * The reconciliation's reads: the event's WeChat payments paid and refunds asked within a time
 * window, the payments (of any event) the bill names and their refunds.
 */
import { and, eq, gte, inArray, lt, ne } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { paymentRefunds, payments } from '../../kernel/db/schema'

export type PaymentRow = typeof payments.$inferSelect
export type RefundRow = typeof paymentRefunds.$inferSelect

/** rows asked for at a time by their keys */
const CHUNK = 500
export async function chunked<K, R>(keys: readonly K[], read: (some: K[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = []
  for (let i = 0; i < keys.length; i += CHUNK) out.push(...(await read(keys.slice(i, i + CHUNK))))
  return out
}

export async function eventWechatPaymentsPaidIn(q: Queryable, eventId: number, start: Date, end: Date): Promise<PaymentRow[]> {
  return q
    .select()
    .from(payments)
    .where(and(eq(payments.eventId, eventId), eq(payments.method, 'wechat'), gte(payments.paidAt, start), lt(payments.paidAt, end)))
}

/** the event's WeChat refunds asked of WeChat (not those still waiting to be sent) within the window */
export async function eventWechatRefundsIn(q: Queryable, eventId: number, start: Date, end: Date) {
  return q
    .select({ refund: paymentRefunds, payment: payments })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(
      and(
        eq(payments.eventId, eventId),
        eq(payments.method, 'wechat'),
        ne(paymentRefunds.status, 'pending'),
        gte(paymentRefunds.createdAt, start),
        lt(paymentRefunds.createdAt, end),
      ),
    )
}

export const paymentsByNumbers = (q: Queryable, nos: readonly string[]) =>
  chunked(nos, (some) => q.select().from(payments).where(inArray(payments.paymentNo, some)))

export const refundsOfPayments = (q: Queryable, ids: readonly number[]) =>
  chunked(ids, (some) => q.select().from(paymentRefunds).where(inArray(paymentRefunds.paymentId, some)))
