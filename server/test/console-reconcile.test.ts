/**
 * The travel desk's reconciliation with WeChat Pay's trade bill: an attendee's WeChat payment and
 * refund matched with the sandbox's bill; each kind of difference made as reality makes it (the
 * platform took another amount, a payment whose notification was lost, one WeChat has and we do
 * not, one we say paid that WeChat never took, a refund we say made that the bill lacks); another
 * event's lines left out; the roles without 'orders.read' and another event refused; bad dates
 * answered in the caller's language; the range's rules at their edges; the differences as a file.
 */
import { eq } from 'drizzle-orm'
import { actOnDeskOrder } from '@contracts/admin/orders'
import { TRAVEL_DESK_RULES } from '@contracts/admin/orders-rules'
import { exportReconciliation, reconcileWechatPay, type ReconcileResult } from '@contracts/admin/reconcile'
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@contracts/admin/roles'
import { paymentOrder, saveTrainOrder } from '@contracts/calls/train'
import { findEventByCode } from '../src/events/repositories/events'
import { paymentRefunds, payments } from '../src/kernel/db/schema'
import { addDays, shanghaiDay } from '../src/kernel/time/time'
import { reconcileDays } from '../src/orders/rules/reconcile-range'
import { eventAttach } from '../src/payments/event-attach'
import { WechatPayError } from '../src/payments/wechatpay'
import { staffWithRole } from './staff-support'
import { newKey, ok, orderBody, trainWithStops } from './train-support'
import { demo, issued, me, settle, t, useTrainAfterSalesApp } from './train-aftersales-support'

useTrainAfterSalesApp()

const wechat = () => t.app.deps.wechatPay.sandbox!
const today = () => shanghaiDay(t.clock.now())
const ask = (token: string, extra: object = {}, lang?: 'zh' | 'en') =>
  t.post(reconcileWechatPay.path, { eventCode: 'DEMO', from: today(), to: today(), ...extra }, { token, lang })
const run = async (token: string) => ok<ReconcileResult>(await ask(token))
const paymentOf = async (orderId: number) => (await t.db.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]
const demoEventId = async () => (await findEventByCode(t.db.db, 'DEMO'))!.id

beforeEach(() => wechat().forgetRecords())

/** a train order saved and its WeChat payment (NATIVE) opened, not paid: the payment's number */
async function openedPayment(): Promise<string> {
  const { train, stops } = await trainWithStops(t, demo)
  const saved = await t.post(
    saveTrainOrder.path,
    { ...orderBody(train, [{ travellerId: me, passengerType: 'adult' }]), toStationCode: stops[stops.length - 1] },
    { token: demo },
  )
  const opened = await t.post(paymentOrder.path, { orderId: saved.body.data!.id, idempotencyKey: newKey(), tradeType: 'NATIVE', wxCode: '' }, { token: demo })
  return opened.body.data!.payment.paymentNo as string
}

