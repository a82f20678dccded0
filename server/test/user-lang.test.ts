/**
 * The attendee's language for what is sent to them later (users.lang): set at login, followed when
 * the app switches language (getUser, page views), and the order SMS written in it.
 */
import { eq } from 'drizzle-orm'
import { getUser, guestLogin } from '@contracts/calls/auth'
import { addPageView } from '@contracts/calls/event'
import { estimatedRefund, saveGrabRequest, saveRefund, type RefundEstimate } from '@contracts/calls/train'
import { users } from '../src/kernel/db/schema'
import { setup, type TestContext } from './helper'
import { bookableG, issuedOrder, newKey, orderBody, railwayLogin, runDue, searchShanghaiBeijing } from './train-support'
import { releasePublicSeats, sellOutToPublic } from '../src/train/grabs'
import { DEMO_EVENT, DEMO_USER } from '../src/seed'

let t: TestContext
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => t.reset())

const demoLang = async () => (await t.db.db.select({ lang: users.lang }).from(users).where(eq(users.userName, DEMO_USER.userName)))[0].lang
const login = async (lang: 'zh' | 'en') => {
  const r = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password: DEMO_USER.password }, { lang })
  return r.body.data!.token as string
}
const texts = () => t.app.outbox!.list(DEMO_USER.mobile!).map((m) => m.text)

describe("the attendee's language", () => {
  it('is unknown until login, then the one of the login request, then follows the app', async () => {
    expect(await demoLang()).toBeNull()
    const token = await login('en')
    expect(await demoLang()).toBe('en')
    await t.post(getUser.path, {}, { token, lang: 'zh' })
    expect(await demoLang()).toBe('zh')
    const ehc = DEMO_EVENT.eventHashCode
    expect((await t.post(addPageView.path, { eventHashCode: ehc, type: 'home', viewWay: 'H5' }, { token, lang: 'en' })).body.status).toBe(200)
    expect(await demoLang()).toBe('en')
    // a guest's page view changes nobody
    await t.post(addPageView.path, { eventHashCode: ehc, type: 'home', viewWay: 'H5' }, { lang: 'zh' })
    expect(await demoLang()).toBe('en')
  })
})

describe('order SMS', () => {
  const me = async (token: string) => (await t.post('/api/biz/tmcPassenger/list', {}, { token })).body.data[0].id as number

  it('are Chinese for an attendee using Chinese', async () => {
    const token = await login('zh')
    await railwayLogin(t, token)
    const { order } = await issuedOrder(t, token, { passengers: [{ travellerId: await me(token), passengerType: 'adult' }] })
    const paid = texts().find((x) => x.includes(order.orderNo))!
    expect(paid).toContain('已支付成功')
    expect(paid).toContain(order.from.name)
  })

  it('are English once the attendee switched to English, station names too', async () => {
    const token = await login('zh')
    await railwayLogin(t, token)
    await t.post(getUser.path, {}, { token, lang: 'en' })
    const { order } = await issuedOrder(t, token, { passengers: [{ travellerId: await me(token), passengerType: 'adult' }] })
    const paid = texts().find((x) => x.includes(order.orderNo))!
    expect(paid).toContain(`Order ${order.orderNo} is paid`)
    expect(paid).toContain(order.from.nameEn)
    expect(paid).not.toMatch(/[\u4e00-\u9fff]/)

    const passengerIds = [order.passengers[0].id]
    const est = (await t.post(estimatedRefund.path, { orderId: order.id, passengerIds }, { token })).body.data as RefundEstimate
    const r = await t.post(
      saveRefund.path,
      { idempotencyKey: newKey(), orderId: order.id, passengerIds, refundType: 'voluntary', reason: 'planChanged', expectedRefundFen: est.estimatedRefundFen },
      { token },
    )
    expect(r.body.status).toBe(200)
    await runDue(t)
    const refunded = texts().find((x) => x.includes('refunded'))!
    expect(refunded).toBe(
      `[Attendee app] 1 ticket(s) of order ${order.orderNo} refunded; ¥${(est.estimatedRefundFen / 100).toFixed(2)} goes back to the company account.`,
    )
  })

  it('a grab request fulfilled: the SMS in English for an attendee using English', async () => {
    const token = await login('en')
    await railwayLogin(t, token)
    const train = bookableG(await searchShanghaiBeijing(t, token))
    const run = { trainCode: train.trainCode, date: train.date, seatType: 'second' as const }
    const grabBody = { ...orderBody(train, [{ travellerId: await me(token), passengerType: 'adult' }]), seatType: undefined, seatTypes: ['second'] }
    delete (grabBody as { seatType?: string }).seatType
    await sellOutToPublic(t.app.deps, run)
    expect((await t.post(saveGrabRequest.path, { ...grabBody, idempotencyKey: newKey() }, { token })).body.status).toBe(200)
    await releasePublicSeats(t.app.deps, run, 1)
    await t.app.jobs.runOnce(t.clock.now())
    await t.app.jobs.runOnce(t.clock.now())
    const sms = texts().find((x) => x.includes(train.trainNo))!
    expect(sms).toContain('[Attendee app] Your grab request got seats')
    expect(sms).not.toMatch(/[\u4e00-\u9fff]/)
  })
})
