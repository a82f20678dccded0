/**
 * Train after-sales under true concurrency (scripts/pg-test.sh, real PostgreSQL; on PGlite, one
 * connection, these pass trivially): 20 refund and change requests on one ticket at once →
 * exactly one wins; changes of 10 orders racing for the last seat of a train sell it once; a
 * change's WeChat notification delivered 10 times at once changes the order once.
 */
import { eq, sql } from 'drizzle-orm'
import {
  askChangeOrderTicket,
  estimatedRefund,
  getTrainOrderInfo,
  paymentOrder,
  saveChange,
  saveRefund,
  saveTrainOrder,
  type ChangeOptions,
  type TrainOrderView,
} from '@contracts/calls/train'
import { payments, trainChanges, trainRefunds, trainSeatHolds } from '../src/kernel/db/schema'
import { releasePublicSeats, sellOutToPublic } from '../src/train/grabs'
import { setup, type TestContext } from './helper'
import { addTraveller, idCard, issuedOrder, loginAs, newKey, orderBody, railwayLogin, runDue } from './train-support'

let t: TestContext
let demo: string
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => {
  await t.reset()
  demo = await loginAs(t, 'demo')
  await railwayLogin(t, demo)
  t.app.deps.wechatPay.sandbox!.notifications = 'deliver'
})

const data = <T>(r: { body: { status: number; data: unknown; msgId: string } }): T => {
  if (r.body.status !== 200) throw new Error(`${r.body.msgId}: ${JSON.stringify(r.body)}`)
  return r.body.data as T
}

/** a destination change of one ticket to the segment's end, as the attendee would send it after asking */
async function changeToEnd(order: TrainOrderView, trainCode: string, end: string) {
  const p = order.passengers[0]
  const opts = data<ChangeOptions>(
    await t.post(
      askChangeOrderTicket.path,
      { orderId: order.id, passengerIds: [p.id], changeType: 'destination', date: order.date, toStationCode: end },
      { token: demo },
    ),
  )
  const quote = opts.trains.find((x) => x.trainCode === trainCode)?.quotes.find((q) => q.seatType === 'second')
  return {
    idempotencyKey: newKey(),
    orderId: order.id,
    passengerIds: [p.id],
    changeType: 'destination',
    cause: 'planChanged',
    trainCode,
    date: order.date,
    toStationCode: end,
    seatType: 'second',
    expectedDifferenceFen: quote?.differenceFen ?? 0,
  }
}

it('20 refund and change requests on one ticket at once: exactly one wins', async () => {
  const me = (await t.post('/api/biz/tmcPassenger/list', {}, { token: demo })).body.data![0].id as number
  const { order, train, stops } = await issuedOrder(t, demo, { passengers: [{ travellerId: me, passengerType: 'adult' }], to: 'mid' })
  const p = order.passengers[0]
  const est = data<{ estimatedRefundFen: number }>(await t.post(estimatedRefund.path, { orderId: order.id, passengerIds: [p.id] }, { token: demo }))
  const change = await changeToEnd(order, train.trainCode, stops[stops.length - 1])
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      i % 2
        ? t.post(
            saveRefund.path,
            {
              idempotencyKey: newKey(),
              orderId: order.id,
              passengerIds: [p.id],
              refundType: 'voluntary',
              reason: 'planChanged',
              expectedRefundFen: est.estimatedRefundFen,
            },
            { token: demo },
          )
        : t.post(saveChange.path, { ...change, idempotencyKey: newKey() }, { token: demo }),
    ),
  )
  const won = answers.filter((a) => a.body.status === 200)
  expect(won).toHaveLength(1)
  for (const a of answers.filter((x) => x.body.status !== 200)) expect(['ETRAIN1080', 'ETRAIN1084', 'ETRAIN1095']).toContain(a.body.msgId)
  const records = (await t.db.db.select().from(trainRefunds)).length + (await t.db.db.select().from(trainChanges)).length
  expect(records).toBe(1)
  await runDue(t)
  const after = data<TrainOrderView>(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo }))
  expect(['refunded', 'changed']).toContain(after.status)
})

it('10 orders changing to the last seat of a train: it is sold once', async () => {
  const ids = await Promise.all(
    Array.from({ length: 10 }, (_, i) => addTraveller(t, demo, `乘客${String.fromCharCode(0x4e00 + i)}`, idCard('19900101', i + 10))),
  )
  const orders: Array<{ order: TrainOrderView; train: { trainCode: string; date: string }; stops: string[] }> = []
  for (const travellerId of ids) orders.push(await issuedOrder(t, demo, { passengers: [{ travellerId, passengerType: 'adult' }], to: 'mid' }))
  const { train, stops } = orders[0]
  const end = stops[stops.length - 1]
  const bodies = await Promise.all(orders.map((o) => changeToEnd(o.order, train.trainCode, end)))
  // the public takes every seat of the run but one (the booked ones stay ours)
  const run = { trainCode: train.trainCode, date: train.date, seatType: 'second' as const }
  await sellOutToPublic(t.app.deps, run)
  await releasePublicSeats(t.app.deps, run, 1)
  const answers = await Promise.all(bodies.map((b) => t.post(saveChange.path, b, { token: demo })))
  expect(answers.filter((a) => a.body.status === 200)).toHaveLength(1)
  expect(answers.filter((a) => a.body.status !== 200).map((a) => a.body.msgId)).toEqual(Array(9).fill('ETRAIN1020'))
  const newHolds = (await t.db.db.select().from(trainSeatHolds)).filter((h) => h.changeId !== null && h.active)
  expect(newHolds).toHaveLength(1)
})

