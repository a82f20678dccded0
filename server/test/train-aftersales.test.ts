/**
 * Train after-sales through the API: refunds of some and then all tickets (fee by the
 * time left, money back to the payer, seats back on sale, SMS), the railway refusing, the online
 * refund rules (paper ticket, voluntary only, the amount shown), changes of destination (a higher
 * fare paid by the company at once or by WeChat Pay, a lower one given back, an unpaid change
 * cancelled at its deadline, a notification replayed changing it once), the change rules (one per
 * ticket, none after a change of destination, a child never alone, 05:00-23:00), removing an
 * ended order from the lists, the payment SMS; and another attendee's ids (ESYS0004) everywhere.
 */
import fs from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { pageOrders } from '@contracts/calls/orders'
import {
  askChangeOrderTicket,
  estimatedRefund,
  getChange,
  getOrderTickets,
  getTrainOrderInfo,
  paymentOrder,
  removeTrainOrder,
  saveChange,
  saveRefund,
  saveTrainOrder,
  type ChangeOptions,
  type ChangeResult,
  type RefundEstimate,
  type RefundResult,
  type TrainOrderView,
} from '@contracts/calls/train'
import { payments, paymentRefunds, trainOrderPassengers, trainSeatHolds } from '../src/kernel/db/schema'
import { RailwaySandbox } from '../src/train/railway'
import { setup, type TestContext } from './helper'
import { addTraveller, idCard, issuedOrder, loginAs, newKey, ok, orderBody, railwayLogin, runDue } from './train-support'

let t: TestContext
let demo: string
let lilei: string
let me: number
let other: number

const sandbox = () => t.app.deps.railway as RailwaySandbox
const msgOf = (r: { body: { msgId: string } }) => r.body.msgId

beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => {
  await t.reset()
  demo = await loginAs(t, 'demo')
  lilei = await loginAs(t, 'lilei')
  me = ok<Array<{ id: number }>>(await t.post('/api/biz/tmcPassenger/list', {}, { token: demo }))[0].id
  other = await addTraveller(t, demo, '王芳', idCard('19900101', 3))
  t.app.deps.wechatPay.sandbox!.notifications = 'deliver'
  await railwayLogin(t, demo)
})

const issued = (opts: { passengers?: object[]; pay?: 'company' | 'wechat'; to?: 'mid' | 'end' } = {}) =>
  issuedOrder(t, demo, { ...opts, passengers: opts.passengers ?? [{ travellerId: me, passengerType: 'adult' }] })
const settle = (ms?: number) => runDue(t, ms)
const read = async (orderId: number, lang: 'zh' | 'en' = 'zh') => ok<TrainOrderView>(await t.post(getTrainOrderInfo.path, { orderId }, { token: demo, lang }))
const kinds = (o: TrainOrderView) => o.timeline.map((e) => e.kind)
const estimate = async (orderId: number, passengerIds: number[]) => ok<RefundEstimate>(await t.post(estimatedRefund.path, { orderId, passengerIds }, { token: demo }))
const refundBody = (orderId: number, passengerIds: number[], expectedRefundFen: number, extra: object = {}) => ({
  idempotencyKey: newKey(),
  orderId,
  passengerIds,
  refundType: 'voluntary',
  reason: 'planChanged',
  expectedRefundFen,
  ...extra,
})
const activeHoldsOf = async (orderId: number) => (await t.db.db.select().from(trainSeatHolds).where(eq(trainSeatHolds.orderId, orderId))).filter((h) => h.active)

/** what the railway charges at `pct`: rounded to 0.5 yuan (0.25 and 0.75 go up), at least 2 yuan */
const railwayFee = (fare: number, pct: number) => (pct === 0 ? 0 : Math.min(fare, Math.max(200, Math.floor((fare * pct + 2500) / 5000) * 50)))
const tierAt = (hours: number) => (hours >= 192 ? 0 : hours >= 48 ? 5 : hours >= 24 ? 10 : 20)

