/** Train after-sales through the API: one ticket per person per train after changes, removing an ended order, the SMS, and the after-sales backfill migration. Set-up: train-aftersales-support.ts. */
import fs from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { pageOrders } from '@contracts/calls/orders'
import {
  askChangeOrderTicket,
  removeTrainOrder,
  saveChange,
  saveRefund,
  saveTrainOrder,
  type ChangeOptions,
  type ChangeResult,
  type TrainOrderView,
} from '@contracts/calls/train'
import { trainOrderPassengers, trainSeatHolds } from '../src/kernel/db/schema'
import { newKey, ok, orderBody } from './train-support'
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
  settle,
  t,
  useTrainAfterSalesApp,
} from './train-aftersales-support'

useTrainAfterSalesApp()

describe('one ticket per person per train follows changes', () => {
  const sameRouteTarget = async (order: TrainOrderView, passengerIds: number[]) => {
    const opts = ok<ChangeOptions>(
      await t.post(askChangeOrderTicket.path, { orderId: order.id, passengerIds, changeType: 'sameRoute', date: order.date }, { token: demo }),
    )
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
    const list = async () =>
      ok<{ list: Array<{ orderNo: string }> }>(await t.post(pageOrders.path, { pageNo: 1, pageSize: 10 }, { token: demo })).list.map((o) => o.orderNo)
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
  it("gives orders issued before tickets had states their tickets' state and their holds' passenger", async () => {
    const { order } = await issued()
    // as such an order looked before 0006 added the columns
    await t.db.db.update(trainOrderPassengers).set({ ticketState: 'unissued' }).where(eq(trainOrderPassengers.orderId, order.id))
    await t.db.db.update(trainSeatHolds).set({ passengerId: null }).where(eq(trainSeatHolds.orderId, order.id))
    expect((await read(order.id)).actions).toEqual([])
    const file = fs.readFileSync(path.join(__dirname, '../src/kernel/db/migrations/0007_train_aftersales_backfill.sql'), 'utf8')
    for (const statement of file.split('--> statement-breakpoint')) await t.db.db.execute(sql.raw(statement))
    expect((await read(order.id)).passengers[0]).toMatchObject({ ticketState: 'issued', ticketActions: ['refund', 'change'] })
    expect((await activeHoldsOf(order.id)).map((h) => h.passengerId)).toEqual([order.passengers[0].id])
  })
})
