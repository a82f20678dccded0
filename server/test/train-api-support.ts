/**
 * Set-up and helpers of the train API tests (train-*.test.ts beside it), which together cover the
 * train calls through the API: railway login (wrong password, agreement, unavailable, timed
 * out → ETRAIN1002), stations, pre-sale days, search Shanghai → Beijing, stops, travellers, saving
 * an order (bad input, another attendee's ids, children, policy), company payment and ticketing
 * (issued / failed and refunded), cancel, the deadline job, late WeChat money, seats per segment,
 * grab requests fulfilled with an SMS; the travel-policy calls; /dev/clock.
 */
import { listTravellers, saveTrainOrder } from '@contracts/calls/train'
import { trainOrders } from '../src/kernel/db/schema'
import { RailwaySandbox } from '../src/train/railway'
import { setup, type TestContext } from './helper'
import { bookableG, loginAs, ok, orderBody, railwayLogin, searchShanghaiBeijing } from './train-support'

export let t: TestContext
export let demo: string
export let lilei: string
export let me: number // the demo attendee's own traveller (seeded)

export const sandbox = () => t.app.deps.railway as RailwaySandbox

export async function bookedOrder(passengers?: object[]) {
  await railwayLogin(t, demo)
  const train = bookableG(await searchShanghaiBeijing(t, demo))
  const order = ok(await t.post(saveTrainOrder.path, orderBody(train, passengers ?? [{ travellerId: me, passengerType: 'adult' }]), { token: demo }))
  return { train, order }
}

export async function ownerIds() {
  const [row] = await t.db.db.select({ userId: trainOrders.userId, eventId: trainOrders.eventId }).from(trainOrders).limit(1)
  return row
}

/** one app for the file: the demo attendee and Li Lei logged in again, WeChat Pay delivering notifications, before each test */
export function useTrainApp(): void {
  beforeAll(async () => {
    t = await setup()
  })
  afterAll(async () => t?.close())
  beforeEach(async () => {
    await t.reset()
    demo = await loginAs(t, 'demo')
    lilei = await loginAs(t, 'lilei')
    const travellers = ok(await t.post(listTravellers.path, {}, { token: demo }))
    me = travellers[0].id
    t.app.deps.wechatPay.sandbox!.notifications = 'deliver'
  })
}
