/**
 * The travel desk in the console (orders/desk/): the event's orders read by the roles with
 * 'orders.read', acted on by those with 'orders.act', another event answered as missing, bad input
 * told in the caller's language with nothing written, the "needs a person" view, and each action
 * through the attendee's own code paths: a refund with its audit row, a double click answered
 * once, a desk refund racing the attendee's giving one refund, a failed ticketing's money given
 * again, a ticketing that gave up queued again once, an unpaid order cancelled.
 */
import { and, eq } from 'drizzle-orm'
import { actOnDeskOrder, exportDeskOrders, listDeskAttention, listDeskOrders, listDeskSpend, type DeskAction } from '@contracts/admin/orders'
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@contracts/admin/roles'
import { paymentOrder, payOnBusiness, saveRefund as saveRefundCall, saveTrainOrder } from '@contracts/calls/train'
import { auditLog, jobs, paymentRefunds, payments, trainOrders, trainRefunds } from '../src/kernel/db/schema'
import { TRAIN_JOBS } from '../src/train/orders/orders'
import { staffWithRole } from './staff-support'
import { newKey, ok, orderBody, trainWithStops } from './train-support'
import { demo, estimate, issued, me, msgOf, other, refundBody, sandbox, settle, t, useTrainAfterSalesApp } from './train-aftersales-support'

useTrainAfterSalesApp()

const listBody = (extra: object = {}) => ({ eventCode: 'DEMO', kind: null, statusGroup: null, keyword: '', page: 1, pageSize: 20, ...extra })
const list = (token: string, extra: object = {}, lang?: string) => t.post(listDeskOrders.path, listBody(extra), { token, lang })
const attention = (token: string, eventCode = 'DEMO') => t.post(listDeskAttention.path, { eventCode }, { token })
const act = (token: string, orderId: number, action: DeskAction, extra: object = {}, lang?: string) =>
  t.post(actOnDeskOrder.path, { eventCode: 'DEMO', kind: 'train', orderId, action, idempotencyKey: newKey(), ...extra }, { token, lang })
const auditRows = (action: string) => t.db.db.select().from(auditLog).where(eq(auditLog.action, action))
const refundsOf = (orderId: number) => t.db.db.select().from(trainRefunds).where(eq(trainRefunds.orderId, orderId))

/** an order saved and not paid */
async function unpaidOrder(travellerId = me): Promise<number> {
  const { train, stops } = await trainWithStops(t, demo)
  const saved = await t.post(
    saveTrainOrder.path,
    { ...orderBody(train, [{ travellerId, passengerType: 'adult' }]), toStationCode: stops[stops.length - 1] },
    { token: demo },
  )
  if (saved.body.msgId !== '') throw new Error(saved.body.msgId)
  return saved.body.data.id as number
}

describe.each(STAFF_ROLES)('role %s at DEMO', (role) => {
  const reads = ROLE_PERMISSIONS['orders.read'].includes(role)
  const acts = ROLE_PERMISSIONS['orders.act'].includes(role)
  it(`${reads ? 'reads' : 'is refused'} the orders and ${acts ? 'acts' : 'is refused acting'} on them`, async () => {
    const orderId = await unpaidOrder()
    const token = await staffWithRole(t, `o-${role}`, role)
    expect((await list(token)).body.msgId).toBe(reads ? '' : 'ESTF2001')
    expect((await attention(token)).body.msgId).toBe(reads ? '' : 'ESTF2001')
    expect((await act(token, orderId, 'cancel')).body.msgId).toBe(acts ? '' : 'ESTF2001')
  })

  it('is answered as if another event did not exist', async () => {
    const orderId = await unpaidOrder()
    const token = await staffWithRole(t, `x-${role}`, role)
    for (const eventCode of ['LOCKED', 'NOPE']) {
      expect((await list(token, { eventCode })).body.msgId).toBe('ESYS0004')
      expect((await attention(token, eventCode)).body.msgId).toBe('ESYS0004')
      expect((await act(token, orderId, 'cancel', { eventCode })).body.msgId).toBe('ESYS0004')
    }
  })
})

