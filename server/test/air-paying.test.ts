/**
 * Paying and ticketing through the air calls on PGlite: the company pays or WeChat Pay (NATIVE,
 * JSAPI in the mini-program and in WeChat's browser) through the sandboxes, the ticket drawn or
 * failed and refunded, the payment deadline, seats running out; and the owner's orders listed for
 * the orders feed. Set-up: air-support.ts.
 */
import * as air from '@contracts/calls/flight'
import { DEMO_USER } from '../src/seed'
import { AIR_RULES } from '../src/air/rules/air-rules'
import { retryDelayMs } from '../src/kernel/jobs/job-rules'
import { adult, booking, day, infant, ok, pick, post, refOf, t, useAirApp } from './air-support'

useAirApp()

describe('paying and ticketing', () => {
  async function booked(passengers = [adult]) {
    const { flight, cabin } = await pick()
    return ok<air.AirOrderView>(air.ticketBooking.path, booking(flight, cabin, passengers))
  }
  const details = (orderId: number) => ok<air.AirOrderView>(air.findOrderDetails.path, { orderId })
  async function untilIssued() {
    await t.app.jobs.runOnce(t.clock.now())
    t.clock.advance(t.app.deps.airlineSandbox!.issueDelayMs)
    await t.app.jobs.runOnce(t.clock.now())
  }

  it('the company pays: awaiting issue, then the ticket drawn with a ticket number', async () => {
    const order = await booked([adult, infant(day(-200))])
    const paid = await ok<air.AirOrderView>(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: 'key-pay-0001' })
    expect(paid).toMatchObject({ status: 'awaitingIssue', paidBy: 'company', payDeadline: null })
    await untilIssued()
    const done = await details(order.orderId)
    expect(done.status).toBe('ticketed')
    expect(done.passengers.every((p) => /^\d{3}-\d{10}$/.test(p.ticketNo))).toBe(true)
    expect(done.timeline.map((e) => e.status)).toEqual(['new', 'toBePaid', 'awaitingIssue', 'ticketed'])
    // paying again answers the order as it is
    expect((await ok<air.AirOrderView>(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: 'key-pay-0002' })).status).toBe('ticketed')
  })

  it('WeChat Pay (NATIVE): a code_url; paying in the sandbox moves the order; the ticket is drawn', async () => {
    const order = await booked()
    const pay = await ok<air.OrderPayView>(air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: 'key-wx-0001', tradeType: 'NATIVE', wxCode: '' })
    expect(pay).toMatchObject({ tradeType: 'NATIVE', amountFen: order.price.totalFen, jsapi: null })
    expect((await details(order.orderId)).paymentPending).toBe(true)
    expect(await t.app.deps.wechatPay.sandbox!.pay(pay.paymentNo)).toBe('SUCCESS')
    expect((await details(order.orderId)).status).toBe('awaitingIssue')
    await untilIssued()
    expect(await details(order.orderId)).toMatchObject({ status: 'ticketed', paidBy: 'wechat', paymentPending: false })
  })

  it('WeChat Pay (JSAPI): signed parameters for wx.requestPayment; without a wx code EPAY1002', async () => {
    const order = await booked()
    expect((await post(air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: 'key-wx-0002', tradeType: 'JSAPI', wxCode: '' })).body.msgId).toBe(
      'EPAY1002',
    )
    const pay = await ok<air.OrderPayView>(air.createOrderPay.path, {
      orderId: order.orderId,
      idempotencyKey: 'key-wx-0003',
      tradeType: 'JSAPI',
      wxCode: 'wx-login-code',
    })
    expect(pay.jsapi).toMatchObject({ signType: 'RSA', package: expect.stringMatching(/^prepay_id=/) })
  })

  it('WeChat Pay (JSAPI) from H5 inside WeChat: the OAuth code is exchanged as one and paid under the official account; a code of the wrong kind EPAY1002', async () => {
    const sandbox = t.app.deps.wechatPay.sandbox!
    const order = await booked()
    const pay = (idempotencyKey: string, wxCode: string, wxCodeSource?: unknown) =>
      post(air.createOrderPay.path, {
        orderId: order.orderId,
        idempotencyKey,
        tradeType: 'JSAPI',
        wxCode,
        ...(wxCodeSource === undefined ? {} : { wxCodeSource }),
      })
    // the source is validated; a wx.login code is not an OAuth code, nor the other way round
    expect((await pay('key-oa-0001', 'oauth-abc', 'browser')).body.msgId).toBe('EVAL0001')
    expect((await pay('key-oa-0002', 'wx-login-code', 'officialAccount')).body.msgId).toBe('EPAY1002')
    expect((await pay('key-oa-0003', 'oauth-abc')).body.msgId).toBe('EPAY1002')
    expect((await pay('key-oa-0004', 'oauth-abc', 'miniProgram')).body.msgId).toBe('EPAY1002')
    const r = await pay('key-oa-0005', 'oauth-abc', 'officialAccount')
    expect(r.body.msgId).toBe('')
    const view = r.body.data as air.OrderPayView
    expect(view.jsapi).toMatchObject({ appId: sandbox.officialAccountAppId, signType: 'RSA', package: expect.stringMatching(/^prepay_id=/) })
    expect((await t.app.deps.wechatPay.gateway!.query(view.paymentNo))!.appid).toBe(sandbox.officialAccountAppId)
    // WeChat's notification names the official account's AppID: it is ours, the order is paid
    expect(await sandbox.pay(view.paymentNo)).toBe('SUCCESS')
    expect(sandbox.sent.at(-1)!.status).toBe(204)
    expect((await details(order.orderId)).status).toBe('awaitingIssue')
  })

  it('the airline fails to issue: failed issue, and the payment goes back', async () => {
    t.app.deps.airlineSandbox!.issueOutcome = 'fail'
    const order = await booked()
    const pay = await ok<air.OrderPayView>(air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: 'key-wx-0004', tradeType: 'NATIVE', wxCode: '' })
    await t.app.deps.wechatPay.sandbox!.pay(pay.paymentNo)
    await untilIssued()
    await t.app.jobs.runOnce(t.clock.now())
    expect(await details(order.orderId)).toMatchObject({ status: 'issueFailed', refundedFen: order.price.totalFen })
  })

  it('unpaid at the deadline: cancelled, seats back; paying then is EAIR1020; money arriving late is refunded', async () => {
    const { flight, cabin } = await pick()
    const order = await ok<air.AirOrderView>(air.ticketBooking.path, booking(flight, cabin, [adult]))
    const pay = await ok<air.OrderPayView>(air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: 'key-wx-0005', tradeType: 'NATIVE', wxCode: '' })
    t.clock.advance(AIR_RULES.payMinutes * 60_000)
    await t.app.jobs.runOnce(t.clock.now())
    expect((await details(order.orderId)).status).toBe('cancelled')
    expect(
      (await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(flight) })).cabins.find((c) => c.cabinCode === cabin.cabinCode)!.seatsLeft,
    ).toBe(cabin.seatsLeft)
    expect((await post(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: 'key-pay-0003' })).body.msgId).toBe('EAIR1020')
    // WeChat took the money at the last second (its own expiry not yet applied in the sandbox)
    t.app.deps.wechatPay.sandbox!.transaction(pay.paymentNo)!.time_expire = ''
    await t.app.deps.wechatPay.sandbox!.pay(pay.paymentNo)
    await t.app.jobs.runOnce(t.clock.now())
    expect(await details(order.orderId)).toMatchObject({ status: 'cancelled', refundedFen: order.price.totalFen })
  })

  it('unpaid at the deadline and the airline failing the release: cancelled at once, the release retried until the seats are back', async () => {
    const { flight, cabin } = await pick()
    const order = await ok<air.AirOrderView>(air.ticketBooking.path, booking(flight, cabin, [adult]))
    const seatsLeft = async () =>
      (await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(flight) })).cabins.find((c) => c.cabinCode === cabin.cabinCode)!.seatsLeft
    const release = jest.spyOn(t.app.deps.airline, 'release').mockRejectedValueOnce(new Error('airline: busy'))
    try {
      t.clock.advance(AIR_RULES.payMinutes * 60_000)
      await t.app.jobs.runOnce(t.clock.now())
      // the cancellation is committed before the airline is asked: no payment can land on the order meanwhile
      expect((await details(order.orderId)).status).toBe('cancelled')
      expect(await seatsLeft()).toBe(cabin.seatsLeft - 1)
      expect((await post(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: 'key-pay-0004' })).body.msgId).toBe('EAIR1020')
      t.clock.advance(retryDelayMs(1))
      await t.app.jobs.runOnce(t.clock.now())
      expect(release).toHaveBeenCalledTimes(2)
      expect(await seatsLeft()).toBe(cabin.seatsLeft)
    } finally {
      release.mockRestore()
    }
  })

  it('seats run out: the last ones sell, then EAIR1004', async () => {
    const { flight, cabin } = await pick()
    let sold = 0
    for (let i = 0; i < cabin.seatsLeft + 1; i++) {
      const r = await post(
        air.ticketBooking.path,
        booking(flight, cabin, [
          { ...adult, name: 'Li Lei', documentType: 'passport', documentNumber: `E${String(10_000_000 + i)}`, sex: 'male', birthDate: '1990-01-01' },
        ]),
      )
      if (r.body.status === 200) sold++
      else expect(r.body.msgId).toBe('EAIR1004')
    }
    expect(sold).toBe(cabin.seatsLeft)
  })
})