describe('refund', () => {
  it('one ticket of two, then the other: partially refunded → refunded, fee by the time left, money back to the company, seats back, SMS', async () => {
    const { order } = await issued({ passengers: [{ travellerId: me, passengerType: 'adult' }, { travellerId: other, passengerType: 'adult' }] })
    const [p1, p2] = order.passengers
    expect(p1.ticketActions).toEqual(['refund', 'change'])
    expect(order.actions).toEqual(['refund', 'change'])

    const est = await estimate(order.id, [p1.id])
    const hours = (Date.parse(order.departAt) - t.clock.t) / 3600_000
    const fee = railwayFee(p1.ticketPriceFen, tierAt(hours))
    expect(est).toMatchObject({ count: 1, ticketPriceFen: p1.ticketPriceFen, commissionFen: fee, estimatedRefundFen: p1.ticketPriceFen - fee, to: 'company' })
    expect(est.tickets[0]).toMatchObject({ passengerId: p1.id, name: '张伟', ticketNo: p1.ticketNo, feePercent: tierAt(hours) })
    expect(Date.parse(est.refundableUntil)).toBe(Date.parse(order.departAt) - 3600_000)

    // bad input: nothing starts
    expect(msgOf(await t.post(estimatedRefund.path, { orderId: order.id, passengerIds: [] }, { token: demo }))).toBe('ETRAIN1099')
    expect(msgOf(await t.post(saveRefund.path, refundBody(order.id, [p1.id], est.estimatedRefundFen, { refundType: 'involuntary' }), { token: demo }))).toBe('ETRAIN1087')
    expect(msgOf(await t.post(saveRefund.path, refundBody(order.id, [p1.id], est.estimatedRefundFen, { reason: 'other', reasonText: '  ' }), { token: demo }))).toBe('ETRAIN1098')
    expect(msgOf(await t.post(saveRefund.path, refundBody(order.id, [p1.id], est.estimatedRefundFen + 50), { token: demo }))).toBe('ETRAIN1088')
    expect(msgOf(await t.post(saveRefund.path, refundBody(order.id, [p1.id, 999_999], est.estimatedRefundFen), { token: demo }))).toBe('ESYS0004')
    expect((await t.post(saveRefund.path, { ...refundBody(order.id, [p1.id], 1), refundType: 'nope' }, { token: demo, lang: 'en' })).body.msgText).toBe('Only a voluntary refund can be requested online')
    // another attendee: as if it did not exist
    expect(msgOf(await t.post(estimatedRefund.path, { orderId: order.id, passengerIds: [p1.id] }, { token: lilei }))).toBe('ESYS0004')
    expect(msgOf(await t.post(saveRefund.path, refundBody(order.id, [p1.id], est.estimatedRefundFen), { token: lilei }))).toBe('ESYS0004')
    expect((await read(order.id)).status).toBe('issued')

    const key = newKey()
    const started = ok<RefundResult>(await t.post(saveRefund.path, { ...refundBody(order.id, [p1.id], est.estimatedRefundFen), idempotencyKey: key }, { token: demo }))
    expect(started.order.status).toBe('refunding')
    expect(started.refund).toMatchObject({ state: 'processing', money: 'pending', refundType: 'voluntary', reason: 'planChanged', count: 1, commissionFen: fee })
    // a retry answers the same refund; another request meanwhile is refused
    expect(ok<RefundResult>(await t.post(saveRefund.path, { ...refundBody(order.id, [p1.id], est.estimatedRefundFen), idempotencyKey: key }, { token: demo })).refund.id).toBe(started.refund.id)
    expect(msgOf(await t.post(saveRefund.path, refundBody(order.id, [p2.id], est.estimatedRefundFen), { token: demo }))).toBe('ETRAIN1080')
    expect(started.order.actions).toEqual([])

    await settle()
    const partly = await read(order.id)
    expect(partly.status).toBe('partiallyRefunded')
    expect(partly.passengers.map((p) => p.ticketState)).toEqual(['refunded', 'issued'])
    expect(partly.refunds[0]).toMatchObject({ state: 'done', money: 'refunded', to: 'company' })
    expect(kinds(partly)).toEqual(['created', 'paid', 'ticketingStarted', 'issued', 'refundStarted', 'ticketsRefunded', 'refunded'])
    expect((await activeHoldsOf(order.id)).map((h) => h.passengerId)).toEqual([p2.id])
    const [paid] = await t.db.db.select().from(payments).where(eq(payments.orderId, order.id))
    expect(paid.refundedFen).toBe(est.estimatedRefundFen)
    expect(t.app.outbox!.list('13800138000')[0].text).toContain(`¥${(est.estimatedRefundFen / 100).toFixed(2)}`)
    // the refunded ticket is still listed, marked
    const tickets = ok<{ tickets: Array<{ ticketState: string }> }>(await t.post(getOrderTickets.path, { orderId: order.id }, { token: demo }))
    expect(tickets.tickets.map((x) => x.ticketState)).toEqual(['refunded', 'issued'])

    const est2 = await estimate(order.id, [p2.id])
    ok(await t.post(saveRefund.path, refundBody(order.id, [p2.id], est2.estimatedRefundFen), { token: demo }))
    await settle()
    const all = await read(order.id, 'en')
    expect(all).toMatchObject({ status: 'refunded', actions: ['remove'] })
    expect(await activeHoldsOf(order.id)).toEqual([])
    const [paidAfter] = await t.db.db.select().from(payments).where(eq(payments.orderId, order.id))
    expect(paidAfter.refundedFen).toBe(est.estimatedRefundFen + est2.estimatedRefundFen)
  })

  it('the railway refuses: the ticket stays issued and the record says why', async () => {
    const { order } = await issued()
    sandbox().switches.refund = 'fail'
    const est = await estimate(order.id, [order.passengers[0].id])
    ok(await t.post(saveRefund.path, refundBody(order.id, [order.passengers[0].id], est.estimatedRefundFen), { token: demo }))
    await settle(2_000)
    expect((await read(order.id)).status).toBe('refunding') // not answered yet
    await settle(1_000)
    const back = await read(order.id, 'en')
    expect(back.status).toBe('issued')
    expect(back.refunds[0]).toMatchObject({ state: 'failed', money: 'pending', failureText: 'The railway could not refund the tickets; they stay as they were' })
    expect(kinds(back).slice(-2)).toEqual(['refundStarted', 'refundFailed'])
    expect(await t.db.db.select().from(paymentRefunds)).toEqual([])
  })

  it('not online once a paper ticket was taken, nor after the cut-off; WeChat Pay gets its money back through its refund', async () => {
    const { order } = await issued({ pay: 'wechat' })
    const p = order.passengers[0]
    sandbox().switches.paperTickets = [p.ticketNo!]
    expect(msgOf(await t.post(estimatedRefund.path, { orderId: order.id, passengerIds: [p.id] }, { token: demo }))).toBe('ETRAIN1082')
    sandbox().switches.paperTickets = []
    const est = await estimate(order.id, [p.id])
    expect(est.to).toBe('attendee')
    ok(await t.post(saveRefund.path, refundBody(order.id, [p.id], est.estimatedRefundFen), { token: demo }))
    await settle()
    const done = await read(order.id)
    expect(done.status).toBe('refunded')
    expect(done.refunds[0].money).toBe('refunded')
    expect((await t.db.db.select().from(paymentRefunds)).map((r) => [r.amountFen, r.status])).toEqual([[est.estimatedRefundFen, 'success']])

    const late = await issued()
    t.clock.t = Date.parse(late.order.departAt) - 3600_000 + 1
    // changing is still open (until departure); refunding online is not
    expect((await read(late.order.id)).passengers[0].ticketActions).toEqual(['change'])
    expect((await t.post(estimatedRefund.path, { orderId: late.order.id, passengerIds: [late.order.passengers[0].id] }, { token: demo, lang: 'en' })).body.msgText).toBe(
      'Online refund closes 60 minutes before departure; please go to a station',
    )
  })
})

