/**
 * Set-up and helpers of the train after-sales tests (train-aftersales-*.test.ts), which cover
 * train after-sales through the API: refunds of some and then all tickets (fee by the
 * time left, money back to the payer, seats back on sale, SMS), the railway refusing, the online
 * refund rules (paper ticket, voluntary only, the amount shown), changes of destination (a higher
 * fare paid by the company at once or by WeChat Pay, a lower one given back, an unpaid change
 * cancelled at its deadline, a notification replayed changing it once), the change rules (one per
 * ticket, none after a change of destination, a child never alone, 05:00-23:00), removing an
 * ended order from the lists, the payment SMS; and another attendee's ids (ESYS0004) everywhere.
 */
import { eq } from 'drizzle-orm'
import { estimatedRefund, getTrainOrderInfo, type RefundEstimate, type TrainOrderView } from '@contracts/calls/train'
import { trainSeatHolds } from '../src/kernel/db/schema'
import { RailwaySandbox } from '../src/train/railway'
import { setup, type TestContext } from './helper'
import { addTraveller, idCard, issuedOrder, loginAs, newKey, ok, railwayLogin, runDue } from './train-support'

export let t: TestContext
export let demo: string
export let lilei: string
export let me: number
export let other: number

export const sandbox = () => t.app.deps.railway as RailwaySandbox
export const msgOf = (r: { body: { msgId: string } }) => r.body.msgId

export const issued = (opts: { passengers?: object[]; pay?: 'company' | 'wechat'; to?: 'mid' | 'end' } = {}) =>
  issuedOrder(t, demo, { ...opts, passengers: opts.passengers ?? [{ travellerId: me, passengerType: 'adult' }] })
export const settle = (ms?: number) => runDue(t, ms)
export const read = async (orderId: number, lang: 'zh' | 'en' = 'zh') =>
  ok<TrainOrderView>(await t.post(getTrainOrderInfo.path, { orderId }, { token: demo, lang }))
export const kinds = (o: TrainOrderView) => o.timeline.map((e) => e.kind)
export const estimate = async (orderId: number, passengerIds: number[]) =>
  ok<RefundEstimate>(await t.post(estimatedRefund.path, { orderId, passengerIds }, { token: demo }))
export const refundBody = (orderId: number, passengerIds: number[], expectedRefundFen: number, extra: object = {}) => ({
  idempotencyKey: newKey(),
  orderId,
  passengerIds,
  refundType: 'voluntary',
  reason: 'planChanged',
  expectedRefundFen,
  ...extra,
})
export const activeHoldsOf = async (orderId: number) =>
  (await t.db.db.select().from(trainSeatHolds).where(eq(trainSeatHolds.orderId, orderId))).filter((h) => h.active)

/** what the railway charges at `pct`: rounded to 0.5 yuan (0.25 and 0.75 go up), at least 2 yuan */
export const railwayFee = (fare: number, pct: number) => (pct === 0 ? 0 : Math.min(fare, Math.max(200, Math.floor((fare * pct + 2500) / 5000) * 50)))
export const tierAt = (hours: number) => (hours >= 192 ? 0 : hours >= 48 ? 5 : hours >= 24 ? 10 : 20)

/** one app for the file: the demo attendee and Li Lei logged in again before each test */
export function useTrainAfterSalesApp(): void {
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
}
