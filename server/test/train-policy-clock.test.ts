/** The train calls through the API: the travel-policy calls, /dev/clock and the orders list. Set-up: train-api-support.ts. */
import { eq } from 'drizzle-orm'
import { getTrainOrderInfo, payOnBusiness } from '@contracts/calls/train'
import { getTravelStandard, listAvailableRange, listVisibilityRule, trainOrderVerify } from '@contracts/calls/travel'
import { pageBusinessOrders, pageOrders } from '@contracts/calls/orders'
import { bookableG, newKey, ok, railwayLogin, searchShanghaiBeijing } from './train-support'
import { bookedOrder, demo, lilei, t, useTrainApp } from './train-api-support'

useTrainApp()

describe('travel policy calls', () => {
  it("answers DEMO's standard, visibility, range and verdicts", async () => {
    expect(ok(await t.post(getTravelStandard.path, {}, { token: demo }))).toMatchObject({
      overPolicy: 'reason',
      payers: ['company', 'attendee'],
      flight: { cabinClasses: ['economy'] },
    })
    expect(ok(await t.post(listVisibilityRule.path, {}, { token: demo }))).toEqual([
      { product: 'train', visible: true },
      { product: 'flight', visible: true },
    ])
    const range = ok(await t.post(listAvailableRange.path, { product: 'train' }, { token: demo }))
    expect(range.unrestricted).toBe(false)
    expect(range.cities).toContainEqual({ name: '北京', nameEn: 'Beijing' })
    expect((await t.post(listAvailableRange.path, { product: 'bus' }, { token: demo })).body.msgId).toBe('EVAL0001')
    await railwayLogin(t, demo)
    const g = bookableG(await searchShanghaiBeijing(t, demo))
    const seg = { trainCode: g.trainCode, date: g.date, fromStationCode: g.from.code, toStationCode: g.to.code }
    expect(ok(await t.post(trainOrderVerify.path, { ...seg, seatType: 'second' }, { token: demo }))).toEqual({
      withinPolicy: true,
      overPolicy: 'reason',
      breaches: [],
    })
    const first = ok(await t.post(trainOrderVerify.path, { ...seg, seatType: 'first' }, { token: demo, lang: 'en' }))
    expect(first.breaches).toEqual([{ rule: 'trainSeatType', text: 'G trains: second class, standing allowed, first class is outside the policy' }])
  })
})

describe('/dev/clock', () => {
  it("moves the app's clock and runs what fell due (an unpaid order becomes overdue)", async () => {
    const { order } = await bookedOrder()
    const r = await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: 21 * 60_000 }, remoteAddress: '127.0.0.1' })
    expect(r.json().jobsRun).toBeGreaterThan(0)
    expect(ok(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo })).status).toBe('overdue')
    expect((await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: 1 }, remoteAddress: '203.0.113.9' })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: '/dev/clock', payload: { advanceMs: -1 }, remoteAddress: '127.0.0.1' })).statusCode).toBe(400)
    void eq
  })

  it('is not there in production, nor are the railway switches', async () => {
    const prod = await t.buildApp({ prepareDb: false, config: { isProduction: true, nodeEnv: 'production' } })
    expect(prod.devClock).toBeNull()
    for (const url of ['/dev/clock', '/dev/railway', '/dev/railway/seats']) {
      expect((await prod.inject({ method: 'POST', url, payload: {}, remoteAddress: '127.0.0.1' })).statusCode).toBe(404)
    }
  })
})

describe('the orders list shows train orders', () => {
  it('labels them in the caller’s language, filters by status group and payer, and shows nobody else’s', async () => {
    const { order } = await bookedOrder()
    const list = (body: object, token = demo, lang: 'zh' | 'en' = 'en') => t.post(pageOrders.path, { pageNo: 1, pageSize: 10, ...body }, { token, lang })
    expect(ok(await list({}))).toMatchObject({
      total: 1,
      list: [
        {
          kind: 'train',
          orderNo: order.orderNo,
          status: 'toBePaid',
          statusGroup: 'toPay',
          statusLabel: 'To be paid',
          payer: 'self',
          amountFen: order.amounts.totalFen,
        },
      ],
    })
    expect(ok(await list({}, demo, 'zh')).list[0]).toMatchObject({ statusLabel: '待支付', title: expect.stringContaining('→') })
    expect(ok(await t.post(pageBusinessOrders.path, { pageNo: 1, pageSize: 10 }, { token: demo })).total).toBe(0)

    ok(await t.post(payOnBusiness.path, { orderId: order.id, idempotencyKey: newKey() }, { token: demo }))
    expect(ok(await list({ statusGroup: 'toPay' })).total).toBe(0)
    expect(ok(await list({ statusGroup: 'processing' })).list[0]).toMatchObject({ status: 'ticketing', statusLabel: 'Ticketing in progress', payer: 'company' })
    expect(ok(await t.post(pageBusinessOrders.path, { pageNo: 1, pageSize: 10 }, { token: demo })).total).toBe(1)
    expect(ok(await list({ kind: 'air' })).total).toBe(0)
    expect(ok(await list({}, lilei))).toMatchObject({ total: 0, list: [] })
  })
})
