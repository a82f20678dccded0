/**
 * The travel desk's refund of flight orders, through the attendee's own refund and its rules: a
 * ticketed order's tickets go back through the airline's voluntary refund at the estimate the
 * attendee would see (one refund for a double click, the same fee), and a failed ticketing's money
 * that WeChat Pay could not pay back is given again, once.
 */
import { and, eq } from 'drizzle-orm'
import { actOnDeskOrder, listDeskAttention, listDeskOrders } from '@contracts/admin/orders'
import * as air from '@contracts/calls/flight'
import { airRefunds, auditLog, jobs, paymentRefunds, payments } from '../src/kernel/db/schema'
import { staffWithRole } from './staff-support'
import { adult, airlineAnswers, book, changeBody, day, details, estimate, ids, key, ok, t, ticketed, useAirAfterSalesApp } from './air-aftersales-support'

useAirAfterSalesApp()

const act = (token: string, orderId: number, idempotencyKey = key(), lang = 'zh') =>
  t.post(actOnDeskOrder.path, { eventCode: 'DEMO', kind: 'air', orderId, action: 'refund', idempotencyKey }, { token, lang })
const deskRow = async (token: string, orderId: number) => {
  const r = await t.post(listDeskOrders.path, { eventCode: 'DEMO', kind: 'air', statusGroup: null, keyword: '', page: 1, pageSize: 20 }, { token })
  return (r.body.data.list as Array<{ orderId: number; status: string; actions: string[]; refundingFen: number }>).find((o) => o.orderId === orderId)!
}

it('refunds a ticketed flight through the airline’s voluntary refund at the attendee’s estimate; a double click refunds once', async () => {
  const o = await ticketed([adult(0), adult(1)])
  const est = await estimate(o)
  const token = await staffWithRole(t, 'desk', 'travel')
  expect((await deskRow(token, o.orderId)).actions).toEqual(['refund'])
  const k = key()
  const [a, b] = await Promise.all([act(token, o.orderId, k), act(token, o.orderId, k)])
  expect(a.body.msgId).toBe('')
  expect(b.body.data).toEqual(a.body.data)
  expect(a.body.data.order.status).toBe('refunding')
  const refunds = await t.db.db.select().from(airRefunds).where(eq(airRefunds.orderId, o.orderId))
  expect(refunds).toHaveLength(1)
  expect(refunds[0]).toMatchObject({ type: 'voluntary', refundFen: est.refundFen, feeFen: est.feeFen })
  expect(await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'orders.refund'))).toHaveLength(1)
  // under way: refused as such, and the attendee's own refund is refused by the order's state
  expect((await act(token, o.orderId)).body.msgId).toBe('EADM7405')
  await airlineAnswers()
  expect((await details(o.orderId)).status).toBe('refunded')
  expect((await act(token, o.orderId, key(), 'en')).body).toMatchObject({
    msgId: 'EADM7402',
    msgText: 'This order cannot be refunded now: no ticket or money is left to give back',
  })
})

it('gives a failed ticketing’s money again when WeChat Pay could not pay it back, once', async () => {
  t.app.deps.airlineSandbox!.issueOutcome = 'fail'
  const order = await book([adult()])
  const pay = await ok<air.OrderPayView>(air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: key(), tradeType: 'NATIVE', wxCode: '' })
  await t.app.deps.wechatPay.sandbox!.pay(pay.paymentNo)
  // the airline refuses; the refund it starts is planted as refused by WeChat Pay
  await t.app.jobs.runOnce(t.clock.now())
  t.clock.advance(t.app.deps.airlineSandbox!.issueDelayMs)
  await t.app.jobs.runOnce(t.clock.now())
  expect((await details(order.orderId)).status).toBe('issueFailed')
  const [paid] = await t.db.db
    .select()
    .from(payments)
    .where(and(eq(payments.kind, 'flight'), eq(payments.orderId, order.orderId)))
  await t.db.db.update(paymentRefunds).set({ status: 'abnormal' }).where(eq(paymentRefunds.paymentId, paid.id))
  await t.db.db.update(jobs).set({ doneAt: t.clock.now() }).where(eq(jobs.kind, 'payment-refund'))
  const token = await staffWithRole(t, 'desk', 'travel')
  expect((await deskRow(token, order.orderId)).actions).toEqual(['refund'])
  const r = await act(token, order.orderId)
  expect(r.body.msgId).toBe('')
  expect(r.body.data.order.refundingFen).toBe(paid.amountFen)
  expect((await act(token, order.orderId)).body.msgId).toBe('EADM7405')
  await t.app.jobs.runOnce(t.clock.now())
  const given = (await t.db.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paid.id))).filter((x) => x.status !== 'abnormal')
  expect(given).toHaveLength(1)
  expect(given[0]).toMatchObject({ amountFen: paid.amountFen, status: 'success' })
  expect((await deskRow(token, order.orderId)).actions).toEqual([])
})

it('lists a refund of a change’s payment that WeChat Pay refused under the changed order', async () => {
  const o = await ticketed([adult()], 10)
  const list = await ok<air.RebookListView>(air.findRebookList.path, { orderId: o.orderId, passengerIds: ids(o), date: day(12), type: 'voluntary' })
  const f = list.flights.find((x) => x.cabins.some((c) => c.dueFen > 0))!
  await ok(
    air.ticketChange.path,
    changeBody(
      o,
      f,
      f.cabins.find((c) => c.dueFen > 0)!,
    ),
  )
  await ok(air.confirmChangeOrder.path, { orderId: o.orderId, idempotencyKey: key() })
  const [changePaid] = await t.db.db.select().from(payments).where(eq(payments.kind, 'flightChange'))
  await t.db.db
    .insert(paymentRefunds)
    .values({ paymentId: changePaid.id, refundNo: 'CHANGE-R1', amountFen: 100, reason: 'late', status: 'abnormal', payload: {}, createdAt: t.clock.now() })
  const token = await staffWithRole(t, 'desk', 'travel')
  const items = (await t.post(listDeskAttention.path, { eventCode: 'DEMO' }, { token })).body.data.list
  expect(items).toEqual([
    expect.objectContaining({ kind: 'refundFailed', amountFen: 100, order: expect.objectContaining({ kind: 'air', orderId: o.orderId }) }),
  ])
})
