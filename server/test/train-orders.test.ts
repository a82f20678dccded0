/** The train calls through the API: saving, paying, ticketing and cancelling orders. Set-up: train-api-support.ts. */
import {
  askOrderTicket,
  getOrderTickets,
  getPreSaleDay,
  getTrainOrderInfo,
  listTravellers,
  payOnBusiness,
  paymentOrder,
  saveTrainOrder,
  trainCancelOrder,
} from '@contracts/calls/train'
import { guestLogin } from '@contracts/calls/auth'
import { DEMO_USER, LOCKED_ATTENDEE } from '../src/seed'
import { trainOrders } from '../src/kernel/db/schema'
import { listOwnerTrainOrders } from '../src/train/repositories/orders'
import { addTraveller, bookableG, dateAfter, idCard, newKey, ok, orderBody, railwayLogin, searchShanghaiBeijing } from './train-support'
import { bookedOrder, demo, lilei, me, ownerIds, sandbox, t, useTrainApp } from './train-api-support'

useTrainApp()

describe('orders', () => {
  it('books two passengers (one a child), the company pays, tickets are issued', async () => {
    const kid = await addTraveller(t, demo, '张小明', idCard('20160307', 1), 'child')
    const { order } = await bookedOrder([
      { travellerId: me, passengerType: 'adult', seatChoice: 'F' },
      { travellerId: kid, passengerType: 'child', heightCm: 135, seatChoice: 'D' },
    ])
    expect(order).toMatchObject({ status: 'toBePaid', actions: ['pay', 'cancel'], payer: null })
    const [adult, child] = order.passengers
    expect(child.ticketPriceFen).toBe(Math.max(100, Math.round(adult.ticketPriceFen / 2 / 50) * 50))
    expect(order.amounts).toEqual({
      ticketPriceFen: adult.ticketPriceFen + child.ticketPriceFen,
      ticketFeeFen: 1000,
      serviceChargeFen: 0,
      totalFen: adult.ticketPriceFen + child.ticketPriceFen + 1000,
    })
    expect(Date.parse(order.payDeadline!) - Date.parse(order.createdAt)).toBe(20 * 60_000)
    expect(adult.documentNumberMasked).toBe('1101**********4477')

    const paid = ok(await t.post(payOnBusiness.path, { orderId: order.id, idempotencyKey: newKey() }, { token: demo }))
    expect(paid).toMatchObject({ status: 'ticketing', payer: 'company', payDeadline: null })
    expect(ok(await t.post(askOrderTicket.path, { orderId: order.id }, { token: demo })).status).toBe('ticketing')
    t.clock.t += 3_000
    const issued = ok(await t.post(askOrderTicket.path, { orderId: order.id }, { token: demo }))
    expect(issued.status).toBe('issued')
    expect(issued.pickupNo).toMatch(/^E\d{9}$/)
    expect(issued.passengers[0]).toMatchObject({ seatPosition: 'window' })
    expect(issued.passengers[0].seatNo).toMatch(/^\d\dF$/)
    expect(issued.passengers[1].seatNo).toMatch(/^\d\dD$/)
    expect(issued.timeline.map((e: { kind: string }) => e.kind)).toEqual(['created', 'paid', 'ticketingStarted', 'issued'])
    const tickets = ok(await t.post(getOrderTickets.path, { orderId: order.id }, { token: demo }))
    expect(tickets.tickets.map((x: { passengerType: string }) => x.passengerType)).toEqual(['adult', 'child'])
    // Li Lei cannot read, pay, cancel or ask about it
    for (const path of [getTrainOrderInfo.path, getOrderTickets.path, askOrderTicket.path, trainCancelOrder.path]) {
      expect((await t.post(path, { orderId: order.id }, { token: lilei })).body.msgId).toBe('ESYS0004')
    }
    expect((await t.post(payOnBusiness.path, { orderId: order.id, idempotencyKey: newKey() }, { token: lilei })).body.msgId).toBe('ESYS0004')
    // the orders feed's repository function
    const feed = await listOwnerTrainOrders(
      t.db.db,
      { userId: paid.passengers.length && (await ownerIds()).userId, eventId: (await ownerIds()).eventId },
      { limit: 10, offset: 0 },
    )
    expect(feed.map((o) => [o.orderNo, o.status, o.passengerNames])).toEqual([[order.orderNo, 'issued', ['张伟', '张小明']]])
  })

  it('the job answers ticketing without anyone asking, also a failure, which refunds the company', async () => {
    sandbox().switches.ticketing = 'fail'
    const { order } = await bookedOrder()
    ok(await t.post(payOnBusiness.path, { orderId: order.id, idempotencyKey: newKey() }, { token: demo }))
    t.clock.t += 3_000
    await t.app.jobs.runOnce(t.clock.now())
    const failed = ok(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo, lang: 'en' }))
    expect(failed).toMatchObject({
      status: 'failed',
      actions: ['rebook', 'remove'],
      refund: { amountFen: order.amounts.totalFen, state: 'refunded', to: 'company' },
    })
    expect(failed.failureText).toBe('The railway could not issue the tickets; the payment will be refunded')
    expect(failed.timeline.map((e: { kind: string }) => e.kind)).toEqual(['created', 'paid', 'ticketingStarted', 'issueFailed', 'refunded'])
  })

  it("refuses bad orders with the spec's messages", async () => {
    await railwayLogin(t, demo)
    // first class is booked below (over the policy, with a reason): a train that still has some,
    // as the sandbox sells some trains' first class out on some days
    const withFirst = (await searchShanghaiBeijing(t, demo)).filter((x) => x.seats.some((s) => s.seatType === 'first' && s.left > 0))
    const train = bookableG(withFirst)
    const kid = await addTraveller(t, demo, '张小明', idCard('20160307', 1), 'child')
    const adult = { travellerId: me, passengerType: 'adult' }
    const cases: Array<[object, string]> = [
      [{ passengers: [] }, 'ETRAIN1011'],
      [{ contactName: '' }, 'ETRAIN1012'],
      [{ contactMobile: '' }, 'ETRAIN1018'],
      [{ contactMobile: '1380013800' }, 'EVAL0002'],
      [{ agreed: false }, 'ETRAIN1013'],
      [{ passengers: [adult, adult] }, 'ETRAIN1015'],
      [{ passengers: [{ travellerId: kid, passengerType: 'child', heightCm: 130 }] }, 'ETRAIN1023'],
      [{ passengers: [adult, { travellerId: kid, passengerType: 'child' }] }, 'ETRAIN1029'],
      [{ passengers: [adult, { travellerId: kid, passengerType: 'child', heightCm: 119 }] }, 'ETRAIN1021'],
      [{ passengers: [adult, { travellerId: kid, passengerType: 'child', heightCm: 151 }] }, 'ETRAIN1022'],
      [{ passengers: [{ travellerId: 999_999, passengerType: 'adult' }] }, 'ESYS0004'],
      [{ seatType: 'hardSleeper' }, 'ETRAIN1028'],
      [{ passengers: [{ ...adult, seatChoice: 'B' }], seatType: 'first', overPolicyReason: '客户要求' }, 'ETRAIN1033'],
      [{ seatType: 'first' }, 'ETRAIN1031'],
      [{ trainCode: 'G1_AOH_VNP' }, 'ETRAIN1026'],
      [{ fromStationCode: train.to.code, toStationCode: train.from.code }, 'ETRAIN1026'],
      [{ idempotencyKey: 'short' }, 'EVAL0001'],
    ]
    for (const [change, msgId] of cases) {
      const r = await t.post(saveTrainOrder.path, { ...orderBody(train, [adult]), ...change }, { token: demo })
      expect([JSON.stringify(change), r.body.msgId]).toEqual([JSON.stringify(change), msgId])
    }
    // Li Lei cannot book the demo attendee's traveller
    await railwayLogin(t, lilei)
    expect((await t.post(saveTrainOrder.path, orderBody(train, [adult]), { token: lilei })).body.msgId).toBe('ESYS0004')
    // over the policy with a reason: booked, the reason kept
    const over = ok(await t.post(saveTrainOrder.path, orderBody(train, [adult], { seatType: 'first', overPolicyReason: '客户要求' }), { token: demo }))
    expect(over.overPolicy).toMatchObject({ reason: '客户要求', breaches: [{ rule: 'trainSeatType' }] })
    // the same passenger twice on one train
    expect((await t.post(saveTrainOrder.path, orderBody(train, [adult]), { token: demo })).body.msgId).toBe('ETRAIN1034')
    // nothing half-written: only the one order exists
    expect(await t.db.db.select().from(trainOrders)).toHaveLength(1)
  })

  it("a traveller the railway's identity check refused cannot be booked", async () => {
    sandbox().switches.audit = 'fail'
    const refused = await addTraveller(t, demo, '王芳', idCard('19900101', 3))
    expect(ok(await t.post(listTravellers.path, {}, { token: demo })).find((x: { id: number }) => x.id === refused)).toMatchObject({ auditStatus: 'failed' })
    await railwayLogin(t, demo)
    const train = bookableG(await searchShanghaiBeijing(t, demo))
    const r = await t.post(saveTrainOrder.path, orderBody(train, [{ travellerId: refused, passengerType: 'adult' }]), { token: demo, lang: 'en' })
    expect(r.body).toMatchObject({ msgId: 'ETRAIN1017', msgText: 'Passenger 王芳 did not pass the railway identity check and cannot be booked' })
  })

  it("LOCKED follows today's railway rules: children by age from the ID card, no height asked", async () => {
    const r = await t.post(guestLogin.path, {
      loginType: 'account',
      eventCode: 'LOCKED',
      userName: DEMO_USER.userName,
      password: DEMO_USER.password,
      idNumber: DEMO_USER.idNumber,
      ...LOCKED_ATTENDEE,
    })
    const locked = r.body.data.token as string
    expect(ok(await t.post(getPreSaleDay.path, {}, { token: locked }))).toMatchObject({ childRule: 'age', saleCloses: '01:00' })
    const adult = await addTraveller(t, locked, '张伟', DEMO_USER.idNumber)
    const born = (y: number) => idCard(`${y}0101`, y % 1000)
    const [ten, five, fifteen] = [
      await addTraveller(t, locked, '张小明', born(Number(dateAfter(t, 1).slice(0, 4)) - 10), 'child'),
      await addTraveller(t, locked, '张小红', born(Number(dateAfter(t, 1).slice(0, 4)) - 5), 'child'),
      await addTraveller(t, locked, '张大明', born(Number(dateAfter(t, 1).slice(0, 4)) - 15), 'child'),
    ]
    await railwayLogin(t, locked)
    const train = bookableG(await searchShanghaiBeijing(t, locked))
    const book = (kid: number) =>
      t.post(
        saveTrainOrder.path,
        orderBody(train, [
          { travellerId: adult, passengerType: 'adult' },
          { travellerId: kid, passengerType: 'child' },
        ]),
        { token: locked },
      )
    expect((await book(five)).body.msgId).toBe('ETRAIN1021')
    expect((await book(fifteen)).body.msgId).toBe('ETRAIN1022')
    expect(ok(await book(ten)).passengers.map((p: { passengerType: string }) => p.passengerType)).toEqual(['adult', 'child'])
  })

  it('outside ticketing hours (spec §9 05:00-23:00) nothing is saved', async () => {
    await railwayLogin(t, demo)
    const train = bookableG(await searchShanghaiBeijing(t, demo, 2))
    t.clock.t += 11 * 3600_000 // 23:00 Shanghai
    await railwayLogin(t, demo)
    const r = await t.post(saveTrainOrder.path, orderBody(train, [{ travellerId: me, passengerType: 'adult' }]), { token: demo, lang: 'en' })
    expect(r.body).toMatchObject({ msgId: 'ETRAIN1024', msgText: 'Online ticketing is open 05:00-23:00, please submit then' })
  })

  it('a retry with the same key answers the same order; another body with it is refused', async () => {
    await railwayLogin(t, demo)
    const train = bookableG(await searchShanghaiBeijing(t, demo))
    const body = orderBody(train, [{ travellerId: me, passengerType: 'adult' }])
    const first = ok(await t.post(saveTrainOrder.path, body, { token: demo }))
    const again = ok(await t.post(saveTrainOrder.path, body, { token: demo }))
    expect(again.id).toBe(first.id)
    // the answer (built from the rows as the one-statement write returned them) is the
    // order as stored: a fresh read gives the same view
    const { serverNow: _then, ...answered } = first
    const { serverNow: _now, ...stored } = ok(await t.post(getTrainOrderInfo.path, { orderId: first.id }, { token: demo }))
    expect(stored).toEqual(answered)
    expect((await t.post(saveTrainOrder.path, { ...body, contactName: '王芳' }, { token: demo })).body.msgId).toBe('EVAL0009')
    const payKey = newKey()
    const p1 = ok(await t.post(payOnBusiness.path, { orderId: first.id, idempotencyKey: payKey }, { token: demo }))
    const p2 = ok(await t.post(payOnBusiness.path, { orderId: first.id, idempotencyKey: payKey }, { token: demo }))
    expect(p2).toEqual(p1)
    expect((await t.post(payOnBusiness.path, { orderId: first.id, idempotencyKey: newKey() }, { token: demo })).body.msgId).toBe('ETRAIN1040')
  })

  it('cancel frees the seats; only an unpaid order can be cancelled', async () => {
    const { order } = await bookedOrder()
    const canceled = ok(await t.post(trainCancelOrder.path, { orderId: order.id }, { token: demo }))
    expect(canceled).toMatchObject({ status: 'canceled', actions: ['rebook', 'remove'] })
    expect((await t.post(trainCancelOrder.path, { orderId: order.id }, { token: demo })).body.msgId).toBe('ETRAIN1041')
    expect((await t.post(payOnBusiness.path, { orderId: order.id, idempotencyKey: newKey() }, { token: demo })).body.msgId).toBe('ETRAIN1040')
  })

  it('the server cancels an unpaid order at its deadline, to the second', async () => {
    const { order } = await bookedOrder()
    t.clock.t = Date.parse(order.payDeadline!) - 1
    await t.app.jobs.runOnce(t.clock.now())
    expect(ok(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo })).status).toBe('toBePaid')
    t.clock.t = Date.parse(order.payDeadline!)
    expect((await t.post(payOnBusiness.path, { orderId: order.id, idempotencyKey: newKey() }, { token: demo })).body.msgId).toBe('ETRAIN1042')
    await t.app.jobs.runOnce(t.clock.now())
    const overdue = ok(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo }))
    expect(overdue).toMatchObject({ status: 'overdue', actions: ['rebook', 'remove'], payDeadline: null })
  })

  it('the attendee pays by WeChat Pay: the notification starts ticketing, tickets are issued', async () => {
    const { order } = await bookedOrder()
    const key = newKey()
    const start = ok(await t.post(paymentOrder.path, { orderId: order.id, idempotencyKey: key, tradeType: 'NATIVE', wxCode: '' }, { token: demo }))
    // a retry of the same tap answers the same payment
    expect(
      ok(await t.post(paymentOrder.path, { orderId: order.id, idempotencyKey: key, tradeType: 'NATIVE', wxCode: '' }, { token: demo })).payment.paymentNo,
    ).toBe(start.payment.paymentNo)
    expect((await t.post(paymentOrder.path, { orderId: order.id, idempotencyKey: newKey(), tradeType: 'APP', wxCode: '' }, { token: demo })).body.msgId).toBe(
      'EVAL0001',
    )
    expect(
      (await t.post(paymentOrder.path, { orderId: order.id, idempotencyKey: newKey(), tradeType: 'NATIVE', wxCode: '' }, { token: lilei })).body.msgId,
    ).toBe('ESYS0004')
    expect(await t.app.deps.wechatPay.sandbox!.pay(start.payment.paymentNo)).toBe('SUCCESS')
    expect(ok(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo }))).toMatchObject({ status: 'ticketing', payer: 'attendee' })
    t.clock.t += 3_000
    expect(ok(await t.post(askOrderTicket.path, { orderId: order.id }, { token: demo })).status).toBe('issued')
  })

  it('WeChat money that arrives after the deadline is refunded, never ticketed', async () => {
    const { order } = await bookedOrder()
    const start = ok(await t.post(paymentOrder.path, { orderId: order.id, idempotencyKey: newKey(), tradeType: 'NATIVE', wxCode: '' }, { token: demo }))
    expect(start.payment).toMatchObject({ tradeType: 'NATIVE', amountFen: order.amounts.totalFen })
    expect(start.payment.codeUrl).not.toBe('')
    // the attendee pays a second before the deadline, but WeChat's notification is late
    const wx = t.app.deps.wechatPay.sandbox!
    wx.notifications = 'drop'
    t.clock.t = Date.parse(order.payDeadline!) - 1_000
    expect(await wx.pay(start.payment.paymentNo)).toBe('SUCCESS')
    t.clock.t = Date.parse(order.payDeadline!) + 1_000
    await t.app.jobs.runOnce(t.clock.now())
    expect(ok(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo })).status).toBe('overdue')
    wx.notifications = 'deliver'
    await wx.renotify(start.payment.paymentNo)
    await t.app.jobs.runOnce(t.clock.now())
    const after = ok(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo, lang: 'en' }))
    expect(after.status).toBe('overdue')
    expect(after.refund).toMatchObject({ amountFen: order.amounts.totalFen, to: 'attendee' })
    expect(after.failureText).toBe('The payment arrived after the order was cancelled; it will be refunded')
  })
})
