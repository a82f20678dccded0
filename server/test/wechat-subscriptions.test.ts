/**
 * WeChat subscription messages of train orders (docs/wechat.md "Subscription messages"): the call
 * that keeps what the attendee accepted (own order only, the moment's kinds only, input refused
 * clearly), the result notices sent by WeChat when accepted and by SMS otherwise, each accept used
 * once, WeChat's refusal falling back to the SMS, and the message in the attendee's language.
 */
import { eq } from 'drizzle-orm'
import { saveSubscriptions } from '@contracts/calls/notices'
import { payOnBusiness, saveRefund, saveTrainOrder } from '@contracts/calls/train'
import { DEMO_TEMPLATE_IDS } from '@contracts/subscribe-notices'
import { wechatSubscriptions } from '../src/kernel/db/schema'
import { subscriptionsOfOrder } from '../src/wechat/repositories/subscriptions'
import { demo, estimate, issued, lilei, me, msgOf, other, read, refundBody, sandbox, settle, t, useTrainAfterSalesApp } from './train-aftersales-support'
import { changeToFirstStop, loginAs, newKey, ok, orderBody, trainWithStops } from './train-support'

useTrainAfterSalesApp()

const MOBILE = '13800138000'
/** a wx.login code of the sandbox (any safe characters that do not start with oauth-) */
const WX_CODE = 'wx-login-code-1'
const ids = DEMO_TEMPLATE_IDS
const subscribe = (token: string, body: object) => t.post(saveSubscriptions.path, { orderKind: 'train', wxCode: WX_CODE, ...body }, { token })
const wechatMessages = () => t.app.outbox!.list().filter((m) => m.channel === 'wechat')
const smsTo = (re: RegExp) =>
  t.app
    .outbox!.list(MOBILE)
    .filter((m) => m.channel === 'sms' && re.test(m.text))
    .map((m) => m.text)
const REFUND_SMS = /已退票|refunded;/

beforeEach(() => t.app.deps.subscribeSandbox!.reset())

/** a toBePaid order of the demo attendee (one adult) */
async function booked(token = demo): Promise<number> {
  const { train, stops } = await trainWithStops(t, token)
  const saved = ok<{ id: number }>(
    await t.post(
      saveTrainOrder.path,
      { ...orderBody(train, [{ travellerId: me, passengerType: 'adult' }]), toStationCode: stops[stops.length - 1] },
      { token },
    ),
  )
  return saved.id
}

async function refundAll(orderId: number): Promise<void> {
  const o = await read(orderId)
  const p = o.passengers.filter((x) => x.ticketState === 'issued').map((x) => x.id)
  const est = await estimate(orderId, p)
  ok(await t.post(saveRefund.path, refundBody(orderId, p, est.estimatedRefundFen), { token: demo }))
}