describe('the list', () => {
  it('lists the event’s orders with the attendee, filtered by kind and status and searched', async () => {
    const { order } = await issued()
    const unpaid = await unpaidOrder(other)
    const token = await staffWithRole(t, 'desk', 'travel')
    const all = ok<{ total: number; list: Array<Record<string, unknown>> }>(await list(token, {}, 'en'))
    expect(all.total).toBe(2)
    expect(all.list.map((o) => o.orderId)).toEqual([unpaid, order.id])
    expect(all.list[1]).toMatchObject({ kind: 'train', attendeeName: '张伟', statusLabel: 'Tickets issued', payer: 'company', actions: ['refund'] })
    expect(all.list[0]).toMatchObject({ status: 'toBePaid', payer: null, actions: ['cancel'] })
    expect(ok<{ total: number }>(await list(token, { statusGroup: 'done' })).total).toBe(1)
    expect(ok<{ total: number }>(await list(token, { kind: 'air' })).total).toBe(0)
    expect(ok<{ total: number }>(await list(token, { keyword: '张' })).total).toBe(2)
    expect(ok<{ total: number }>(await list(token, { keyword: order.orderNo })).total).toBe(1)
    expect(ok<{ total: number }>(await list(token, { keyword: '%' })).total).toBe(0)
    expect(ok<{ total: number; list: unknown[] }>(await list(token, { pageSize: 1, page: 2 })).list).toHaveLength(1)
  })

  it('answers bad input in the caller’s language, never a 5xx, and writes nothing', async () => {
    const orderId = await unpaidOrder()
    const token = await staffWithRole(t, 'desk', 'travel')
    for (const bad of [{ pageSize: 1000 }, { page: 0 }, { kind: 'ship' }, { statusGroup: 'lost' }, { keyword: 'x'.repeat(65) }]) {
      const r = await list(token, bad, 'en')
      expect(r.statusCode).toBeLessThan(500)
      expect(r.body.msgId).not.toBe('')
    }
    for (const bad of [{ action: 'burn' }, { kind: 'ship' }, { orderId: -1 }, { idempotencyKey: 'short' }]) {
      const r = await act(token, orderId, 'cancel', bad, 'en')
      expect(r.statusCode).toBeLessThan(500)
      expect(r.body.msgId).not.toBe('')
      expect(r.body.msgText).toMatch(/[A-Za-z]/)
    }
    // a rule refuses: an unpaid order has no tickets to refund
    const refused = await act(token, orderId, 'refund', {}, 'en')
    expect(refused.body).toMatchObject({ msgId: 'EADM7402', msgText: 'This order cannot be refunded now: no ticket or money is left to give back' })
    expect(msgOf(await act(token, 999_999, 'cancel'))).toBe('ESYS0004')
    expect(await t.db.db.select().from(auditLog)).toHaveLength(0)
    const [row] = await t.db.db.select().from(trainOrders).where(eq(trainOrders.id, orderId))
    expect(row.status).toBe('toBePaid')
  })
})

