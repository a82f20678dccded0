/** Train after-sales through the API: changes. Set-up: train-aftersales-support.ts. */
import {
  askChangeOrderTicket,
  getChange,
  paymentOrder,
  saveChange,
  saveRefund,
  type ChangeOptions,
  type ChangeResult,
  type TrainOrderView,
} from '@contracts/calls/train'
import { paymentRefunds } from '../src/kernel/db/schema'
import { addTraveller, idCard, newKey, ok, railwayLogin } from './train-support'
import {
  activeHoldsOf,
  demo,
  estimate,
  issued,
  kinds,
  lilei,
  me,
  msgOf,
  other,
  read,
  refundBody,
  sandbox,
  settle,
  t,
  useTrainAfterSalesApp,
} from './train-aftersales-support'

useTrainAfterSalesApp()

describe('change', () => {
  const changeBody = (
    order: TrainOrderView,
    passengerIds: number[],
    train: { trainCode: string; date: string },
    to: string,
    differenceFen: number,
    extra: object = {},
  ) => ({
    idempotencyKey: newKey(),
    orderId: order.id,
    passengerIds,
    changeType: 'destination',
    cause: 'planChanged',
    trainCode: train.trainCode,
    date: train.date,
    toStationCode: to,
    seatType: 'second',
    expectedDifferenceFen: differenceFen,
    ...extra,
  })
  const ask = async (order: TrainOrderView, passengerIds: number[], to: string | undefined, date = order.date, changeType = 'destination') =>
    ok<ChangeOptions>(await t.post(askChangeOrderTicket.path, { orderId: order.id, passengerIds, changeType, date, toStationCode: to }, { token: demo }))
  const quoteOn = (opts: ChangeOptions, trainCode: string) => opts.trains.find((x) => x.trainCode === trainCode)!.quotes.find((q) => q.seatType === 'second')!

  it('to a farther station: the company pays the difference at once, the railway confirms; no second change; then refunded → changed and refunded', async () => {
    const { order, train, stops } = await issued({ to: 'mid' })
    const end = stops[stops.length - 1]
    const p = order.passengers[0]
    const opts = await ask(order, [p.id], end)
    expect(opts).toMatchObject({ changeType: 'destination', changeFeePercent: 0, changeOpenNow: true, to: { code: end } })
    const quote = quoteOn(opts, train.trainCode)
    expect(quote.oldFareFen).toBe(p.ticketPriceFen)
    expect(quote.newFareFen).toBeGreaterThan(quote.oldFareFen)
    expect(quote).toMatchObject({ changeFeeFen: 0, differenceFen: quote.newFareFen - quote.oldFareFen })

    // bad input and the rules
    expect(
      msgOf(
        await t.post(
          askChangeOrderTicket.path,
          { orderId: order.id, passengerIds: [p.id], changeType: 'destination', date: order.date, toStationCode: order.to.code },
          { token: demo },
        ),
      ),
    ).toBe('ETRAIN1097')
    expect(msgOf(await t.post(saveChange.path, changeBody(order, [p.id], train, end, quote.differenceFen - 1), { token: demo }))).toBe('ETRAIN1096')
    expect(msgOf(await t.post(saveChange.path, changeBody(order, [p.id], train, end, quote.differenceFen, { cause: 'other' }), { token: demo }))).toBe(
      'ETRAIN1098',
    )
    await railwayLogin(t, lilei)
    expect(msgOf(await t.post(saveChange.path, changeBody(order, [p.id], train, end, quote.differenceFen), { token: lilei }))).toBe('ESYS0004')
    expect(
      msgOf(
        await t.post(
          askChangeOrderTicket.path,
          { orderId: order.id, passengerIds: [p.id], changeType: 'destination', date: order.date, toStationCode: end },
          { token: lilei },
        ),
      ),
    ).toBe('ESYS0004')

    const made = ok<ChangeResult>(await t.post(saveChange.path, changeBody(order, [p.id], train, end, quote.differenceFen), { token: demo }))
    expect(made.order.status).toBe('changing')
    expect(made.change).toMatchObject({
      state: 'processing',
      changeType: 'destination',
      cause: 'planChanged',
      payer: 'company',
      differenceFen: quote.differenceFen,
    })
    expect(made.change.paidAt).not.toBeNull()
    expect(kinds(made.order).slice(-3)).toEqual(['changeToPay', 'changePaid', 'changeStarted'])
    expect(made.order.passengers[0].changedTo).toMatchObject({ to: { code: end }, carriage: null, priceFen: quote.newFareFen })
    expect(msgOf(await t.post(getChange.path, { changeId: made.change.id }, { token: lilei }))).toBe('ESYS0004')

    await settle()
    const changed = await read(order.id)
    expect(changed.status).toBe('changed')
    expect(changed.passengers[0]).toMatchObject({ ticketState: 'changed', changeCount: 1, ticketActions: ['refund'] })
    expect(changed.passengers[0].changedTo!.seatNo).toMatch(/^\d\d[A-F]$/)
    expect(changed.passengers[0].changedTo!.ticketNo).toBeTruthy()
    const got = ok<ChangeResult>(await t.post(getChange.path, { changeId: made.change.id }, { token: demo }))
    expect(got.change.state).toBe('done')
    const holds = await activeHoldsOf(order.id)
    expect(holds.map((h) => h.changeId)).toEqual([made.change.id])
    expect(t.app.outbox!.list('13800138000')[0].text).toContain('改签成功')
    // spec §4: no change after a change of destination
    expect(
      msgOf(await t.post(askChangeOrderTicket.path, { orderId: order.id, passengerIds: [p.id], changeType: 'sameRoute', date: order.date }, { token: demo })),
    ).toBe('ETRAIN1091')

    // the changed ticket is refunded at its new price: changed and refunded
    const est = await estimate(order.id, [p.id])
    expect(est.ticketPriceFen).toBe(quote.newFareFen)
    ok(await t.post(saveRefund.path, refundBody(order.id, [p.id], est.estimatedRefundFen), { token: demo }))
    await settle()
    const ended = await read(order.id)
    expect(ended.status).toBe('changedRefunded')
    expect(await activeHoldsOf(order.id)).toEqual([])
    const refunded = await t.db.db.select().from(paymentRefunds)
    expect(refunded.reduce((s, r) => s + r.amountFen, 0)).toBe(est.estimatedRefundFen)
  })

  it('to a nearer station: the surplus goes back to the payer when the railway confirms', async () => {
    const { order, train, stops } = await issued()
    const p = order.passengers[0]
    const quote = quoteOn(await ask(order, [p.id], stops[1]), train.trainCode)
    expect(quote.differenceFen).toBeLessThan(0)
    const made = ok<ChangeResult>(await t.post(saveChange.path, changeBody(order, [p.id], train, stops[1], quote.differenceFen), { token: demo }))
    expect(made.change.state).toBe('processing')
    await settle()
    const changed = await read(order.id)
    expect(changed.status).toBe('changed')
    expect(changed.changes[0].surplus).toEqual({ amountFen: -quote.differenceFen, state: 'refunded' })
    expect(kinds(changed).slice(-2)).toEqual(['changed', 'changeSurplusRefunded'])
  })

  it('by WeChat Pay: waits for the difference (changeToProcess); a replayed notification changes it once; unpaid, it is cancelled at its deadline', async () => {
    const { order, train, stops } = await issued({ to: 'mid', pay: 'wechat' })
    const end = stops[stops.length - 1]
    const p = order.passengers[0]
    const quote = quoteOn(await ask(order, [p.id], end), train.trainCode)
    const made = ok<ChangeResult>(await t.post(saveChange.path, changeBody(order, [p.id], train, end, quote.differenceFen), { token: demo }))
    expect(made.order.status).toBe('changeToProcess')
    expect(made.order.actions).toEqual(['pay'])
    expect(made.order.changeToPay).toMatchObject({ changeId: made.change.id, amountFen: quote.differenceFen })
    expect(Date.parse(made.order.changeToPay!.payDeadline) - t.clock.t).toBe(20 * 60_000)

    const payBody = { orderId: order.id, idempotencyKey: newKey(), tradeType: 'NATIVE', wxCode: '', changeId: made.change.id }
    expect(msgOf(await t.post(paymentOrder.path, payBody, { token: lilei }))).toBe('ESYS0004')
    expect(msgOf(await t.post(paymentOrder.path, { ...payBody, idempotencyKey: newKey(), changeId: 999_999 }, { token: demo }))).toBe('ESYS0004')
    const start = ok<{ payment: { paymentNo: string; amountFen: number } }>(await t.post(paymentOrder.path, payBody, { token: demo }))
    expect(start.payment.amountFen).toBe(quote.differenceFen)
    const wx = t.app.deps.wechatPay.sandbox!
    expect(await wx.pay(start.payment.paymentNo)).toBe('SUCCESS')
    for (let i = 0; i < 3; i++) await wx.renotify(start.payment.paymentNo)
    const changing = await read(order.id)
    expect(changing.status).toBe('changing')
    expect(kinds(changing).filter((k) => k === 'changePaid')).toHaveLength(1)
    await settle()
    expect((await read(order.id)).status).toBe('changed')
    expect(await t.db.db.select().from(paymentRefunds)).toEqual([])

    // another order: the difference is never paid
    const second = await issued({ to: 'mid', pay: 'wechat', passengers: [{ travellerId: other, passengerType: 'adult' }] })
    const q2 = quoteOn(await ask(second.order, [second.order.passengers[0].id], end), second.train.trainCode)
    const made2 = ok<ChangeResult>(
      await t.post(saveChange.path, changeBody(second.order, [second.order.passengers[0].id], second.train, end, q2.differenceFen), { token: demo }),
    )
    expect(await activeHoldsOf(second.order.id)).toHaveLength(2)
    t.clock.t += 20 * 60_000
    await t.app.jobs.runOnce(t.clock.now())
    const back = await read(second.order.id, 'en')
    expect(back.status).toBe('issued')
    expect(back.changes[0]).toMatchObject({ id: made2.change.id, state: 'canceled', failureText: 'The change was not paid in time and has been cancelled' })
    expect((await activeHoldsOf(second.order.id)).map((h) => h.changeId)).toEqual([null])
    expect(
      msgOf(await t.post(paymentOrder.path, { ...payBody, idempotencyKey: newKey(), orderId: second.order.id, changeId: made2.change.id }, { token: demo })),
    ).toBe('ETRAIN1040')
  })

  it('a child never alone, only 05:00-23:00, the same route offers the other trains; the railway refusing leaves the tickets', async () => {
    const kid = await addTraveller(t, demo, '张小明', idCard('20160307', 1), 'child')
    const { order, train } = await issued({
      passengers: [
        { travellerId: me, passengerType: 'adult' },
        { travellerId: kid, passengerType: 'child', heightCm: 130 },
      ],
    })
    const [adult, child] = order.passengers
    // what a rebooking prefills: the child's height as given
    expect([adult.heightCm, child.heightCm]).toEqual([null, 130])
    expect(
      msgOf(
        await t.post(askChangeOrderTicket.path, { orderId: order.id, passengerIds: [child.id], changeType: 'sameRoute', date: order.date }, { token: demo }),
      ),
    ).toBe('ETRAIN1093')
    const opts = await ask(order, [adult.id, child.id], undefined, order.date, 'sameRoute')
    expect(opts.trains.length).toBeGreaterThan(0)
    expect(opts.trains.some((x) => x.trainCode === train.trainCode)).toBe(false)
    const target = opts.trains.find((x) => x.quotes.some((q) => q.seatType === 'second'))!
    const q = target.quotes.find((x) => x.seatType === 'second')!
    expect(q.newFareFen).toBe(q.oldFareFen + q.differenceFen)

    sandbox().switches.change = 'fail'
    const body = {
      ...changeBody(order, [adult.id, child.id], target, target.to.code, q.differenceFen),
      changeType: 'sameRoute',
      fromStationCode: target.from.code,
    }
    const made = ok<ChangeResult>(await t.post(saveChange.path, body, { token: demo }))
    // the company pays any difference at once: with the railway either way
    expect(made.order.status).toBe('changing')
    await settle()
    const back = await read(order.id)
    expect(back.status).toBe('issued')
    expect(back.changes[0].state).toBe('failed')
    expect(back.passengers.map((p) => p.changedTo)).toEqual([null, null])
    expect((await activeHoldsOf(order.id)).every((h) => h.changeId === null)).toBe(true)

    // 23:00 China time: closed until 05:00
    const chinaDay = new Date(t.clock.t + 8 * 3600_000).toISOString().slice(0, 10)
    t.clock.t = Date.parse(`${chinaDay}T23:00:00+08:00`)
    expect(
      (
        await t.post(
          askChangeOrderTicket.path,
          { orderId: order.id, passengerIds: [adult.id, child.id], changeType: 'sameRoute', date: order.date },
          { token: demo, lang: 'en' },
        )
      ).body.msgText,
    ).toBe('Online change is open 05:00-23:00')
    expect((await read(order.id)).passengers[0].ticketActions).toEqual(['refund'])
  })
})
