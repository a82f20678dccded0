/**
 * The payment core (payments/payments.ts, payments/wechatpay): company pay once; WeChat Pay
 * through the sandbox platform speaking v3; the notification verified as WeChat requires (bad
 * signature, unknown serial, stale timestamp, tampered body, another merchant; a wrong amount is
 * acknowledged and flagged), acknowledged by HTTP status, replayed ×10 changing the order once,
 * late → refunded; the query fallback when no notification arrives; refunds; hostile bodies at
 * the notify URL never a 5xx.
 * On PostgreSQL (scripts/pg-test.sh) concurrent notifications and a second paid payment of the
 * same order charge once.
 */
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { WechatPaySandbox } from '../src/payments/wechatpay'
import { paymentAlerts, paymentRefunds, payments } from '../src/kernel/db/schema'
import { openWechatPayment, payByCompany, requestRefund, type PaymentDeps } from '../src/payments/payments'
import { PAYMENT_RULES } from '../src/payments/rules/payment-rules'
import { setup, type TestContext } from './helper'
import { openTestPayment, paymentSubject, testOrders } from './payments-support'

const { orders, payable: testPayable, newOrder } = testOrders()

let t: TestContext
let sandbox: WechatPaySandbox
let deps: PaymentDeps
beforeAll(async () => {
  t = await setup()
  t.app.deps.payables.register('test', testPayable)
  sandbox = t.app.deps.wechatPay.sandbox!
  deps = t.app.deps
})
afterAll(async () => t?.close())
beforeEach(async () => {
  await t.reset()
  orders.clear()
  sandbox.notifications = 'deliver'
  sandbox.refundOutcome = 'SUCCESS'
  sandbox.failCreate = false
})

const subject = (orderId: number, amountFen = 123_45) => paymentSubject('test', orderId, amountFen)
const open = (orderId: number, tradeType: 'JSAPI' | 'NATIVE' | 'H5' = 'NATIVE', amountFen = 123_45) =>
  openTestPayment(t, deps, subject(orderId, amountFen), tradeType)
const rowOf = async (paymentNo: string) => (await t.db.db.select().from(payments).where(eq(payments.paymentNo, paymentNo)))[0]
const post = (d: { headers: Record<string, string>; body: string }) =>
  t.app.inject({ method: 'POST', url: '/api/flight/pay/orderPayNotify', headers: d.headers, payload: d.body })

describe('company pay', () => {
  it('pays once and moves the order; a second company payment of the order is refused', async () => {
    const id = newOrder()
    const p = await t.db.db.transaction((tx) => payByCompany(tx, deps, subject(id), t.clock.now()))
    expect(p).toMatchObject({ method: 'company', status: 'paid', counted: true })
    expect(orders.get(id)!.paidTimes).toBe(1)
    await expect(t.db.db.transaction((tx) => payByCompany(tx, deps, subject(id), t.clock.now()))).rejects.toThrow('EAIR1023')
  })

  it('takes nothing for an order that no longer waits (the transaction rolls back)', async () => {
    const id = newOrder()
    orders.get(id)!.state = 'cancelled'
    await expect(t.db.db.transaction((tx) => payByCompany(tx, deps, subject(id), t.clock.now()))).rejects.toThrow('EAIR1021')
    expect(await t.db.db.select().from(payments)).toHaveLength(0)
  })

  it('refunds to the company at once', async () => {
    const id = newOrder()
    const p = await t.db.db.transaction((tx) => payByCompany(tx, deps, subject(id), t.clock.now()))
    await t.db.db.transaction((tx) => requestRefund(tx, deps, p, { amountFen: 100_00, reason: 'test', payload: {} }, t.clock.now()))
    expect(orders.get(id)!.refunded).toBe(100_00)
    expect((await rowOf(p.paymentNo)).refundedFen).toBe(100_00)
    // never more than was paid
    await expect(t.db.db.transaction((tx) => requestRefund(tx, deps, p, { amountFen: 23_46, reason: 'test', payload: {} }, t.clock.now()))).rejects.toThrow()
  })
})