describe('actions', () => {
  it('cancels an unpaid order as the attendee would, with its audit row', async () => {
    const orderId = await unpaidOrder()
    const token = await staffWithRole(t, 'owner1', 'owner')
    const r = ok<{ order: { status: string; actions: string[] } }>(await act(token, orderId, 'cancel'))
    expect(r.order).toMatchObject({ status: 'canceled', actions: [] })
    const [row] = await auditRows('orders.cancel')
    expect(row).toMatchObject({ target: expect.stringMatching(/\S/), after: { statusBefore: 'toBePaid', status: 'canceled' } })
    expect(msgOf(await act(token, orderId, 'cancel'))).toBe('ETRAIN1041')
  })

  it('refunds an issued order through the railway’s refund; a double click refunds once', async () => {
    const { order } = await issued()
    const token = await staffWithRole(t, 'desk', 'travel')
    const body = { idempotencyKey: newKey() }
    const [a, b] = await Promise.all([act(token, order.id, 'refund', body), act(token, order.id, 'refund', body)])
    expect(a.body.msgId).toBe('')
    expect(b.body.data).toEqual(a.body.data)
    expect(a.body.data.order.status).toBe('refunding')
    expect(await refundsOf(order.id)).toHaveLength(1)
    expect(await auditRows('orders.refund')).toHaveLength(1)
    await settle(5_000)
    const after = ok<{ list: Array<{ status: string; refundedFen: number }> }>(await list(token))
    expect(after.list[0].status).toBe('refunded')
    expect(after.list[0].refundedFen).toBeGreaterThan(0)
  })

  it('a desk refund racing the attendee’s refunds once', async () => {
    const { order } = await issued()
    const token = await staffWithRole(t, 'desk', 'travel')
    const est = await estimate(order.id, [order.passengers[0].id])
    const [desk, attendee] = await Promise.all([
      act(token, order.id, 'refund'),
      t.post(saveRefundCall.path, refundBody(order.id, [order.passengers[0].id], est.estimatedRefundFen), { token: demo }),
    ])
    const answers = [desk.body.msgId, attendee.body.msgId].sort()
    expect(answers[0]).toBe('')
    expect(['EADM7405', 'ETRAIN1080']).toContain(answers[1])
    expect(await refundsOf(order.id)).toHaveLength(1)
    expect(await auditRows('orders.refund')).toHaveLength(desk.body.msgId === '' ? 1 : 0)
  })

  it('gives a failed ticketing’s money again when WeChat Pay could not pay it back, listed as needing a person until then', async () => {
    sandbox().switches.ticketing = 'fail'
    const orderId = await unpaidOrder()
    const start = await t.post(paymentOrder.path, { orderId, idempotencyKey: newKey(), tradeType: 'NATIVE', wxCode: '' }, { token: demo })
    expect(start.body.msgId).toBe('')
    await t.app.deps.wechatPay.sandbox!.pay(start.body.data.payment.paymentNo)
    // the railway refuses; the refund it starts is planted as refused by WeChat Pay before it is sent
    t.clock.t += 5_000
    const [pay] = await t.db.db
      .select()
      .from(payments)
      .where(and(eq(payments.kind, 'train'), eq(payments.orderId, orderId)))
    const due = async () => t.app.jobs.runOnce(t.clock.now())
    await due()
    await t.db.db.update(paymentRefunds).set({ status: 'abnormal' }).where(eq(paymentRefunds.paymentId, pay.id))
    await t.db.db.update(jobs).set({ doneAt: t.clock.now() }).where(eq(jobs.kind, 'payment-refund'))
    const token = await staffWithRole(t, 'desk', 'travel')
    const needs = ok<{ list: Array<{ kind: string; order: { orderId: number; actions: string[] } }> }>(await attention(token))
    expect(needs.list.map((n) => n.kind).sort()).toEqual(['refundFailed', 'ticketingFailed'])
    expect(needs.list[0].order).toMatchObject({ orderId, actions: ['refund'] })
    const r = await act(token, orderId, 'refund')
    expect(r.body.msgId).toBe('')
    expect(r.body.data.order.refundingFen).toBe(pay.amountFen)
    expect(msgOf(await act(token, orderId, 'refund'))).toBe('EADM7405')
    await settle()
    const [again] = (await t.db.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, pay.id))).filter((x) => x.status !== 'abnormal')
    expect(again.status).toBe('success')
    // given again: nothing needs a person any more
    expect(ok<{ list: unknown[] }>(await attention(token)).list).toEqual([])
  })

  it('queues a ticketing that gave up again, once', async () => {
    sandbox().switches.ticketingDelayMs = 3_600_000
    const orderId = await unpaidOrder()
    await t.post(payOnBusiness.path, { orderId, idempotencyKey: newKey() }, { token: demo })
    const token = await staffWithRole(t, 'desk', 'travel')
    // still being asked: nothing to retry, nothing needs a person
    expect(msgOf(await act(token, orderId, 'retryTicketing'))).toBe('EADM7403')
    expect(ok<{ list: unknown[] }>(await attention(token)).list).toHaveLength(0)
    const ticketingJob = and(eq(jobs.kind, TRAIN_JOBS.ticketing), eq(jobs.key, String(orderId)))
    await t.db.db.update(jobs).set({ failedAt: t.clock.now(), attempts: 8 }).where(ticketingJob)
    expect(ok<{ list: Array<{ kind: string }> }>(await attention(token)).list.map((n) => n.kind)).toEqual(['ticketingStuck'])
    const [first, second] = await Promise.all([act(token, orderId, 'retryTicketing'), act(token, orderId, 'retryTicketing')])
    expect([first.body.msgId, second.body.msgId].sort()).toEqual(['', 'EADM7403'])
    const [job] = await t.db.db.select().from(jobs).where(ticketingJob)
    expect(job).toMatchObject({ failedAt: null, attempts: 0 })
    expect(await auditRows('orders.retryTicketing')).toHaveLength(1)
  })
})

describe('spend and export', () => {
  it('sums each attendee’s spend by payer and exports one row per order in yuan, CSV and XLSX', async () => {
    const { order } = await issued()
    const token = await staffWithRole(t, 'desk', 'travel')
    const spend = ok<{ list: Array<Record<string, unknown>> }>(await t.post(listDeskSpend.path, { eventCode: 'DEMO' }, { token }))
    expect(spend.list).toEqual([
      expect.objectContaining({
        attendeeName: '张伟',
        orders: 1,
        spentFen: order.amounts.totalFen,
        companyFen: order.amounts.totalFen,
        attendeeFen: 0,
        overPolicyOrders: 0,
      }),
    ])
    const exportBody = { eventCode: 'DEMO', kind: null, statusGroup: null, keyword: '' }
    const csv = ok<{ fileName: string; content: string; count: number }>(
      await t.post(exportDeskOrders.path, { ...exportBody, format: 'csv' }, { token, lang: 'en' }),
    )
    expect(csv.count).toBe(1)
    const text = Buffer.from(csv.content, 'base64').toString('utf8')
    expect(text.split('\r\n')[0]).toContain('Order number,Kind,Attendee')
    expect(text).toContain(`${order.orderNo},Train,张伟`)
    expect(text).toContain(`${(order.amounts.totalFen / 100).toFixed(2)}`)
    expect(text).toContain('Company,Within')
    const xlsx = ok<{ content: string }>(await t.post(exportDeskOrders.path, { ...exportBody, format: 'xlsx' }, { token }))
    expect(Buffer.from(xlsx.content, 'base64').subarray(0, 2).toString()).toBe('PK')
    const checkin = await staffWithRole(t, 'door', 'checkin')
    expect(msgOf(await t.post(exportDeskOrders.path, { ...exportBody, format: 'csv' }, { token: checkin }))).toBe('ESTF2001')
    expect(msgOf(await t.post(exportDeskOrders.path, { ...exportBody, format: 'pdf' }, { token }))).toBe('EVAL0001')
  })
})
