/** Train after-sales through the API: refunds. Set-up: train-aftersales-support.ts. */
import { eq } from 'drizzle-orm'
import { estimatedRefund, getOrderTickets, saveRefund, type RefundResult } from '@contracts/calls/train'
import { payments, paymentRefunds } from '../src/kernel/db/schema'
import { newKey, ok } from './train-support'
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
  railwayFee,
  read,
  refundBody,
  sandbox,
  settle,
  t,
  tierAt,
  useTrainAfterSalesApp,
} from './train-aftersales-support'

useTrainAfterSalesApp()

describe('refund', () => {
  it('one ticket of two, then the other: partially refunded → refunded, fee by the time left, money back to the company, seats back, SMS', async () => {
    const { order } = await issued({
      passengers: [
        { travellerId: me, passengerType: 'adult' },
        { travellerId: other, passengerType: 'adult' },
      ],
    })
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
    expect(msgOf(await t.post(saveRefund.path, refundBody(order.id, [p1.id], est.estimatedRefundFen, { refundType: 'involuntary' }), { token: demo }))).toBe(
      'ETRAIN1087',
    )
    expect(
      msgOf(await t.post(saveRefund.path, refundBody(order.id, [p1.id], est.estimatedRefundFen, { reason: 'other', reasonText: '  ' }), { token: demo })),
    ).toBe('ETRAIN1098')
    expect(msgOf(await t.post(saveRefund.path, refundBody(order.id, [p1.id], est.estimatedRefundFen + 50), { token: demo }))).toBe('ETRAIN1088')
    expect(msgOf(await t.post(saveRefund.path, refundBody(order.id, [p1.id, 999_999], est.estimatedRefundFen), { token: demo }))).toBe('ESYS0004')
    expect((await t.post(saveRefund.path, { ...refundBody(order.id, [p1.id], 1), refundType: 'nope' }, { token: demo, lang: 'en' })).body.msgText).toBe(
      'Only a voluntary refund can be requested online',
    )
    // another attendee: as if it did not exist
    expect(msgOf(await t.post(estimatedRefund.path, { orderId: order.id, passengerIds: [p1.id] }, { token: lilei }))).toBe('ESYS0004')
    expect(msgOf(await t.post(saveRefund.path, refundBody(order.id, [p1.id], est.estimatedRefundFen), { token: lilei }))).toBe('ESYS0004')
    expect((await read(order.id)).status).toBe('issued')

    const key = newKey()
    const started = ok<RefundResult>(
      await t.post(saveRefund.path, { ...refundBody(order.id, [p1.id], est.estimatedRefundFen), idempotencyKey: key }, { token: demo }),
    )
    expect(started.order.status).toBe('refunding')
    expect(started.refund).toMatchObject({
      state: 'processing',
      money: 'pending',
      refundType: 'voluntary',
      reason: 'planChanged',
      count: 1,
      commissionFen: fee,
    })
    // a retry answers the same refund; another request meanwhile is refused
    expect(
      ok<RefundResult>(await t.post(saveRefund.path, { ...refundBody(order.id, [p1.id], est.estimatedRefundFen), idempotencyKey: key }, { token: demo })).refund
        .id,
    ).toBe(started.refund.id)
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
    expect(back.refunds[0]).toMatchObject({
      state: 'failed',
      money: 'pending',
      failureText: 'The railway could not refund the tickets; they stay as they were',
    })
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
    expect(
      (await t.post(estimatedRefund.path, { orderId: late.order.id, passengerIds: [late.order.passengers[0].id] }, { token: demo, lang: 'en' })).body.msgText,
    ).toBe('Online refund closes 60 minutes before departure; please go to a station')
  })
})