describe("the owner's orders for the orders feed (air/repositories/air.ts)", () => {
  it("lists only the owner's orders at the event, newest first, with status and amount; counts them", async () => {
    const { listOwnerAirOrders, countOwnerAirOrders } = await import('../src/air/repositories/air')
    const { flight, cabin } = await pick()
    const first = await ok<air.AirOrderView>(air.ticketBooking.path, booking(flight, cabin, [adult]))
    t.clock.advance(1000)
    const second = await ok<air.AirOrderView>(air.ticketBooking.path, booking(flight, cabin, [adult]))
    await ok(air.payFlightOnBusiness.path, { orderId: second.orderId, idempotencyKey: 'key-feed-0001' })
    const owner = { userId: (await t.app.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.userName, DEMO_USER.userName) }))!.id, eventId: 0 }
    owner.eventId = (await t.app.deps.db.query.events.findFirst({ where: (e, { eq }) => eq(e.eventCode, 'DEMO') }))!.id
    const rows = await listOwnerAirOrders(t.db.db, owner, { limit: 10 })
    expect(rows.map((r) => [r.id, r.status, r.totalFen])).toEqual([
      [second.orderId, 'awaitingIssue', second.price.totalFen],
      [first.orderId, 'toBePaid', first.price.totalFen],
    ])
    expect(await countOwnerAirOrders(t.db.db, owner, { paidBy: 'company' })).toBe(1)
    expect(await countOwnerAirOrders(t.db.db, { ...owner, userId: owner.userId + 999 })).toBe(0)
  })
})