describe('WeChat Pay', () => {
  it('NATIVE: a code_url; paying sends a notification that pays the order', async () => {
    const id = newOrder()
    const opened = await open(id)
    expect(opened.codeUrl).toMatch(/\/dev\/wechatpay\/pay\?pr=/)
    expect(opened.jsapi).toBeNull()
    expect(await sandbox.pay(opened.paymentNo)).toBe('SUCCESS')
    expect(sandbox.sent.at(-1)!.status).toBe(204)
    expect(await rowOf(opened.paymentNo)).toMatchObject({ status: 'paid', counted: true })
    expect(orders.get(id)).toMatchObject({ state: 'paid', paidTimes: 1 })
  })

  it('JSAPI: signed client parameters that verify with the merchant key', async () => {
    const opened = await open(newOrder(), 'JSAPI')
    const j = opened.jsapi!
    expect(j.package).toMatch(/^prepay_id=wx/)
    const ok = crypto
      .createVerify('RSA-SHA256')
      .update(`${j.appId}\n${j.timeStamp}\n${j.nonceStr}\n${j.package}\n`)
      .verify(sandbox.merchantPublicKeyPem, j.paySign, 'base64')
    expect(ok).toBe(true)
  })

  it('JSAPI without a valid wx code: EPAY1002; WeChat failing: EPAY1001, nothing kept', async () => {
    const id = newOrder()
    await expect(
      t.db.db.transaction((tx) =>
        openWechatPayment(tx, deps, { ...subject(id), tradeType: 'JSAPI', wxCode: '', payerIp: '', expiresAt: new Date(t.clock.t + 60_000) }, t.clock.now()),
      ),
    ).rejects.toThrow('EPAY1002')
    sandbox.failCreate = true
    await expect(open(id)).rejects.toThrow('EPAY1001')
    expect(await t.db.db.select().from(payments)).toHaveLength(0)
  })

  it('opening again answers the open payment; another trade type closes it first', async () => {
    const id = newOrder()
    const a = await open(id)
    expect((await open(id)).paymentNo).toBe(a.paymentNo)
    const b = await open(id, 'H5')
    expect(b.paymentNo).not.toBe(a.paymentNo)
    expect(b.h5Url).toMatch(/pr=/)
    expect((await rowOf(a.paymentNo)).status).toBe('closed')
    expect(await sandbox.pay(a.paymentNo)).toBe('CLOSED')
  })

  it('a notification replayed 10 times changes the order once, each acknowledged 204', async () => {
    const id = newOrder()
    const opened = await open(id)
    await sandbox.pay(opened.paymentNo)
    const first = sandbox.sent.at(-1)!
    for (let i = 0; i < 10; i++) expect((await post(first)).statusCode).toBe(204)
    for (let i = 0; i < 3; i++) await sandbox.renotify(opened.paymentNo)
    expect(orders.get(id)!.paidTimes).toBe(1)
    expect(await t.db.db.select().from(payments)).toHaveLength(1)
    expect(await t.db.db.select().from(paymentRefunds)).toHaveLength(0)
  })

  describe('a notification is refused unless it is exactly what WeChat signs', () => {
    let resource: Record<string, unknown>
    let id: number
    beforeEach(async () => {
      id = newOrder()
      sandbox.notifications = 'drop'
      const opened = await open(id)
      await sandbox.pay(opened.paymentNo)
      resource = JSON.parse(JSON.stringify(sandbox.transaction(opened.paymentNo)))
    })
    const expectUnpaid = () => expect(orders.get(id)!.paidTimes).toBe(0)

    it.each([
      ['a tampered body', 'body', 401],
      ['a signature by another key', 'signature', 401],
      ['an unknown platform serial', 'serial', 401],
    ] as const)('%s → refused', async (_what, tamper, status) => {
      const res = await post(sandbox.craftNotification(resource, { tamper }))
      expect(res.statusCode).toBe(status)
      expect(res.json()).toMatchObject({ code: 'FAIL' })
      expectUnpaid()
    })

    it('a timestamp older than 5 minutes → 401 (a replayed capture), within it → 204', async () => {
      const old = sandbox.craftNotification(resource, { at: new Date(t.clock.t - 5 * 60_000 - 1000) })
      expect((await post(old)).statusCode).toBe(401)
      expectUnpaid()
      const recent = sandbox.craftNotification(resource, { at: new Date(t.clock.t - 4 * 60_000) })
      expect((await post(recent)).statusCode).toBe(204)
      expect(orders.get(id)!.paidTimes).toBe(1)
    })

    it('a wrong amount → acknowledged, nothing paid, flagged and refunded (payments-amount-mismatch.test.ts)', async () => {
      const res = await post(sandbox.craftNotification({ ...resource, amount: { total: 1, payer_total: 1, currency: 'CNY' } }))
      expect(res.statusCode).toBe(204)
      expectUnpaid()
      expect(await t.db.db.select().from(paymentAlerts)).toEqual([expect.objectContaining({ expectedFen: 123_45, receivedFen: 1 })])
      expect(await t.db.db.select().from(paymentRefunds)).toEqual([expect.objectContaining({ amountFen: 1, reason: 'amountMismatch' })])
    })

    it('another merchant or app → 400; an unknown payment → 404', async () => {
      expect((await post(sandbox.craftNotification({ ...resource, mchid: '1230000109' }))).statusCode).toBe(400)
      expect((await post(sandbox.craftNotification({ ...resource, appid: 'wx_other' }))).statusCode).toBe(400)
      expect((await post(sandbox.craftNotification({ ...resource, out_trade_no: 'TEST000000000000' }))).statusCode).toBe(404)
      expectUnpaid()
    })

    it('a resource encrypted with another key → 400', async () => {
      const res = await post(sandbox.craftNotification(resource, { apiV3Key: crypto.randomBytes(16).toString('hex') }))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ code: 'FAIL', message: 'notDecrypted' })
      expectUnpaid()
    })

    it('an unpaid state reported → acknowledged, nothing paid', async () => {
      expect((await post(sandbox.craftNotification({ ...resource, trade_state: 'NOTPAY' }))).statusCode).toBe(204)
      expectUnpaid()
    })
  })

  it('money that arrives after the order was cancelled is refunded in full', async () => {
    const id = newOrder()
    const opened = await open(id)
    orders.get(id)!.state = 'cancelled'
    await sandbox.pay(opened.paymentNo)
    expect(sandbox.sent.at(-1)!.status).toBe(204)
    const [refund] = await t.db.db.select().from(paymentRefunds)
    expect(refund).toMatchObject({ amountFen: 123_45, reason: 'late', status: 'pending' })
    expect(await rowOf(opened.paymentNo)).toMatchObject({ status: 'paid', counted: false })
    await t.app.jobs.runOnce(t.clock.now())
    expect((await t.db.db.select().from(paymentRefunds))[0].status).toBe('success')
    expect((await rowOf(opened.paymentNo)).refundedFen).toBe(123_45)
    expect(orders.get(id)).toMatchObject({ state: 'cancelled', paidTimes: 0, refunded: 123_45 })
  })

  it('a refund WeChat is processing is asked about until it ends', async () => {
    const id = newOrder()
    const opened = await open(id)
    orders.get(id)!.state = 'cancelled'
    sandbox.refundOutcome = 'PROCESSING'
    await sandbox.pay(opened.paymentNo)
    await t.app.jobs.runOnce(t.clock.now())
    expect((await t.db.db.select().from(paymentRefunds))[0].status).toBe('processing')
    // WeChat finishes it; its REFUND.SUCCESS notification closes it
    const r = (await t.db.db.select().from(paymentRefunds))[0]
    const res = await post(
      sandbox.craftNotification(
        {
          mchid: sandbox.mchId,
          out_trade_no: opened.paymentNo,
          out_refund_no: r.refundNo,
          refund_id: r.wechatRefundId,
          refund_status: 'SUCCESS',
          amount: { total: 123_45, refund: 123_45 },
        },
        { eventType: 'REFUND.SUCCESS' },
      ),
    )
    expect(res.statusCode).toBe(204)
    expect((await t.db.db.select().from(paymentRefunds))[0].status).toBe('success')
    expect(orders.get(id)!.refunded).toBe(123_45)
  })

  it('no notification: the query job finds the payment and pays the order', async () => {
    const id = newOrder()
    sandbox.notifications = 'drop'
    const opened = await open(id)
    await sandbox.pay(opened.paymentNo)
    t.clock.advance(PAYMENT_RULES.firstQueryAfterMs - 1000)
    await t.app.jobs.runOnce(t.clock.now())
    expect(orders.get(id)!.paidTimes).toBe(0)
    t.clock.advance(1000)
    await t.app.jobs.runOnce(t.clock.now())
    expect(orders.get(id)!.paidTimes).toBe(1)
    expect((await rowOf(opened.paymentNo)).status).toBe('paid')
  })

  it('never paid: the query job keeps asking, then closes it at WeChat after the expiry', async () => {
    const id = newOrder()
    const opened = await open(id)
    for (let i = 0; i < 5; i++) {
      t.clock.advance(PAYMENT_RULES.queryEveryMs)
      await t.app.jobs.runOnce(t.clock.now())
    }
    expect((await rowOf(opened.paymentNo)).status).toBe('open')
    t.clock.advance(30 * 60_000 + PAYMENT_RULES.closeGraceMs)
    await t.app.jobs.runOnce(t.clock.now())
    expect((await rowOf(opened.paymentNo)).status).toBe('closed')
    expect(sandbox.transaction(opened.paymentNo)!.trade_state).toBe('CLOSED')
  })

  it("hostile bodies at the notify URL: a 4xx with WeChat's FAIL body, never a 5xx", async () => {
    const bodies = [
      '',
      'null',
      '[]',
      '{',
      '{"id":1}',
      '\u0000',
      'x'.repeat(70_000),
      JSON.stringify({ id: 'a', event_type: 'TRANSACTION.SUCCESS', resource: { ciphertext: 'x', nonce: 'y', algorithm: 'z' } }),
    ]
    for (const body of bodies) {
      for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'text/plain' }, sandbox.craftNotification({}).headers]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/flight/pay/orderPayNotify', headers, payload: body })
        expect(res.statusCode).toBeGreaterThanOrEqual(400)
        expect(res.statusCode).toBeLessThan(500)
      }
    }
  })
})

