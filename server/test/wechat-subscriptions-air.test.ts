/**
 * WeChat subscription messages of flight orders (docs/wechat.md "Subscription messages"): ticket
 * issued and the refund result by WeChat when accepted (each accept used once), nothing sent when
 * none was (the airline's results have no SMS: the order page tells them), the failed issue.
 */
import * as air from '@contracts/calls/flight'
import { saveSubscriptions } from '@contracts/calls/notices'
import { DEMO_TEMPLATE_IDS as ids } from '@contracts/subscribe-notices'
import { subscriptionsOfOrder } from '../src/wechat/repositories/subscriptions'
import { adult, airlineAnswers, book, details, estimate, key, ok, refundBody, t, ticketed, useAirAfterSalesApp } from './air-aftersales-support'

useAirAfterSalesApp()
beforeEach(() => t.app.deps.subscribeSandbox!.reset())

const subscribe = (orderId: number, moment: string, templateIds: string[]) =>
  ok(saveSubscriptions.path, { orderKind: 'flight', orderId, moment, templateIds, wxCode: 'wx-login-code-air' })
const wechatMessages = () => t.app.outbox!.list().filter((m) => m.channel === 'wechat')

describe('flight orders', () => {
  it('ticket issued: by WeChat when accepted at booking; the flight, its local departure and the order code', async () => {
    const order = await book([adult()])
    expect((await subscribe(order.orderId, 'booking', [ids.ticketIssued, ids.ticketingFailed])).kinds).toEqual(['ticketIssued', 'ticketingFailed'])
    await ok(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: key() })
    await airlineAnswers()
    await t.app.jobs.runOnce(t.clock.now())
    expect((await details(order.orderId)).status).toBe('ticketed')
    const sent = t.app.deps.subscribeSandbox!.sent
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ templateId: ids.ticketIssued, page: `pages/airTicket/airOrderDetails/index?ehc=demo&ec=DEMO&orderId=${order.orderId}` })
    expect(sent[0].data.thing1.value).toBe(`${order.flight.flightNo} ${order.flight.dep.cityZh}-${order.flight.arr.cityZh}`)
    expect(sent[0].data.time2.value).toBe(order.flight.dep.time.slice(0, 16).replace('T', ' '))
    expect(sent[0].data.character_string3.value).toBe(order.orderCode)
    expect((await subscriptionsOfOrder(t.db.db, 'flight', order.orderId)).map((r) => [r.kind, r.usedAt !== null])).toEqual([
      ['ticketIssued', true],
      ['ticketingFailed', false],
    ])
  })

  it('the airline fails to issue: the failed notice by WeChat', async () => {
    const order = await book([adult()])
    await subscribe(order.orderId, 'booking', [ids.ticketingFailed])
    t.app.deps.airlineSandbox!.issueOutcome = 'fail'
    await ok(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: key() })
    await airlineAnswers()
    await t.app.jobs.runOnce(t.clock.now())
    expect(wechatMessages().map((m) => m.subject)).toEqual([ids.ticketingFailed])
    expect(wechatMessages()[0].text).toContain('thing3: 出票失败，票款将原路退回')
  })

  it('refund result: by WeChat when accepted at the refund, once; nothing when not accepted', async () => {
    const o = await ticketed([adult(), adult(1)])
    await subscribe(o.orderId, 'refund', [ids.refundResult])
    for (const n of [1, 2]) {
      const fresh = await details(o.orderId)
      const e = await estimate({ ...fresh, passengers: fresh.passengers.filter((p) => p.ticketStatus === 'issued') }, 1)
      await ok(air.ticketRefund.path, refundBody(fresh, e))
      await airlineAnswers()
      await t.app.jobs.runOnce(t.clock.now())
      // the first refund takes the one accept; the second finds none
      expect(wechatMessages()).toHaveLength(1)
      if (n === 1) expect(wechatMessages()[0].text).toContain(`amount4: ¥${(e.refundFen / 100).toFixed(2)}`)
    }
  })
})