describe('matching', () => {
  it('finds nothing to report when the bill and ours agree, a refund included', async () => {
    const { order } = await issued({ pay: 'wechat' })
    const token = await staffWithRole(t, 'desk', 'travel')
    expect(
      ok<unknown>(
        await t.post(actOnDeskOrder.path, { eventCode: 'DEMO', kind: 'train', orderId: order.id, action: 'refund', idempotencyKey: newKey() }, { token }),
      ),
    )
    await settle(5_000)
    const r = await run(token)
    expect(r).toMatchObject({ matchedPayments: 1, matchedRefunds: 1, otherLines: 0, differences: [], moreDifferences: 0 })
    expect(r.oursPaidFen).toBe(r.billPaidFen)
    expect(r.oursRefundedFen).toBe(r.billRefundedFen)
    expect(r.billRefundedFen).toBeGreaterThan(0)
  })

  it('counts a refund WeChat could not pay back on neither side’s total, and matches it', async () => {
    const { order } = await issued({ pay: 'wechat' })
    const token = await staffWithRole(t, 'desk', 'travel')
    wechat().refundOutcome = 'ABNORMAL'
    try {
      ok<unknown>(
        await t.post(actOnDeskOrder.path, { eventCode: 'DEMO', kind: 'train', orderId: order.id, action: 'refund', idempotencyKey: newKey() }, { token }),
      )
      await settle(5_000)
    } finally {
      wechat().refundOutcome = 'SUCCESS'
    }
    const r = await run(token)
    expect(r).toMatchObject({ matchedPayments: 1, matchedRefunds: 1, oursRefundedFen: 0, billRefundedFen: 0, differences: [] })
  })

  it('reports an amount the platform took other than the order’s', async () => {
    const { order } = await issued({ pay: 'wechat' })
    const p = await paymentOf(order.id)
    await wechat().takeAnotherAmount(p.paymentNo, p.amountFen - 100)
    const r = await run(await staffWithRole(t, 'desk', 'travel'))
    expect(r.matchedPayments).toBe(0)
    expect(r.differences).toEqual([
      expect.objectContaining({
        kind: 'amount',
        entry: 'payment',
        paymentNo: p.paymentNo,
        orderKind: 'train',
        orderNo: order.orderNo,
        oursFen: p.amountFen,
        billFen: p.amountFen - 100,
      }),
    ])
  })

  it('reports a payment the platform took whose notification never came, as a state (made through the dev route)', async () => {
    const paymentNo = await openedPayment()
    const trade = (payload: object, remoteAddress?: string) => t.app.inject({ method: 'POST', url: '/dev/wechatpay/trade', payload, remoteAddress })
    expect((await trade({ outTradeNo: paymentNo, pay: 'silently' }, '203.0.113.9')).statusCode).toBe(404)
    expect((await trade({ outTradeNo: 'x' })).statusCode).toBe(400)
    expect((await trade({ outTradeNo: paymentNo })).statusCode).toBe(400)
    expect((await trade({ outTradeNo: paymentNo, pay: 'silently' })).json()).toEqual({ state: 'SUCCESS' })
    const r = await run(await staffWithRole(t, 'desk', 'travel'))
    expect(r.differences).toEqual([
      expect.objectContaining({ kind: 'state', entry: 'payment', paymentNo, orderKind: 'train', oursState: 'open', billState: 'SUCCESS' }),
    ])
  })

  it('reports a trade on the bill that we have no row of, and one we say paid that WeChat never took', async () => {
    const { order } = await issued({ pay: 'wechat' })
    const p = await paymentOf(order.id)
    await wechat().strayTrade({ outTradeNo: 'TRAI20260101000000999999999999', amountFen: 4200, attach: eventAttach(await demoEventId()), description: '测试' })
    // our row says paid; WeChat has no such trade
    await t.db.db.insert(payments).values({ ...p, id: undefined as never, paymentNo: 'TRAI20260101000000888888888888', counted: false })
    const r = await run(await staffWithRole(t, 'desk', 'travel'))
    expect(r.matchedPayments).toBe(1)
    expect(r.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'billOnly',
          paymentNo: 'TRAI20260101000000999999999999',
          billFen: 4200,
          oursFen: null,
          oursState: 'none',
          orderNo: '',
        }),
        expect.objectContaining({ kind: 'oursOnly', paymentNo: 'TRAI20260101000000888888888888', oursFen: p.amountFen, billFen: null, orderNo: order.orderNo }),
      ]),
    )
    expect(r.differences).toHaveLength(2)
  })

  it('reports a refund we say made that the bill lacks, as a state', async () => {
    const { order } = await issued({ pay: 'wechat' })
    const p = await paymentOf(order.id)
    await t.db.db
      .insert(paymentRefunds)
      .values({ paymentId: p.id, refundNo: `${p.paymentNo}R9`, amountFen: 300, reason: 'test', status: 'success', payload: {}, createdAt: t.clock.now() })
    const r = await run(await staffWithRole(t, 'desk', 'travel'))
    expect(r.differences).toEqual([
      expect.objectContaining({
        kind: 'state',
        entry: 'refund',
        refundNo: `${p.paymentNo}R9`,
        oursState: 'success',
        oursFen: 300,
        billFen: null,
        billState: '',
      }),
    ])
  })

  it('leaves out the lines of other events, and of none, counting them', async () => {
    await issued({ pay: 'wechat' })
    await wechat().strayTrade({
      outTradeNo: 'TRAI20260101000000777777777777',
      amountFen: 100,
      attach: eventAttach((await demoEventId()) + 1000),
      description: '别的活动',
    })
    await wechat().strayTrade({ outTradeNo: 'TRAI20260101000000666666666666', amountFen: 100, attach: 'something else', description: '别的系统' })
    const r = await run(await staffWithRole(t, 'desk', 'travel'))
    expect(r).toMatchObject({ matchedPayments: 1, otherLines: 2, differences: [] })
  })
})

describe('who may', () => {
  it.each(STAFF_ROLES)('role %s: reads it with orders.read, else refused; another event answered as missing', async (role) => {
    const token = await staffWithRole(t, `r-${role}`, role)
    expect((await ask(token)).body.msgId).toBe(ROLE_PERMISSIONS['orders.read'].includes(role) ? '' : 'ESTF2001')
    for (const eventCode of ['LOCKED', 'NOPE']) expect((await ask(token, { eventCode })).body.msgId).toBe('ESYS0004')
  })
})

