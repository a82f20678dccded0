/**
 * What the payment core's tests share: a kind of order of their own, kept in memory, whose
 * payments and refunds are counted, and a WeChat payment opened for one of them.
 */
import type { Payable } from '../src/payments/payables'
import { openWechatPayment, type PaymentDeps } from '../src/payments/payments'
import type { TestContext } from './helper'

export interface TestOrder {
  state: 'waiting' | 'paid' | 'cancelled'
  paidTimes: number
  refunded: number
}

export const TEST_OWNER = { userId: 1, eventId: 1 }

/**
 * Test orders and their payable: a waiting order takes one payment (`accepted`), a paid or
 * cancelled one answers `late`; successful refunds add up.
 */
export function testOrders(): { orders: Map<number, TestOrder>; payable: Payable; newOrder: () => number } {
  const orders = new Map<number, TestOrder>()
  let next = 1
  const payable: Payable = {
    async onPaid(p) {
      const o = orders.get(p.orderId)!
      if (o.state !== 'waiting') return 'late'
      o.state = 'paid'
      o.paidTimes++
      return 'accepted'
    },
    async onRefunded(r, p) {
      if (r.status === 'success') orders.get(p.orderId)!.refunded += r.amountFen
    },
  }
  const newOrder = () => {
    const id = next++
    orders.set(id, { state: 'waiting', paidTimes: 0, refunded: 0 })
    return id
  }
  return { orders, payable, newOrder }
}

/** what a payment is for: the order, its kind and amount */
export const paymentSubject = (kind: string, orderId: number, amountFen: number) => ({ kind, orderId, owner: TEST_OWNER, amountFen, description: '测试订单' })

/** a WeChat payment of the order opened now, payable for 30 minutes (a JSAPI one with a wx.login code) */
export function openTestPayment(
  t: TestContext,
  deps: PaymentDeps,
  subject: ReturnType<typeof paymentSubject>,
  tradeType: 'JSAPI' | 'NATIVE' | 'H5' = 'NATIVE',
): ReturnType<typeof openWechatPayment> {
  const expiresAt = new Date(t.clock.t + 30 * 60_000)
  return t.db.db.transaction((tx) =>
    openWechatPayment(tx, deps, { ...subject, tradeType, wxCode: tradeType === 'JSAPI' ? 'code-abc' : '', payerIp: '127.0.0.1', expiresAt }, t.clock.now()),
  )
}