it('a change’s WeChat notification delivered 10 times at once changes the order once', async () => {
  const me = (await t.post('/api/biz/tmcPassenger/list', {}, { token: demo })).body.data![0].id as number
  const { order, train, stops } = await issuedOrder(t, demo, { passengers: [{ travellerId: me, passengerType: 'adult' }], to: 'mid', pay: 'wechat' })
  const made = data<{ change: { id: number; differenceFen: number } }>(
    await t.post(saveChange.path, await changeToEnd(order, train.trainCode, stops[stops.length - 1]), { token: demo }),
  )
  const wx = t.app.deps.wechatPay.sandbox!
  wx.notifications = 'drop'
  const start = data<{ payment: { paymentNo: string } }>(
    await t.post(
      paymentOrder.path,
      { orderId: order.id, idempotencyKey: newKey(), tradeType: 'NATIVE', wxCode: '', changeId: made.change.id },
      { token: demo },
    ),
  )
  await wx.pay(start.payment.paymentNo)
  wx.notifications = 'deliver'
  await Promise.all(Array.from({ length: 10 }, () => wx.renotify(start.payment.paymentNo)))
  const after = data<TrainOrderView>(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo }))
  expect(after.status).toBe('changing')
  expect(after.timeline.filter((e) => e.kind === 'changePaid')).toHaveLength(1)
  const paid = await t.db.db.select().from(payments).where(eq(payments.orderId, made.change.id))
  expect(paid.filter((p) => p.kind === 'trainChange' && p.counted)).toHaveLength(1)
  await runDue(t)
  expect(data<TrainOrderView>(await t.post(getTrainOrderInfo.path, { orderId: order.id }, { token: demo })).status).toBe('changed')
})

it('a booking of a train and a change onto it for the same person at once: one wins (one ticket per person per train)', async () => {
  const me = (await t.post('/api/biz/tmcPassenger/list', {}, { token: demo })).body.data![0].id as number
  // several rounds, each a fresh order changed onto another train while bookings of that train race it
  for (let round = 0; round < 5; round++) {
    const { order } = await issuedOrder(t, demo, { passengers: [{ travellerId: me, passengerType: 'adult' }] })
    const opts = data<ChangeOptions>(
      await t.post(
        askChangeOrderTicket.path,
        { orderId: order.id, passengerIds: [order.passengers[0].id], changeType: 'sameRoute', date: order.date },
        { token: demo },
      ),
    )
    const target = opts.trains.find((x) => x.quotes.some((q) => q.seatType === 'second' && q.left > 10))!
    const quote = target.quotes.find((q) => q.seatType === 'second')!
    const change = {
      idempotencyKey: newKey(),
      orderId: order.id,
      passengerIds: [order.passengers[0].id],
      changeType: 'sameRoute',
      cause: 'planChanged',
      trainCode: target.trainCode,
      date: target.date,
      fromStationCode: target.from.code,
      toStationCode: target.to.code,
      seatType: 'second',
      expectedDifferenceFen: quote.differenceFen,
    }
    const answers = await Promise.all([
      // in another class too: a class has its own run lock, only the train-date lock orders these
      ...Array.from({ length: 4 }, (_, i) =>
        t.post(
          saveTrainOrder.path,
          orderBody(
            target,
            [{ travellerId: me, passengerType: 'adult' }],
            i % 2 && target.seats.some((s) => s.seatType === 'first' && s.left > 10) ? { seatType: 'first', overPolicyReason: '会议安排' } : {},
          ),
          { token: demo },
        ),
      ),
      t.post(saveChange.path, change, { token: demo }),
    ])
    expect(answers.filter((a) => a.body.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.body.status !== 200).map((a) => a.body.msgId)).toEqual(Array(4).fill('ETRAIN1034'))
    // the person holds one live seat on the target train, whichever won
    const heldThere = await t.db.db.execute(
      sql`SELECT count(*)::int AS n FROM train_seat_holds h JOIN train_runs r ON r.id = h.run_id JOIN train_order_passengers p ON p.id = h.passenger_id
          JOIN train_travellers tr ON tr.document_number = p.document_number AND tr.id = ${me}
          WHERE h.active AND r.train_code = ${target.trainCode} AND r.date = ${target.date}`,
    )
    expect(((heldThere as unknown as { rows?: Array<{ n: number }> }).rows ?? (heldThere as unknown as Array<{ n: number }>))[0].n).toBe(1)
    // the next round starts from an empty database
    await t.reset()
    demo = await loginAs(t, 'demo')
    await railwayLogin(t, demo)
    t.app.deps.wechatPay.sandbox!.notifications = 'deliver'
  }
})