describe('change', () => {
  const changeBody = (order: TrainOrderView, passengerIds: number[], train: { trainCode: string; date: string }, to: string, differenceFen: number, extra: object = {}) => ({
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
    expect(msgOf(await t.post(askChangeOrderTicket.path, { orderId: order.id, passengerIds: [p.id], changeType: 'destination', date: order.date, toStationCode: order.to.code }, { token: demo }))).toBe('ETRAIN1097')
    expect(msgOf(await t.post(saveChange.path, changeBody(order, [p.id], train, end, quote.differenceFen - 1), { token: demo }))).toBe('ETRAIN1096')
    expect(msgOf(await t.post(saveChange.path, changeBody(order, [p.id], train, end, quote.differenceFen, { cause: 'other' }), { token: demo }))).toBe('ETRAIN1098')
    await railwayLogin(t, lilei)
    expect(msgOf(await t.post(saveChange.path, changeBody(order, [p.id], train, end, quote.differenceFen), { token: lilei }))).toBe('ESYS0004')
    expect(msgOf(await t.post(askChangeOrderTicket.path, { orderId: order.id, passengerIds: [p.id], changeType: 'destination', date: order.date, toStationCode: end }, { token: lilei }))).toBe('ESYS0004')

    const made = ok<ChangeResult>(await t.post(saveChange.path, changeBody(order, [p.id], train, end, quote.differenceFen), { token: demo }))
    expect(made.order.status).toBe('changing')
    expect(made.change).toMatchObject({ state: 'processing', changeType: 'destination', cause: 'planChanged', payer: 'company', differenceFen: quote.differenceFen })
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
    expect(msgOf(await t.post(askChangeOrderTicket.path, { orderId: order.id, passengerIds: [p.id], changeType: 'sameRoute', date: order.date }, { token: demo }))).toBe('ETRAIN1091')

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
    const made2 = ok<ChangeResult>(await t.post(saveChange.path, changeBody(second.order, [second.order.passengers[0].id], second.train, end, q2.differenceFen), { token: demo }))
    expect(await activeHoldsOf(second.order.id)).toHaveLength(2)
    t.clock.t += 20 * 60_000
    await t.app.jobs.runOnce(t.clock.now())
    const back = await read(second.order.id, 'en')
    expect(back.status).toBe('issued')
    expect(back.changes[0]).toMatchObject({ id: made2.change.id, state: 'canceled', failureText: 'The change was not paid in time and has been cancelled' })
    expect((await activeHoldsOf(second.order.id)).map((h) => h.changeId)).toEqual([null])
    expect(msgOf(await t.post(paymentOrder.path, { ...payBody, idempotencyKey: newKey(), orderId: second.order.id, changeId: made2.change.id }, { token: demo }))).toBe('ETRAIN1040')
  })

  it('a child never alone, only 05:00-23:00, the same route offers the other trains; the railway refusing leaves the tickets', async () => {
    const kid = await addTraveller(t, demo, '张小明', idCard('20160307', 1), 'child')
    const { order, train } = await issued({ passengers: [{ travellerId: me, passengerType: 'adult' }, { travellerId: kid, passengerType: 'child', heightCm: 130 }] })
    const [adult, child] = order.passengers
    // what a rebooking prefills: the child's height as given
    expect([adult.heightCm, child.heightCm]).toEqual([null, 130])
    expect(msgOf(await t.post(askChangeOrderTicket.path, { orderId: order.id, passengerIds: [child.id], changeType: 'sameRoute', date: order.date }, { token: demo }))).toBe('ETRAIN1093')
    const opts = await ask(order, [adult.id, child.id], undefined, order.date, 'sameRoute')
    expect(opts.trains.length).toBeGreaterThan(0)
    expect(opts.trains.some((x) => x.trainCode === train.trainCode)).toBe(false)
    const target = opts.trains.find((x) => x.quotes.some((q) => q.seatType === 'second'))!
    const q = target.quotes.find((x) => x.seatType === 'second')!
    expect(q.newFareFen).toBe(q.oldFareFen + q.differenceFen)

    sandbox().switches.change = 'fail'
    const body = { ...changeBody(order, [adult.id, child.id], target, target.to.code, q.differenceFen), changeType: 'sameRoute', fromStationCode: target.from.code }
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
    expect((await t.post(askChangeOrderTicket.path, { orderId: order.id, passengerIds: [adult.id, child.id], changeType: 'sameRoute', date: order.date }, { token: demo, lang: 'en' })).body.msgText).toBe(
      'Online change is open 05:00-23:00',
    )
    expect((await read(order.id)).passengers[0].ticketActions).toEqual(['refund'])
  })
})