describe('concurrency (charge once)', () => {
  it('20 copies of the notification at the same moment pay the order once', async () => {
    const id = newOrder()
    sandbox.notifications = 'drop'
    const opened = await open(id)
    await sandbox.pay(opened.paymentNo)
    const d = sandbox.sent.at(-1)!
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(d)))
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 204)).toEqual([])
    expect(orders.get(id)!.paidTimes).toBe(1)
  })

  it('a payment paid while a second was being opened: settled, the second refused', async () => {
    const id = newOrder()
    sandbox.notifications = 'drop'
    const a = await open(id)
    // the payer paid the first one just as another trade type was asked for: WeChat answers
    // ORDERPAID to the close, and the first is settled instead of a second being opened
    await sandbox.pay(a.paymentNo)
    await expect(open(id, 'H5')).rejects.toThrow('EAIR1023')
    expect(orders.get(id)!.paidTimes).toBe(1)
    expect(await t.db.db.select().from(paymentRefunds)).toHaveLength(0)
  })

  it('two payments of one order both paid: one counts, the other is refunded in full', async () => {
    const id = newOrder()
    const a = await open(id)
    // the first was closed on our side (expired) while WeChat still took it at the last second
    await t.db.db.update(payments).set({ status: 'closed' }).where(eq(payments.paymentNo, a.paymentNo))
    const b = await open(id, 'H5')
    await sandbox.pay(b.paymentNo)
    await sandbox.pay(a.paymentNo)
    expect(orders.get(id)!.paidTimes).toBe(1)
    const rows = await t.db.db.select().from(payments)
    expect(rows.filter((p) => p.counted).map((p) => p.paymentNo)).toEqual([b.paymentNo])
    const [refund] = await t.db.db.select().from(paymentRefunds)
    expect(refund).toMatchObject({ amountFen: 123_45, reason: 'late' })
    expect(rows.find((p) => p.id === refund.paymentId)!.paymentNo).toBe(a.paymentNo)
  })
})

