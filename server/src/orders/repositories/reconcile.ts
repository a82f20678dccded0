/**
 * The reconciliation's reads: the event's WeChat payments paid and refunds asked within a time
 * window, the payments (of any event) the bill names, their refunds, and the order number each
 * payment pays (a change's payment names the change: its order's number).
 */
import { and, eq, gte, inArray, lt, ne } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { airChanges, airOrders, paymentRefunds, payments, trainChanges, trainOrders } from '../../kernel/db/schema'

export type PaymentRow = typeof payments.$inferSelect
export type RefundRow = typeof paymentRefunds.$inferSelect

/** rows asked for at a time by their keys */
const CHUNK = 500
async function chunked<K, R>(keys: readonly K[], read: (some: K[]) => Promise<R[]>): Promise<R[]> {
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

type Numbered = Array<{ id: number; no: string }>

/** by the payments core's kind: which desk order kind it pays, and how its order's number is read from the ids payments name */
const ORDER_NUMBER_READS: Record<string, { orderKind: 'train' | 'air'; read: (q: Queryable, ids: number[]) => Promise<Numbered> }> = {
  train: {
    orderKind: 'train',
    read: (q, ids) => q.select({ id: trainOrders.id, no: trainOrders.orderNo }).from(trainOrders).where(inArray(trainOrders.id, ids)),
  },
  flight: { orderKind: 'air', read: (q, ids) => q.select({ id: airOrders.id, no: airOrders.orderCode }).from(airOrders).where(inArray(airOrders.id, ids)) },
  trainChange: {
    orderKind: 'train',
    read: (q, ids) =>
      q
        .select({ id: trainChanges.id, no: trainOrders.orderNo })
        .from(trainChanges)
        .innerJoin(trainOrders, eq(trainOrders.id, trainChanges.orderId))
        .where(inArray(trainChanges.id, ids)),
  },
  flightChange: {
    orderKind: 'air',
    read: (q, ids) =>
      q
        .select({ id: airChanges.id, no: airOrders.orderCode })
        .from(airChanges)
        .innerJoin(airOrders, eq(airOrders.id, airChanges.orderId))
        .where(inArray(airChanges.id, ids)),
  },
}

/** payment id → the order it pays, as the desk names it */
export async function orderNumbersOf(q: Queryable, ps: readonly PaymentRow[]): Promise<Map<number, { orderKind: 'train' | 'air'; orderNo: string }>> {
  const out = new Map<number, { orderKind: 'train' | 'air'; orderNo: string }>()
  for (const [kind, how] of Object.entries(ORDER_NUMBER_READS)) {
    const some = ps.filter((p) => p.kind === kind)
    for (const r of await chunked([...new Set(some.map((p) => p.orderId))], (ids) => how.read(q, ids)))
      for (const p of some.filter((p) => p.orderId === r.id)) out.set(p.id, { orderKind: how.orderKind, orderNo: r.no })
  }
  return out
}
