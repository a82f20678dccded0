/** Air after-sales through the API: a change to a cheaper fare. Set-up: air-aftersales-support.ts. */
import { expandFlightList } from '@contracts/flight-list'
import { pageOrders, type OrderPage } from '@contracts/calls/orders'
import * as air from '@contracts/calls/flight'
import type { AirOrderView, CabinView, FlightView } from '@contracts/calls/flight'
import { payments, paymentRefunds } from '../src/kernel/db/schema'
import { DEMO_USER } from '../src/seed'
import { AIR_RULES } from '../src/air/rules/air-rules'
import { adult, airlineAnswers, changeBody, day, details, ids, key, ok, post, refOf, t, ticketed, useAirAfterSalesApp } from './air-aftersales-support'

useAirAfterSalesApp()

describe('change to a cheaper fare', () => {
  const cheaperCabin = (list: air.RebookListView, test: (c: air.RebookCabinView) => boolean) => {
    for (const f of list.flights) for (const c of f.cabins) if (test(c)) return { f, c }
    return null
  }
  /** the dearest ticket inside the policy (cheaper cabins exist on other flights) paid by `by`, and a cheaper cabin with money back */
  async function fullFareWithCheaper(by: 'company' | 'wechat') {
    // the dearest cabin inside the policy that day
    const list = expandFlightList(await ok<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(10) }))
    let best: { flight: FlightView; cabin: CabinView } | null = null
    for (const fl of list.flights.filter((x) => x.bookable)) {
      for (const cb of (await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(fl) })).cabins) {
        if (cb.policy.withinPolicy && cb.seatsLeft > 0 && (!best || cb.adult.fareFen > best.cabin.adult.fareFen)) best = { flight: fl, cabin: cb }
      }
    }
    const { flight, cabin } = best!
    const order = await ok<AirOrderView>(air.ticketBooking.path, {
      idempotencyKey: key(),
      flight: refOf(flight),
      cabinCode: cabin.cabinCode,
      passengers: [adult()],
      contact: { name: DEMO_USER.name, mobile: DEMO_USER.mobile, email: '' },
      remark: '',
      agreementAccepted: true,
      expectedTotalFen: cabin.adult.totalFen + AIR_RULES.insuranceFen,
      overPolicyReason: '',
    })
    if (by === 'company') await ok(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: key() })
    else
      await t.app.deps.wechatPay.sandbox!.pay(
        (await ok<air.OrderPayView>(air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: key(), tradeType: 'NATIVE', wxCode: '' })).paymentNo,
      )
    await airlineAnswers()
    const o = await details(order.orderId)
    const pick = cheaperCabin(await rebook(o, 12), (c) => c.backFen > 0)
    if (!pick) throw new Error('no cheaper cabin')
    return { o, ...pick }
  }
  const rebook = (o: AirOrderView, days: number) =>
    ok<air.RebookListView>(air.findRebookList.path, { orderId: o.orderId, passengerIds: ids(o), date: day(days), type: 'voluntary' })
  const listedAmount = async (orderId: number) =>
    (await ok<OrderPage>(pageOrders.path, { pageNo: 1, pageSize: 50, kind: 'air' })).list.find((x) => x.orderId === orderId)!.amountFen

  it("company-paid: nothing to pay, the airline confirms, the difference less the fee is the company's again (order amount, orders list, a company refund, the timeline)", async () => {
    const { o, f, c } = await fullFareWithCheaper('company')
    const old = o.passengers[0].fare.fareFen
    expect(c).toMatchObject({ dueFen: 0, backFen: old - c.adultFareFen - c.feeFen })
    const before = await listedAmount(o.orderId)
    // another amount back than the one on the screen: refused with the amount now, nothing held
    const moved = await post(air.ticketChange.path, changeBody(o, f, c, 1, { expectedBackFen: c.backFen + 100 }), 'demo', 'en')
    expect(moved.body).toMatchObject({
      msgId: 'EAIR1049',
      msgText: `The amount back has changed; it is now ¥${(c.backFen / 100).toFixed(2)}, please check and submit again`,
    })
    expect((await details(o.orderId)).status).toBe('ticketed')
    const asked = await ok<AirOrderView>(air.ticketChange.path, changeBody(o, f, c, 1, { expectedBackFen: c.backFen }))
    expect(asked.status).toBe('changing')
    expect(asked.changes[0]).toMatchObject({ state: 'processing', dueFen: 0, backFen: c.backFen })
    // nothing goes back before the airline confirms
    expect(await t.db.db.select().from(paymentRefunds)).toEqual([])
    await airlineAnswers()
    const d = await details(o.orderId)
    expect(d).toMatchObject({ status: 'changed', refundedFen: c.backFen })
    expect(d.changes[0]).toMatchObject({ state: 'changed', backFen: c.backFen })
    expect(d.passengers[0].fare.fareFen).toBe(c.adultFareFen)
    const last = d.timeline[d.timeline.length - 1]
    expect(last).toMatchObject({ status: 'changed', backFen: c.backFen })
    expect(d.timeline.filter((e) => e.backFen)).toHaveLength(1)
    const refunds = await t.db.db.select().from(paymentRefunds)
    expect(refunds.map((r) => [r.amountFen, r.status, r.reason])).toEqual([[c.backFen, 'success', 'airChangeFareDrop']])
    expect(await listedAmount(o.orderId)).toBe(before - c.backFen)
    // later jobs pay nothing more
    await airlineAnswers()
    expect(await t.db.db.select().from(paymentRefunds)).toHaveLength(1)
  })

  it('WeChat-paid: the difference less the fee is refunded to the WeChat payment by the refund job; the order keeps its amount', async () => {
    const { o, f, c } = await fullFareWithCheaper('wechat')
    const before = await listedAmount(o.orderId)
    await ok(air.ticketChange.path, changeBody(o, f, c))
    await airlineAnswers()
    await t.app.jobs.runOnce(t.clock.now())
    const d = await details(o.orderId)
    expect(d).toMatchObject({ status: 'changed', refundedFen: c.backFen })
    const [refund] = await t.db.db.select().from(paymentRefunds)
    expect(refund).toMatchObject({ amountFen: c.backFen, status: 'success' })
    const [paid] = await t.db.db.select().from(payments)
    expect(paid).toMatchObject({ method: 'wechat', refundedFen: c.backFen })
    expect(await listedAmount(o.orderId)).toBe(before)
  })

  /**
   * A ticket whose change fee is larger than the drop to a cheaper cabin, and that cabin. The
   * cheap buckets pay the largest fees in the week before departure, so the ticket is a cheap
   * bucket a few days ahead; which bucket has seats on which day follows the date, so the days
   * and buckets are tried in turn until the airline offers the situation.
   */
  async function ticketWithCheaperCabinUnderFee() {
    for (let bookDay = 2; bookDay <= 6; bookDay++) {
      for (const discount of [60, 50, 40, 30]) {
        let o: AirOrderView
        try {
          o = await ticketed([adult()], bookDay, 'company', (c) => c.discount === discount)
        } catch {
          continue // no seat in this bucket that day
        }
        const fareFen = o.passengers[0].fare.fareFen
        for (let d = 1; d <= 21; d++) {
          const pick = cheaperCabin(await rebook(o, d), (c) => c.adultFareFen < fareFen && c.dueFen > 0)
          if (pick) return { o, ...pick }
        }
      }
    }
    throw new Error('no ticket with a cabin a little cheaper than its change fee in the coming weeks')
  }

  it('a fee larger than the difference: the remainder is paid, nothing goes back', async () => {
    const { o, f, c } = await ticketWithCheaperCabinUnderFee()
    expect(c).toMatchObject({ backFen: 0, dueFen: c.feeFen - (o.passengers[0].fare.fareFen - c.adultFareFen) })
    const v = await ok<AirOrderView>(air.ticketChange.path, changeBody(o, f, c))
    expect(v.status).toBe('changeToBePaid')
    await ok(air.confirmChangeOrder.path, { orderId: o.orderId, idempotencyKey: key() })
    await airlineAnswers()
    const d = await details(o.orderId)
    expect(d).toMatchObject({ status: 'changed', refundedFen: 0 })
    expect(d.changes[0]).toMatchObject({ backFen: 0, dueFen: c.dueFen })
    expect(d.timeline.some((e) => e.backFen)).toBe(false)
    expect(await t.db.db.select().from(paymentRefunds)).toEqual([])
  })
})
