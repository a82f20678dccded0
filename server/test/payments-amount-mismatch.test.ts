/**
 * WeChat reports a paid transaction of ours in another amount than the order's (payments/alerts.ts):
 * the notification is acknowledged (204, so WeChat stops), recorded, the money refunded in full
 * with WeChat's own total, an alert raised (an error log line, a payment_alerts row an operator
 * lists and resolves, counted for monitoring) and the order left waiting; a replay changes
 * nothing; the query job finds the same when no notification comes. And one notification
 * delivered to two instances on one database at the same moment is counted once (real
 * concurrency on PostgreSQL: scripts/pg-test.sh).
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { paymentAlerts, paymentNotifications, paymentRefunds, payments } from '../src/kernel/db/schema'
import type { PaymentDeps } from '../src/payments/payments'
import { AMOUNT_MISMATCH_LOG, countFlaggedPayments, listPaymentAlerts, resolvePaymentAlert } from '../src/payments/alerts'
import { PAYMENT_RULES } from '../src/payments/rules/payment-rules'
import type { Delivery, WechatPaySandbox } from '../src/payments/wechatpay/sandbox'
import { setup, type TestContext } from './helper'
import { openTestPayment, paymentSubject, testOrders } from './payments-support'
import { captureLogs } from './log-capture'

const { orders, payable: testPayable, newOrder } = testOrders()

const { logs, logger } = captureLogs()
let t: TestContext
let sandbox: WechatPaySandbox
let deps: PaymentDeps
beforeAll(async () => {
  t = await setup({ logger })
  t.app.deps.payables.register('test', testPayable)
  sandbox = t.app.deps.wechatPay.sandbox!
  deps = t.app.deps
})
afterAll(async () => t?.close())
beforeEach(async () => {
  await t.reset()
  orders.clear()
  logs.clear()
  sandbox.notifications = 'deliver'
  sandbox.refundOutcome = 'SUCCESS'
})

const ORDER_FEN = 880_00
const open = (orderId: number) => openTestPayment(t, deps, paymentSubject('test', orderId, ORDER_FEN))
/** WeChat's transaction of this payment is for another amount than ours (what the payer is then charged) */
function wechatAmountBecomes(paymentNo: string, fen: number) {
  sandbox.transaction(paymentNo)!.amount = { total: fen, currency: 'CNY' }
}
const rowOf = async (paymentNo: string) => (await t.db.db.select().from(payments).where(eq(payments.paymentNo, paymentNo)))[0]
const postTo = (app: FastifyInstance, d: Pick<Delivery, 'headers' | 'body'>) =>
  app.inject({ method: 'POST', url: '/api/flight/pay/orderPayNotify', headers: d.headers, payload: d.body })
const notificationIdOf = (d: Delivery) => JSON.parse(d.body).id as string

