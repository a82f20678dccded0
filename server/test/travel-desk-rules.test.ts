/**
 * Every number of TRAVEL_DESK_RULES at its edges: the list's page size and search length, a refund
 * slow from refundSlowMinutes on, a change unpaid from changeUnpaidMinutes on, and the "needs a
 * person" view cut at attentionMax items.
 */
import { and, eq } from 'drizzle-orm'
import { listDeskAttention, listDeskOrders } from '@contracts/admin/orders'
import { TRAVEL_DESK_RULES } from '@contracts/admin/orders-rules'
import { paymentRefunds, payments, trainOrders } from '../src/kernel/db/schema'
import { staffWithRole } from './staff-support'
import { issued, t, useTrainAfterSalesApp } from './train-aftersales-support'

useTrainAfterSalesApp()

const MINUTE = 60_000
const list = (token: string, extra: object) =>
  t.post(listDeskOrders.path, { eventCode: 'DEMO', kind: null, statusGroup: null, keyword: '', page: 1, pageSize: 20, ...extra }, { token })
const attentionKinds = async (token: string) =>
  ((await t.post(listDeskAttention.path, { eventCode: 'DEMO' }, { token })).body.data.list as Array<{ kind: string }>).map((i) => i.kind)

/** the WeChat Pay payment of a train order issued and paid by the attendee */
async function paidOrder() {
  const { order } = await issued({ pay: 'wechat' })
  const [payment] = await t.db.db
    .select()
    .from(payments)
    .where(and(eq(payments.kind, 'train'), eq(payments.orderId, order.id)))
  return { order, payment }
}

const refundRow = (paymentId: number, n: number, status: 'pending' | 'abnormal', createdAt: Date) => ({
  paymentId,
  refundNo: `RULES-${n}`,
  amountFen: 1,
  reason: 'late',
  status,
  payload: {},
  createdAt,
})

it(`a page of at most ${TRAVEL_DESK_RULES.maxPageSize} rows, a search of at most ${TRAVEL_DESK_RULES.keywordMaxLength} characters`, async () => {
  const token = await staffWithRole(t, 'desk', 'travel')
  expect((await list(token, { pageSize: TRAVEL_DESK_RULES.maxPageSize })).body.msgId).toBe('')
  expect((await list(token, { pageSize: TRAVEL_DESK_RULES.maxPageSize + 1 })).body.msgId).not.toBe('')
  expect((await list(token, { keyword: 'x'.repeat(TRAVEL_DESK_RULES.keywordMaxLength) })).body.msgId).toBe('')
  expect((await list(token, { keyword: 'x'.repeat(TRAVEL_DESK_RULES.keywordMaxLength + 1) })).body.msgId).toBe('EADM1013')
})

it(`a refund not back is slow once it is more than ${TRAVEL_DESK_RULES.refundSlowMinutes} minutes old`, async () => {
  const { payment } = await paidOrder()
  const token = await staffWithRole(t, 'desk', 'travel')
  await t.db.db.insert(paymentRefunds).values(refundRow(payment.id, 1, 'pending', new Date(t.clock.t - TRAVEL_DESK_RULES.refundSlowMinutes * MINUTE)))
  expect(await attentionKinds(token)).toEqual([])
  t.clock.t += 1
  expect(await attentionKinds(token)).toEqual(['refundSlow'])
})

it(`a change is unpaid once it has waited more than ${TRAVEL_DESK_RULES.changeUnpaidMinutes} minutes`, async () => {
  const { order } = await issued()
  const token = await staffWithRole(t, 'desk', 'travel')
  const waitingSince = new Date(t.clock.t - TRAVEL_DESK_RULES.changeUnpaidMinutes * MINUTE)
  await t.db.db.update(trainOrders).set({ status: 'changeToProcess', updatedAt: waitingSince }).where(eq(trainOrders.id, order.id))
  expect(await attentionKinds(token)).toEqual([])
  t.clock.t += 1
  expect(await attentionKinds(token)).toEqual(['changeUnpaid'])
})

it(`the "needs a person" view lists at most ${TRAVEL_DESK_RULES.attentionMax} items, the oldest first`, async () => {
  const { payment } = await paidOrder()
  const token = await staffWithRole(t, 'desk', 'travel')
  const rows = Array.from({ length: TRAVEL_DESK_RULES.attentionMax + 1 }, (_, n) =>
    refundRow(payment.id, n, 'abnormal', new Date(t.clock.t - (n + 1) * MINUTE)),
  )
  await t.db.db.insert(paymentRefunds).values(rows)
  const items = (await t.post(listDeskAttention.path, { eventCode: 'DEMO' }, { token })).body.data.list as Array<{ since: string }>
  expect(items).toHaveLength(TRAVEL_DESK_RULES.attentionMax)
  const oldest = Date.parse(items[0].since)
  expect(oldest).toBe(t.clock.t - (TRAVEL_DESK_RULES.attentionMax + 1) * MINUTE)
})
