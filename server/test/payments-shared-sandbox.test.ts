/**
 * Instances on one database are one WeChat Pay sandbox platform, as the servers of one merchant
 * share WeChat's: each app here makes its own sandbox from config, as two processes would, and a
 * payment opened through one is verified, paid, queried and counted once through the other. The
 * sandbox's own records (what it answers a query or a close with) are shared on PostgreSQL only:
 * a PGlite folder is one process's, so there is no second instance to share them with, and its one
 * connection is held by the transaction that calls the sandbox.
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { paymentNotifications, payments } from '../src/kernel/db/schema'
import type { Delivery } from '../src/payments/wechatpay/sandbox'
import { setup, type TestContext } from './helper'
import { openTestPayment, paymentSubject, testOrders } from './payments-support'

const { orders, payable: testPayable, newOrder } = testOrders()

let t: TestContext
let a: FastifyInstance
let b: FastifyInstance
beforeAll(async () => {
  t = await setup()
  a = t.app
  // no wechatPay given: the second app makes its own sandbox from config, as another process does
  b = await t.buildApp({ prepareDb: false })
  for (const app of [a, b]) app.deps.payables.register('test', testPayable)
})
afterAll(async () => t?.close())
beforeEach(async () => {
  await t.reset()
  orders.clear()
  for (const app of [a, b]) app.deps.wechatPay.sandbox!.notifications = 'drop'
})

async function openThrough(app: FastifyInstance) {
  const orderId = newOrder()
  const opened = await openTestPayment(t, app.deps, paymentSubject('test', orderId, 320_00))
  return { orderId, paymentNo: opened.paymentNo, codeUrl: opened.codeUrl! }
}
const postTo = (app: FastifyInstance, d: Pick<Delivery, 'headers' | 'body'>) =>
  app.inject({ method: 'POST', url: '/api/flight/pay/orderPayNotify', headers: d.headers, payload: d.body })
const rowOf = async (paymentNo: string) => (await t.db.db.select().from(payments).where(eq(payments.paymentNo, paymentNo)))[0]

describe('two apps on one database, each with its own sandbox object', () => {
  it('a payment opened through A and notified to B is accepted and counted once', async () => {
    const opened = await openThrough(a)
    expect(await a.deps.wechatPay.sandbox!.pay(opened.paymentNo)).toBe('SUCCESS')
    const d = a.deps.wechatPay.sandbox!.sent.at(-1)!
    expect((await postTo(b, d)).statusCode).toBe(204)
    // the same notification again, to both at once
    const again = await Promise.all([postTo(a, d), postTo(b, d), postTo(b, d)])
    expect(again.map((r) => r.statusCode)).toEqual([204, 204, 204])
    expect(await rowOf(opened.paymentNo)).toMatchObject({ status: 'paid', counted: true })
    expect(orders.get(opened.orderId)!.paidTimes).toBe(1)
    const [n] = await t.db.db.select().from(paymentNotifications).where(eq(paymentNotifications.paymentNo, opened.paymentNo))
    expect(n.count).toBe(4)
  })

  it("A's /dev route hands out the signed notification of a paid payment, which B accepts; none for an unpaid one or from another machine", async () => {
    const opened = await openThrough(a)
    const ask = (remoteAddress = '127.0.0.1') =>
      a.inject({ method: 'POST', url: '/dev/wechatpay/notification', payload: { outTradeNo: opened.paymentNo }, remoteAddress })
    expect((await ask()).statusCode).toBe(404)
    await a.deps.wechatPay.sandbox!.pay(opened.paymentNo)
    expect((await ask('203.0.113.9')).statusCode).toBe(404)
    const made = await ask()
    expect(made.statusCode).toBe(200)
    expect((await postTo(b, made.json())).statusCode).toBe(204)
    expect(orders.get(opened.orderId)!.paidTimes).toBe(1)
  })

  // reported as skipped on PGlite (the helper opens PostgreSQL when DATABASE_URL is set)
  const itOnPostgres = process.env.DATABASE_URL ? it : it.skip

  itOnPostgres('B knows the payment A opened: its payer page pays it, its query sees it paid, its close is refused', async () => {
    const opened = await openThrough(a)
    const pr = new URL(opened.codeUrl, 'http://localhost').searchParams.get('pr')!
    const page = await b.inject({ method: 'GET', url: `/dev/wechatpay/pay?pr=${pr}` })
    expect(page.statusCode).toBe(200)
    b.deps.wechatPay.sandbox!.notifications = 'deliver'
    const sentBefore = a.deps.wechatPay.sandbox!.sent.length + b.deps.wechatPay.sandbox!.sent.length
    // the payer confirms twice at once, on each instance's page
    const confirms = await Promise.all(
      [a, b].map((app) => app.inject({ method: 'POST', url: `/dev/wechatpay/pay?pr=${pr}`, headers: { accept: 'application/json' } })),
    )
    expect(confirms.map((r) => r.json().state)).toEqual(['SUCCESS', 'SUCCESS'])
    // exactly one confirmation made the notification, whichever instance it was on
    expect(a.deps.wechatPay.sandbox!.sent.length + b.deps.wechatPay.sandbox!.sent.length - sentBefore).toBe(1)
    for (const app of [a, b]) expect(await app.deps.wechatPay.gateway!.query(opened.paymentNo)).toMatchObject({ trade_state: 'SUCCESS' })
    await expect(a.deps.wechatPay.gateway!.close(opened.paymentNo)).rejects.toMatchObject({ code: 'ORDERPAID' })
  })

  itOnPostgres('a payment opened through A and closed through B is closed for A too', async () => {
    const opened = await openThrough(a)
    await b.deps.wechatPay.gateway!.close(opened.paymentNo)
    expect(await a.deps.wechatPay.gateway!.query(opened.paymentNo)).toMatchObject({ trade_state: 'CLOSED' })
    expect(await a.deps.wechatPay.sandbox!.pay(opened.paymentNo)).toBe('CLOSED')
  })
})