describe('the sandbox payer pages (payments/wechatpay/dev-routes.ts)', () => {
  it('the code_url page shows the amount; confirming pays; a JSAPI prepay_id pays from a script', async () => {
    const id = newOrder()
    const native = await open(id)
    const page = await t.app.inject({ method: 'GET', url: native.codeUrl })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('¥123.45')
    expect(page.body).toContain('id="confirm-pay"')
    const confirmed = await t.app.inject({ method: 'POST', url: native.codeUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' })
    expect(confirmed.statusCode).toBe(303)
    expect(orders.get(id)!.paidTimes).toBe(1)

    const id2 = newOrder()
    const jsapi = await open(id2, 'JSAPI')
    const prepayId = jsapi.jsapi!.package.slice('prepay_id='.length)
    const res = await t.app.inject({ method: 'POST', url: `/dev/wechatpay/pay?pr=${prepayId}`, headers: { accept: 'application/json' } })
    expect(res.json()).toEqual({ state: 'SUCCESS' })
    expect(orders.get(id2)!.paidTimes).toBe(1)
  })

  it('an unknown token is a 404; the switches answer only this machine', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/wechatpay/pay?pr=nope' })).statusCode).toBe(404)
    const far = await t.app.inject({ method: 'POST', url: '/dev/wechatpay/switches', remoteAddress: '203.0.113.9', payload: { notifications: 'drop' } })
    expect(far.statusCode).toBe(404)
    expect(sandbox.notifications).toBe('deliver')
    const near = await t.app.inject({ method: 'POST', url: '/dev/wechatpay/switches', payload: { notifications: 'drop' } })
    expect(near.json()).toMatchObject({ notifications: 'drop' })
  })
})