describe('a paid notification whose amount is not the order’s', () => {
  it('is acknowledged (204), recorded, refunded in full at WeChat’s total, alerted; the order still waits', async () => {
    const id = newOrder()
    const opened = await open(id)
    wechatAmountBecomes(opened.paymentNo, 800_00)
    expect(await sandbox.pay(opened.paymentNo)).toBe('SUCCESS')
    const delivered = sandbox.sent.at(-1)!
    // WeChat stops sending it
    expect(delivered.status).toBe(204)

    expect(await rowOf(opened.paymentNo)).toMatchObject({ status: 'paid', counted: false, amountFen: ORDER_FEN, paidFen: 800_00 })
    expect(orders.get(id)).toMatchObject({ state: 'waiting', paidTimes: 0 })
    const [alert] = await t.db.db.select().from(paymentAlerts)
    expect(alert).toMatchObject({
      kind: 'amountMismatch',
      expectedFen: ORDER_FEN,
      receivedFen: 800_00,
      notificationId: notificationIdOf(delivered),
      resolvedAt: null,
    })
    expect(alert.transactionId).toBe(sandbox.transaction(opened.paymentNo)!.transaction_id)
    const [notification] = await t.db.db.select().from(paymentNotifications)
    expect(notification.note).toBe('flagged (arrival 1)')
    expect((notification.summary as { amount: { total: number } }).amount.total).toBe(800_00)

    // the error line operators alert on: a stable message with both amounts
    const line = logs.entries().find((e) => e.msg === AMOUNT_MISMATCH_LOG)
    expect(line).toMatchObject({ level: 50, paymentNo: opened.paymentNo, expectedFen: ORDER_FEN, receivedFen: 800_00 })

    // the refund is due now, for what WeChat took, and WeChat accepts it (its total is WeChat's)
    const [refund] = await t.db.db.select().from(paymentRefunds)
    expect(refund).toMatchObject({ amountFen: 800_00, reason: 'amountMismatch', status: 'pending' })
    await t.app.jobs.runOnce(t.clock.now())
    expect((await t.db.db.select().from(paymentRefunds))[0].status).toBe('success')
    expect((await rowOf(opened.paymentNo)).refundedFen).toBe(800_00)
    expect(sandbox.transaction(opened.paymentNo)!.trade_state).toBe('REFUND')
    // the order never had this money: its kind is not told of a refund
    expect(orders.get(id)).toMatchObject({ state: 'waiting', refunded: 0 })

    // listed and counted until an operator resolves it
    expect(await countFlaggedPayments(t.db.db)).toBe(1)
    const [listed] = await listPaymentAlerts(t.db.db)
    expect(listed).toMatchObject({
      paymentNo: opened.paymentNo,
      orderKind: 'test',
      orderId: id,
      expectedFen: ORDER_FEN,
      receivedFen: 800_00,
      refundedFen: 800_00,
    })
    expect(await resolvePaymentAlert(t.db.db, listed.id, 'refund confirmed in the merchant console', t.clock.now())).toBe(true)
    expect(await resolvePaymentAlert(t.db.db, listed.id, 'again', t.clock.now())).toBe(false)
    expect(await countFlaggedPayments(t.db.db)).toBe(0)
    expect(await listPaymentAlerts(t.db.db)).toEqual([])
    expect(await listPaymentAlerts(t.db.db, { open: false })).toHaveLength(1)

    // the attendee pays again, the right amount this time: a new payment, and the order is paid
    const again = await open(id)
    expect(again.paymentNo).not.toBe(opened.paymentNo)
    await sandbox.pay(again.paymentNo)
    expect(orders.get(id)).toMatchObject({ state: 'paid', paidTimes: 1 })
  })

  it('sent again and again (WeChat retries, a replay): one alert, one refund, each acknowledged', async () => {
    const id = newOrder()
    const opened = await open(id)
    wechatAmountBecomes(opened.paymentNo, 900_00)
    const before = sandbox.sent.length
    await sandbox.pay(opened.paymentNo)
    for (let i = 0; i < 3; i++) await sandbox.renotify(opened.paymentNo)
    const mine = sandbox.sent.slice(before)
    const answers = [...mine.map((d) => d.status), (await postTo(t.app, mine[0])).statusCode]
    expect(answers).toEqual([204, 204, 204, 204, 204])
    expect(await t.db.db.select().from(paymentAlerts)).toHaveLength(1)
    expect(await t.db.db.select().from(paymentRefunds)).toHaveLength(1)
    expect(logs.entries().filter((e) => e.msg === AMOUNT_MISMATCH_LOG)).toHaveLength(1)
    expect(orders.get(id)!.paidTimes).toBe(0)
  })

  it('no notification: the query job finds the wrong amount and does the same (no notification id)', async () => {
    const id = newOrder()
    sandbox.notifications = 'drop'
    const opened = await open(id)
    wechatAmountBecomes(opened.paymentNo, 1)
    await sandbox.pay(opened.paymentNo)
    t.clock.advance(PAYMENT_RULES.firstQueryAfterMs)
    await t.app.jobs.runOnce(t.clock.now())
    expect(await t.db.db.select().from(paymentAlerts)).toEqual([expect.objectContaining({ receivedFen: 1, notificationId: null })])
    await t.app.jobs.runOnce(t.clock.now())
    expect(await t.db.db.select().from(paymentRefunds)).toEqual([expect.objectContaining({ amountFen: 1, status: 'success' })])
    expect(orders.get(id)!.paidTimes).toBe(0)
  })
})

describe('two instances on one database', () => {
  let second: FastifyInstance
  beforeAll(async () => {
    // one merchant, one WeChat platform: both servers verify its signatures
    second = await t.buildApp({ prepareDb: false, wechatPay: t.app.deps.wechatPay })
    second.deps.payables.register('test', testPayable)
  })

  it('the same notification reaching both at the same moment is counted once', async () => {
    for (let round = 0; round < 5; round++) {
      const id = newOrder()
      sandbox.notifications = 'drop'
      const opened = await open(id)
      await sandbox.pay(opened.paymentNo)
      const d = sandbox.sent.at(-1)!
      const answers = await Promise.all([postTo(t.app, d), postTo(second, d), postTo(t.app, d), postTo(second, d)])
      expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204, 204])
      expect(orders.get(id)).toMatchObject({ state: 'paid', paidTimes: 1 })
      expect((await rowOf(opened.paymentNo)).counted).toBe(true)
      const [n] = await t.db.db
        .select()
        .from(paymentNotifications)
        .where(eq(paymentNotifications.id, notificationIdOf(d)))
      expect(n.count).toBe(4)
    }
    expect(await t.db.db.select().from(paymentRefunds)).toEqual([])
  })

  it('a wrong amount reaching both at the same moment: one alert, one refund', async () => {
    const id = newOrder()
    sandbox.notifications = 'drop'
    const opened = await open(id)
    wechatAmountBecomes(opened.paymentNo, 700_00)
    await sandbox.pay(opened.paymentNo)
    const d = sandbox.sent.at(-1)!
    const answers = await Promise.all([postTo(t.app, d), postTo(second, d), postTo(t.app, d), postTo(second, d)])
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204, 204])
    expect(await t.db.db.select().from(paymentAlerts)).toHaveLength(1)
    expect(await t.db.db.select().from(paymentRefunds)).toHaveLength(1)
    expect(await countFlaggedPayments(second.deps.db)).toBe(1)
  })
})