describe('one ticket per person per train follows changes', () => {
  const sameRouteTarget = async (order: TrainOrderView, passengerIds: number[]) => {
    const opts = ok<ChangeOptions>(await t.post(askChangeOrderTicket.path, { orderId: order.id, passengerIds, changeType: 'sameRoute', date: order.date }, { token: demo }))
    const target = opts.trains.find((x) => x.quotes.some((q) => q.seatType === 'second'))!
    const q = target.quotes.find((x) => x.seatType === 'second')!
    const body = {
      idempotencyKey: newKey(),
      orderId: order.id,
      passengerIds,
      changeType: 'sameRoute',
      cause: 'planChanged',
      trainCode: target.trainCode,
      date: target.date,
      fromStationCode: target.from.code,
      toStationCode: target.to.code,
      seatType: 'second',
      expectedDifferenceFen: q.differenceFen,
    }
    return { target, body }
  }
  const me1 = () => [{ travellerId: me, passengerType: 'adult' }]

  it('a ticket changed onto a train counts on it (under way and done); changed away it no longer counts on the old one', async () => {
    const { order, train } = await issued()
    const { target, body } = await sameRouteTarget(order, [order.passengers[0].id])
    ok<ChangeResult>(await t.post(saveChange.path, body, { token: demo }))
    // under way: the ticket may end on either train, so it counts on both
    expect(msgOf(await t.post(saveTrainOrder.path, orderBody(target, me1()), { token: demo }))).toBe('ETRAIN1034')
    expect(msgOf(await t.post(saveTrainOrder.path, orderBody(train, me1()), { token: demo }))).toBe('ETRAIN1034')
    // someone else is not concerned
    ok(await t.post(saveTrainOrder.path, orderBody(target, [{ travellerId: other, passengerType: 'adult' }]), { token: demo }))
    await settle()
    expect((await read(order.id)).status).toBe('changed')
    const refused = await t.post(saveTrainOrder.path, orderBody(target, me1()), { token: demo, lang: 'en' })
    expect(refused.body).toMatchObject({ msgId: 'ETRAIN1034', msgText: expect.stringContaining('already has a ticket on this train') })
    // the old train's seat was given up: the person may book it again
    ok(await t.post(saveTrainOrder.path, orderBody(train, me1()), { token: demo }))
  })

  it('a change onto a train the person already holds a ticket on is refused, nothing written', async () => {
    const { order } = await issued()
    const { target, body } = await sameRouteTarget(order, [order.passengers[0].id])
    ok(await t.post(saveTrainOrder.path, orderBody(target, me1()), { token: demo }))
    const before = (await t.db.db.select().from(trainSeatHolds)).length
    const refused = await t.post(saveChange.path, body, { token: demo, lang: 'en' })
    expect(refused.body).toMatchObject({ msgId: 'ETRAIN1034', msgText: expect.stringContaining('already has a ticket on this train') })
    expect((await t.db.db.select().from(trainSeatHolds)).length).toBe(before)
    expect((await read(order.id)).status).toBe('issued')
  })
})