describe('keeping what the attendee accepted', () => {
  it('keeps the accepted templates of the moment for the caller own order, with the openid of the wx.login code', async () => {
    const orderId = await booked()
    const r = ok(await subscribe(demo, { orderId, moment: 'booking', templateIds: [ids.ticketIssued, ids.ticketingFailed] }))
    expect(r.kinds).toEqual(['ticketIssued', 'ticketingFailed'])
    const rows = await subscriptionsOfOrder(t.db.db, 'train', orderId)
    expect(rows.map((x) => [x.kind, x.templateId, x.usedAt])).toEqual([
      ['ticketIssued', ids.ticketIssued, null],
      ['ticketingFailed', ids.ticketingFailed, null],
    ])
    expect(rows[0].openid).toMatch(/^o[A-Za-z0-9_-]{27}$/)
  })

  it('keeps only the kinds asked at that moment, and nothing for a template it does not know or a code WeChat refuses', async () => {
    const orderId = await booked()
    // the refund's template sent with a booking: not that moment's
    expect(ok(await subscribe(demo, { orderId, moment: 'booking', templateIds: [ids.refundResult, 'SomeOtherTemplate'] })).kinds).toEqual([])
    // an OAuth code is not a wx.login code: no openid, so no subscription (the SMS stays)
    expect(ok(await subscribe(demo, { orderId, moment: 'booking', templateIds: [ids.ticketIssued], wxCode: 'oauth-abc' })).kinds).toEqual([])
    expect(await subscriptionsOfOrder(t.db.db, 'train', orderId)).toEqual([])
  })

  it("another attendee's order, or one that does not exist, is ESYS0004 and keeps nothing", async () => {
    const orderId = await booked()
    expect(msgOf(await subscribe(lilei, { orderId, moment: 'booking', templateIds: [ids.ticketIssued] }))).toBe('ESYS0004')
    expect(msgOf(await subscribe(demo, { orderId: 999999, moment: 'booking', templateIds: [ids.ticketIssued] }))).toBe('ESYS0004')
    expect(msgOf(await subscribe(demo, { orderId, orderKind: 'flight', moment: 'booking', templateIds: [ids.ticketIssued] }))).toBe('ESYS0004')
    expect(await t.db.db.select().from(wechatSubscriptions)).toEqual([])
  })

  it.each([
    ['an unknown moment', { moment: 'later' }],
    ['an unknown kind of order', { orderKind: 'bus' }],
    ['no template', { templateIds: [] }],
    ['more than WeChat asks at once', { templateIds: ['a', 'b', 'c', 'd'] }],
    ['a template id with spaces', { templateIds: ['a b'] }],
    ['no wx.login code', { wxCode: '' }],
    ['an order id that is not a number', { orderId: 'x' }],
  ])('refuses %s with a clear message, never a 5xx', async (_what, bad) => {
    const orderId = await booked()
    const r = await subscribe(demo, { orderId, moment: 'booking', templateIds: [ids.ticketIssued], ...bad })
    expect(r.statusCode).toBeLessThan(500)
    expect(r.body.msgId).toBe('EVAL0001')
    expect(r.body.msgText).toBeTruthy()
  })

  it('needs a login', async () => {
    const r = await t.post(saveSubscriptions.path, { orderKind: 'train', orderId: 1, moment: 'booking', templateIds: [ids.ticketIssued], wxCode: WX_CODE })
    expect(r.body.msgId).toMatch(/^EAUT/)
  })
})