describe('dates', () => {
  it('answers bad dates with a clear message in the caller’s language, never a 5xx', async () => {
    const token = await staffWithRole(t, 'desk', 'travel')
    const cases: Array<[object, string]> = [
      [{ from: 'yesterday' }, 'EADM7501'],
      [{ from: '2026-02-30' }, 'EADM7501'],
      [{ to: 20261120 }, 'EADM7501'],
      [{ from: addDays(today(), 1), to: today() }, 'EADM7502'],
      [{ to: addDays(today(), 1) }, 'EADM7505'],
      [{ from: addDays(today(), -40) }, 'EADM7503'],
      [{ from: addDays(today(), -91), to: addDays(today(), -80) }, 'EADM7504'],
    ]
    for (const [bad, msgId] of cases) {
      const r = await ask(token, bad, 'en')
      expect(r.statusCode).toBeLessThan(500)
      expect(r.body.msgId).toBe(msgId)
      expect(r.body.msgText).toMatch(/[A-Za-z]/)
    }
  })

  it('keeps the range within its rules, at their edges', () => {
    const day = '2026-11-20'
    const { reconcileMaxDays: max, reconcileHistoryDays: history } = TRAVEL_DESK_RULES
    expect(reconcileDays(addDays(day, -(max - 1)), day, day)).toEqual({ days: expect.arrayContaining([day]) })
    expect((reconcileDays(addDays(day, -(max - 1)), day, day) as { days: string[] }).days).toHaveLength(max)
    expect(reconcileDays(addDays(day, -max), day, day)).toMatchObject({ msgId: 'EADM7503' })
    expect(reconcileDays(addDays(day, -history), addDays(day, -history), day)).toEqual({ days: [addDays(day, -history)] })
    expect(reconcileDays(addDays(day, -history - 1), addDays(day, -history), day)).toMatchObject({ msgId: 'EADM7504' })
    expect(reconcileDays(day, day, day)).toEqual({ days: [day] })
    expect(reconcileDays(day, addDays(day, 1), day)).toMatchObject({ msgId: 'EADM7505' })
  })

  it('tells a bill not made yet, WeChat Pay out of reach, and WeChat Pay off, never a 5xx', async () => {
    const token = await staffWithRole(t, 'desk', 'travel')
    const w = t.app.deps.wechatPay
    const real = w.gateway
    const failing = (code: string) => ({ ...real!, tradeBill: async () => Promise.reject(new WechatPayError(code, 400, '')) })
    try {
      w.gateway = failing('NO_STATEMENT_EXIST')
      expect((await ask(token, {}, 'en')).body).toMatchObject({ msgId: 'EADM7506', msgText: expect.stringContaining(today()) })
      expect((await ask(token, { from: addDays(today(), -3), to: addDays(today(), -2) })).body.msgId).toBe('')
      w.gateway = failing('SYSTEM_ERROR')
      const r = await ask(token)
      expect(r.statusCode).toBeLessThan(500)
      expect(r.body.msgId).toBe('EADM7507')
      w.gateway = null
      expect((await ask(token)).body.msgId).toBe('EADM7508')
    } finally {
      w.gateway = real
    }
  })

  it('reads a past day without trades as an empty bill', async () => {
    const token = await staffWithRole(t, 'desk', 'travel')
    const r = await run(token)
    expect(r).toMatchObject({ matchedPayments: 0, differences: [], billPaidFen: 0 })
    expect(ok<ReconcileResult>(await ask(token, { from: addDays(today(), -5), to: addDays(today(), -3) })).differences).toEqual([])
  })
})

describe('the file', () => {
  it('writes the differences as CSV in the caller’s language', async () => {
    const { order } = await issued({ pay: 'wechat' })
    const p = await paymentOf(order.id)
    await wechat().takeAnotherAmount(p.paymentNo, p.amountFen + 50)
    const token = await staffWithRole(t, 'desk', 'travel')
    const file = ok<{ fileName: string; content: string; count: number }>(
      await t.post(exportReconciliation.path, { eventCode: 'DEMO', from: today(), to: today(), format: 'csv' }, { token, lang: 'en' }),
    )
    expect(file.count).toBe(1)
    const text = Buffer.from(file.content, 'base64').toString('utf8')
    expect(text).toContain('Amount differs')
    expect(text).toContain(order.orderNo)
    expect(text).toContain(((p.amountFen + 50) / 100).toFixed(2))
    expect(file.fileName).toMatch(/\.csv$/)
  })
})
