/**
 * The order each payment pays, as the desk names it: its kind, id and number. A change's payment
 * names the change, so its order is read through the change. Read by the "needs a person" view and
 * the reconciliation alike.
 */
import { eq, inArray } from 'drizzle-orm'
import type { OrderKind } from '@contracts/calls/orders'
import type { Queryable } from '../../kernel/db/client'
import { airChanges, airOrders, trainChanges, trainOrders } from '../../kernel/db/schema'
import { chunked } from './reconcile'

type Numbered = Array<{ id: number; orderId: number; no: string }>

export interface PaidOrder {
  orderKind: OrderKind
  orderId: number
  orderNo: string
}

/** by the payments core's kind: which desk order kind it pays, and how its order is read from the ids payments name */
const ORDER_READS: Record<string, { orderKind: OrderKind; read: (q: Queryable, ids: number[]) => Promise<Numbered> }> = {
  train: {
    orderKind: 'train',
    read: (q, ids) => q.select({ id: trainOrders.id, orderId: trainOrders.id, no: trainOrders.orderNo }).from(trainOrders).where(inArray(trainOrders.id, ids)),
  },
  flight: {
    orderKind: 'air',
    read: (q, ids) => q.select({ id: airOrders.id, orderId: airOrders.id, no: airOrders.orderCode }).from(airOrders).where(inArray(airOrders.id, ids)),
  },
  trainChange: {
    orderKind: 'train',
    read: (q, ids) =>
      q
        .select({ id: trainChanges.id, orderId: trainOrders.id, no: trainOrders.orderNo })
        .from(trainChanges)
        .innerJoin(trainOrders, eq(trainOrders.id, trainChanges.orderId))
        .where(inArray(trainChanges.id, ids)),
  },
  flightChange: {
    orderKind: 'air',
    read: (q, ids) =>
      q
        .select({ id: airChanges.id, orderId: airOrders.id, no: airOrders.orderCode })
        .from(airChanges)
        .innerJoin(airOrders, eq(airOrders.id, airChanges.orderId))
        .where(inArray(airChanges.id, ids)),
  },
}

/** payment id → the order it pays; payments of other kinds are absent */
export async function ordersOfPayments(q: Queryable, ps: ReadonlyArray<{ id: number; kind: string; orderId: number }>): Promise<Map<number, PaidOrder>> {
  const out = new Map<number, PaidOrder>()
  for (const [kind, how] of Object.entries(ORDER_READS)) {
    const some = ps.filter((p) => p.kind === kind)
    for (const r of await chunked([...new Set(some.map((p) => p.orderId))], (ids) => how.read(q, ids)))
      for (const p of some.filter((p) => p.orderId === r.id)) out.set(p.id, { orderKind: how.orderKind, orderId: r.orderId, orderNo: r.no })
  }
  return out
}
