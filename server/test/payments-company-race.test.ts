/**
 * The company's payment and the attendee's WeChat payment of one order: exactly one is taken.
 * Paying by company closes the open WeChat payment at WeChat first (v3 close-order), so the payer
 * can no longer pay it; if WeChat answers that it was paid already, the company's payment is
 * refused and the WeChat one counts; if WeChat cannot be reached, the company's payment is refused
 * with nothing written. On PostgreSQL (scripts/pg-test.sh) many company payments and WeChat
 * payments of one flight order, asked at the same moment and paid at once, take one charge.
 */
import { and, eq } from 'drizzle-orm'
import * as air from '@contracts/calls/flight'
import { paymentRefunds, payments } from '../src/kernel/db/schema'
import { payByCompany, type PaymentDeps } from '../src/payments/payments'
import { WechatPayError, type WechatPaySandbox } from '../src/payments/wechatpay'
import { booking, ok, pick, post, t, useAirApp, adult } from './air-support'
import { openTestPayment, paymentSubject, testOrders } from './payments-support'

// rounds of a dozen requests each, on a busy two-core machine
jest.setTimeout(120_000)
useAirApp()

const { orders, payable: testPayable, newOrder } = testOrders()

let sandbox: WechatPaySandbox
let deps: PaymentDeps
beforeAll(() => {
  t.app.deps.payables.register('raceTest', testPayable)
  sandbox = t.app.deps.wechatPay.sandbox!
  deps = t.app.deps
})
beforeEach(() => {
  orders.clear()
  sandbox.notifications = 'deliver'
})
afterEach(() => jest.restoreAllMocks())

const subject = (orderId: number) => paymentSubject('raceTest', orderId, 456_00)
const openNative = (orderId: number) => openTestPayment(t, deps, subject(orderId))
const company = (orderId: number) => t.db.db.transaction((tx) => payByCompany(tx, deps, subject(orderId), t.clock.now()))
const paymentsOf = (orderId: number) =>
  t.db.db
    .select()
    .from(payments)
    .where(and(eq(payments.kind, 'raceTest'), eq(payments.orderId, orderId)))

describe('paying by company while a WeChat payment is open', () => {
  it('closes the WeChat payment at WeChat: the payer can no longer pay it, nothing to refund', async () => {
    const id = newOrder()
    const opened = await openNative(id)
    const paid = await company(id)
    expect(paid).toMatchObject({ method: 'company', counted: true })
    expect(sandbox.transaction(opened.paymentNo)!.trade_state).toBe('CLOSED')
    expect((await paymentsOf(id)).find((p) => p.paymentNo === opened.paymentNo)).toMatchObject({ status: 'closed', counted: false })
    // WeChat refuses to take money for a closed order
    expect(await sandbox.pay(opened.paymentNo)).toBe('CLOSED')
    expect(orders.get(id)!.paidTimes).toBe(1)
    expect(await t.db.db.select().from(paymentRefunds)).toHaveLength(0)
  })

  it('the payer paid first (its notification not yet here): the company is refused, the WeChat payment counts', async () => {
    const id = newOrder()
    sandbox.notifications = 'drop'
    const opened = await openNative(id)
    expect(await sandbox.pay(opened.paymentNo)).toBe('SUCCESS')
    await expect(company(id)).rejects.toThrow('EAIR1023')
    expect((await paymentsOf(id)).filter((p) => p.method === 'company')).toHaveLength(0)
    // the notification (or the query job) then settles it
    sandbox.notifications = 'deliver'
    await sandbox.renotify(opened.paymentNo)
    expect((await paymentsOf(id)).find((p) => p.counted)!.paymentNo).toBe(opened.paymentNo)
    expect(orders.get(id)!.paidTimes).toBe(1)
    expect(await t.db.db.select().from(paymentRefunds)).toHaveLength(0)
  })

  it('WeChat cannot be reached to close it: the company is refused (EPAY1003), nothing written, the WeChat payment stays open', async () => {
    const id = newOrder()
    const opened = await openNative(id)
    jest.spyOn(deps.wechatPay.gateway!, 'close').mockRejectedValue(new WechatPayError('SYSTEM_ERROR', 500, '系统错误'))
    await expect(company(id)).rejects.toThrow('EPAY1003')
    expect((await paymentsOf(id)).map((p) => [p.method, p.status])).toEqual([['wechat', 'open']])
    expect(orders.get(id)!.paidTimes).toBe(0)
    jest.restoreAllMocks()
    // once WeChat answers, the company pays and the WeChat payment is closed
    await company(id)
    expect(sandbox.transaction(opened.paymentNo)!.trade_state).toBe('CLOSED')
  })
})

describe('a flight order paid by company and by WeChat Pay at the same moment (air calls)', () => {
  /** one round: company payments and WeChat payments asked together, each WeChat one paid as soon as it is opened */
  async function race(round: number, each: number) {
    const { flight, cabin } = await pick()
    const order = await ok<air.AirOrderView>(air.ticketBooking.path, booking(flight, cabin, [adult]))
    const key = (what: string, i: number) => `key-${what}-${round}-${i}`
    const byCompany = Array.from({ length: each }, (_, i) => post(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: key('co', i) }))
    const byWechat = Array.from({ length: each }, async (_, i) => {
      const r = await post<air.OrderPayView>(air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: key('wx', i), tradeType: 'NATIVE', wxCode: '' })
      // the payer pays the moment the QR code shows
      if (r.body.status === 200) await sandbox.pay(r.body.data!.paymentNo)
      return r
    })
    const answers = await Promise.all([...byCompany, ...byWechat])
    expect(answers.filter((a) => a.statusCode !== 200)).toEqual([])
    // what the refund job would do, done
    await t.app.jobs.runOnce(t.clock.now())
    return order.orderId
  }

  it('one charge kept and none taken back: the company paid and every WeChat payment is closed, or WeChat paid and the company was refused', async () => {
    const rounds = 6
    for (let round = 0; round < rounds; round++) {
      const orderId = await race(round, 6)
      const rows = await t.db.db.select().from(payments).where(eq(payments.orderId, orderId))
      const ours = rows.filter((p) => p.kind === 'flight')
      expect(ours.filter((p) => p.counted)).toHaveLength(1)
      // every charge WeChat took for this order, and every company payment written
      const wechatTaken = ours.filter((p) => p.method === 'wechat' && ['SUCCESS', 'REFUND'].includes(sandbox.transaction(p.paymentNo)?.trade_state ?? ''))
      const companyTaken = ours.filter((p) => p.method === 'company')
      expect(wechatTaken.length + companyTaken.length).toBe(1)
      // no WeChat payment left payable at WeChat
      expect(ours.filter((p) => sandbox.transaction(p.paymentNo)?.trade_state === 'NOTPAY')).toEqual([])
      expect(ours.filter((p) => p.status === 'open')).toEqual([])
      const refunds = await t.db.db.select().from(paymentRefunds)
      expect(refunds.filter((r) => ours.some((p) => p.id === r.paymentId))).toEqual([])
      const view = await ok<air.AirOrderView>(air.findOrderDetails.path, { orderId })
      expect(view.paidBy).toBe(companyTaken.length ? 'company' : 'wechat')
    }
  })
})