describe('the result notices', () => {
  it('ticket issued: by WeChat when accepted at booking, the subscription used; the failed one stays unused', async () => {
    const orderId = await booked()
    ok(await subscribe(demo, { orderId, moment: 'booking', templateIds: [ids.ticketIssued, ids.ticketingFailed] }))
    ok(await t.post(payOnBusiness.path, { orderId, idempotencyKey: newKey() }, { token: demo }))
    await settle()
    const order = await read(orderId)
    expect(order.status).toBe('issued')
    const [m] = wechatMessages()
    expect(wechatMessages()).toHaveLength(1)
    expect(m.subject).toBe(ids.ticketIssued)
    expect(m.text).toContain(`character_string3: ${order.orderNo}`)
    expect(m.text).toContain('thing5: 出票成功')
    expect(m.text).toMatch(/time2: \d{4}-\d\d-\d\d \d\d:\d\d/)
    const sent = t.app.deps.subscribeSandbox!.sent[0]
    expect(sent).toMatchObject({
      templateId: ids.ticketIssued,
      page: `pages/trainTicket/orderDetailsPage/index?ehc=demo&ec=DEMO&orderId=${orderId}`,
      lang: 'zh_CN',
    })
    expect([...sent.data.thing1.value].length).toBeLessThanOrEqual(20)
    const rows = await subscriptionsOfOrder(t.db.db, 'train', orderId)
    expect(rows.map((x) => [x.kind, x.usedAt !== null])).toEqual([
      ['ticketIssued', true],
      ['ticketingFailed', false],
    ])
  })

  it('ticketing failed: by WeChat when accepted, the amount paid going back', async () => {
    const orderId = await booked()
    ok(await subscribe(demo, { orderId, moment: 'booking', templateIds: [ids.ticketingFailed] }))
    sandbox().switches.ticketing = 'fail'
    ok(await t.post(payOnBusiness.path, { orderId, idempotencyKey: newKey() }, { token: demo }))
    await settle()
    const order = await read(orderId)
    expect(order.status).not.toBe('issued')
    expect(wechatMessages().map((m) => m.subject)).toEqual([ids.ticketingFailed])
    expect(wechatMessages()[0].text).toContain(`amount4: ¥${(order.amounts.totalFen / 100).toFixed(2)}`)
  })

  it('refund result: by WeChat instead of the SMS when accepted at the refund, by SMS when not', async () => {
    const { order } = await issued()
    ok(await subscribe(demo, { orderId: order.id, moment: 'refund', templateIds: [ids.refundResult] }))
    await refundAll(order.id)
    await settle()
    expect(wechatMessages().map((m) => m.subject)).toEqual([ids.refundResult])
    expect(wechatMessages()[0].text).toContain('thing3: 退票成功')
    expect(smsTo(REFUND_SMS)).toEqual([])

    // another order, nothing accepted: the SMS as before
    const second = await issued()
    await refundAll(second.order.id)
    await settle()
    expect(wechatMessages()).toHaveLength(1)
    expect(smsTo(REFUND_SMS)).toHaveLength(1)
  })

  it('one accept, one message: a second refund of the order goes by SMS', async () => {
    const { order } = await issued({
      passengers: [
        { travellerId: me, passengerType: 'adult' },
        { travellerId: other, passengerType: 'adult' },
      ],
    })
    ok(await subscribe(demo, { orderId: order.id, moment: 'refund', templateIds: [ids.refundResult] }))
    for (const p of order.passengers) {
      const est = await estimate(order.id, [p.id])
      ok(await t.post(saveRefund.path, refundBody(order.id, [p.id], est.estimatedRefundFen), { token: demo }))
      await settle()
    }
    expect(wechatMessages()).toHaveLength(1)
    expect(smsTo(REFUND_SMS)).toHaveLength(1)
    const rows = await t.db.db.select().from(wechatSubscriptions).where(eq(wechatSubscriptions.orderId, order.id))
    expect(rows.map((r) => r.usedAt !== null)).toEqual([true])
  })

  it('WeChat refuses (43101: refused or no accept left): the SMS goes instead', async () => {
    const { order } = await issued()
    ok(await subscribe(demo, { orderId: order.id, moment: 'refund', templateIds: [ids.refundResult] }))
    t.app.deps.subscribeSandbox!.answerNext(43101, 'user refuse to accept the msg')
    await refundAll(order.id)
    await settle()
    // the message job's refusal enqueued the SMS, due at once
    await settle(0)
    expect(wechatMessages()).toEqual([])
    expect(smsTo(REFUND_SMS)).toHaveLength(1)
  })

  it('WeChat busy (-1): no SMS yet, the message job tries again and sends it', async () => {
    const { order } = await issued()
    ok(await subscribe(demo, { orderId: order.id, moment: 'refund', templateIds: [ids.refundResult] }))
    t.app.deps.subscribeSandbox!.answerNext(-1, 'system error')
    await refundAll(order.id)
    await settle()
    expect(wechatMessages()).toEqual([])
    expect(smsTo(REFUND_SMS)).toEqual([])
    // the retry delay of a failed job (1 minute) passes
    await settle(61_000)
    expect(wechatMessages().map((m) => m.subject)).toEqual([ids.refundResult])
    expect(smsTo(REFUND_SMS)).toEqual([])
  })

  it('change result: by WeChat instead of the SMS when accepted at the change', async () => {
    const { order, train, stops } = await issued()
    ok(await subscribe(demo, { orderId: order.id, moment: 'change', templateIds: [ids.changeResult] }))
    await changeToFirstStop(t, demo, { order, train, stops })
    await settle()
    expect(wechatMessages().map((m) => m.subject)).toEqual([ids.changeResult])
    expect(wechatMessages()[0].text).toContain('thing4: 改签成功')
    expect(wechatMessages()[0].text).toContain(`thing1: ${train.trainNo} `)
    expect(smsTo(/改签成功/)).toEqual([])
  })

  it("is in the attendee's language", async () => {
    const en = await loginAs(t, 'demo', 'DEMO', 'en')
    const orderId = await booked(en)
    ok(await subscribe(en, { orderId, moment: 'booking', templateIds: [ids.ticketIssued] }))
    ok(await t.post(payOnBusiness.path, { orderId, idempotencyKey: newKey() }, { token: en }))
    await settle()
    const sent = t.app.deps.subscribeSandbox!.sent[0]
    expect(sent.lang).toBe('en_US')
    expect(sent.data.thing5.value).toBe('Tickets issued')
    expect(sent.data.thing1.value).not.toMatch(/[\u4e00-\u9fff]/)
  })
})