describe('remove', () => {
  it('only ended orders; gone from the list, kept for accounting; twice answers the same', async () => {
    const { order } = await issued()
    expect(msgOf(await t.post(removeTrainOrder.path, { orderId: order.id }, { token: demo }))).toBe('ETRAIN1089')
    const est = await estimate(order.id, [order.passengers[0].id])
    ok(await t.post(saveRefund.path, refundBody(order.id, [order.passengers[0].id], est.estimatedRefundFen), { token: demo }))
    await settle()
    const list = async () => ok<{ list: Array<{ orderNo: string }> }>(await t.post(pageOrders.path, { pageNo: 1, pageSize: 10 }, { token: demo })).list.map((o) => o.orderNo)
    expect(await list()).toContain(order.orderNo)
    // the list names the train as passengers read it (G101), not by its run code
    const row = ok<{ list: Array<{ orderNo: string; title: string }> }>(await t.post(pageOrders.path, { pageNo: 1, pageSize: 10 }, { token: demo })).list[0]
    expect(row.title.endsWith(` ${order.trainNo}`)).toBe(true)
    expect(msgOf(await t.post(removeTrainOrder.path, { orderId: order.id }, { token: lilei }))).toBe('ESYS0004')
    expect(ok(await t.post(removeTrainOrder.path, { orderId: order.id }, { token: demo }))).toEqual({ orderId: order.id, removed: true })
    expect(ok(await t.post(removeTrainOrder.path, { orderId: order.id }, { token: demo }))).toEqual({ orderId: order.id, removed: true })
    expect(await list()).not.toContain(order.orderNo)
    const kept = await read(order.id)
    expect(kept).toMatchObject({ status: 'refunded', actions: [] })
    expect(kinds(kept).filter((k) => k === 'removed')).toHaveLength(1)
  })
})

describe('SMS', () => {
  it('payment success is confirmed by SMS to the contact (spec §4)', async () => {
    const { order } = await issued()
    const texts = t.app.outbox!.list('13800138000').map((m) => m.text)
    expect(texts.some((x) => x.includes(order.orderNo) && x.includes('已支付成功'))).toBe(true)
  })
})

describe('migration 0007', () => {
  it('gives orders issued before tickets had states their tickets\' state and their holds\' passenger', async () => {
    const { order } = await issued()
    // as such an order looked before 0006 added the columns
    await t.db.db.update(trainOrderPassengers).set({ ticketState: 'unissued' }).where(eq(trainOrderPassengers.orderId, order.id))
    await t.db.db.update(trainSeatHolds).set({ passengerId: null }).where(eq(trainSeatHolds.orderId, order.id))
    expect((await read(order.id)).actions).toEqual([])
    const file = fs.readFileSync(path.join(__dirname, '../src/db/migrations/0007_train_aftersales_backfill.sql'), 'utf8')
    for (const statement of file.split('--> statement-breakpoint')) await t.db.db.execute(sql.raw(statement))
    expect((await read(order.id)).passengers[0]).toMatchObject({ ticketState: 'issued', ticketActions: ['refund', 'change'] })
    expect((await activeHoldsOf(order.id)).map((h) => h.passengerId)).toEqual([order.passengers[0].id])
  })
})
