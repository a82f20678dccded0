/** Air after-sales through the API: cancel, remove and refund. Set-up: air-aftersales-support.ts. */
import { eq } from 'drizzle-orm'
import * as air from '@contracts/calls/flight'
import type { AirOrderView } from '@contracts/calls/flight'
import { payments, paymentRefunds } from '../src/kernel/db/schema'
import { DEMO_USER } from '../src/seed'
import { AIR_RULES } from '../src/air/rules/air-rules'
import {
  adult,
  airlineAnswers,
  book,
  details,
  estimate,
  ids,
  infant,
  key,
  login,
  msgOf,
  ok,
  refOf,
  refundBody,
  t,
  ticketed,
  tokens,
  useAirAfterSalesApp,
} from './air-aftersales-support'

useAirAfterSalesApp()

describe('cancel and remove', () => {
  it('an unpaid order cancels, seats back; again answers it unchanged; then it may be removed and is gone', async () => {
    const order = await book([adult()])
    const { cabins } = await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(order.flight) })
    // a cabin sold out is left out of the list
    const before = cabins.find((c) => c.cabinCode === order.cabinCode)?.seatsLeft ?? 0
    const c = await ok<AirOrderView>(air.ticketCancel.path, { orderId: order.orderId })
    expect(c).toMatchObject({ status: 'cancelled', actions: ['remove'], ended: true })
    expect((await ok<AirOrderView>(air.ticketCancel.path, { orderId: order.orderId })).timeline.filter((e) => e.status === 'cancelled')).toHaveLength(1)
    const after = (await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(order.flight) })).cabins.find(
      (x) => x.cabinCode === order.cabinCode,
    )!.seatsLeft
    expect(after).toBe(Math.min(9, before + 1))
    expect(await msgOf(air.removeTicketOrder.path, { orderId: order.orderId }, 'lilei')).toBe('ESYS0004')
    expect(await ok(air.removeTicketOrder.path, { orderId: order.orderId })).toEqual({ removed: true })
    expect(await msgOf(air.findOrderDetails.path, { orderId: order.orderId })).toBe('ESYS0004')
    expect(await msgOf(air.removeTicketOrder.path, { orderId: order.orderId })).toBe('ESYS0004')
  })

  it('paid, awaiting issue: EAIR1030; ticketed: EAIR1031 (refund instead); another attendee: ESYS0004; not ended: no remove', async () => {
    const order = await book([adult()])
    expect(await msgOf(air.ticketCancel.path, { orderId: order.orderId }, 'lilei')).toBe('ESYS0004')
    await ok(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: key() })
    expect(await msgOf(air.ticketCancel.path, { orderId: order.orderId })).toBe('EAIR1030')
    await airlineAnswers()
    expect(await msgOf(air.ticketCancel.path, { orderId: order.orderId })).toBe('EAIR1031')
    expect(await msgOf(air.removeTicketOrder.path, { orderId: order.orderId })).toBe('EAIR1032')
    expect(await msgOf(air.ticketCancel.path, { orderId: 0 })).toBe('EVAL0001')
  })
})

describe('refund', () => {
  /** moves the clock so the order's departure is `ms` away */
  const departIn = async (o: AirOrderView, ms: number) => {
    t.clock.set(new Date(Date.parse(o.flight.dep.time) - ms))
    // the session would have expired over days: log in again at the new time
    tokens.demo = await login(DEMO_USER.userName, DEMO_USER.password)
  }

  it("fees at the 7-day and 2-hour edges on a fixed clock, by the cabin's rule", async () => {
    const o = await ticketed([adult()], 10)
    const rule = (await ok<air.FareRuleView>(air.findRuleAnnotable.path, { flight: refOf(o.flight), cabinCode: o.cabinCode })).refund
    const pct = (w: string) => rule.find((r) => r.window === w)!.feePercent
    const fee = (p: number) => (p > 0 ? Math.max(Math.ceil((o.passengers[0].fare.fareFen * p) / 100 / 100) * 100, AIR_RULES.refundFeeMinFen) : 0)
    const week = 7 * 86_400_000
    const two = 2 * 3_600_000
    for (const [ms, window] of [
      [week, 'over7Days'],
      [week - 1, 'from2HoursTo7Days'],
      [two, 'from2HoursTo7Days'],
      [two - 1, 'under2Hours'],
    ] as const) {
      await departIn(o, ms)
      const e = await estimate(o)
      expect(e.lines[0]).toMatchObject({ window, feePercent: pct(window), feeFen: fee(pct(window)) })
      expect(e.feeFen).toBe(fee(pct(window)))
    }
  })

  it('estimate, then refund: refunding, the airline answers, refunded; money back to the company; spec §3 fields', async () => {
    const o = await ticketed([adult()], 10)
    const e = await estimate(o)
    expect(e).toMatchObject({ count: 1, refundable: true, refundTo: 'company', needsVerification: false })
    expect(e.lines[0]).toMatchObject({ name: DEMO_USER.name, ticketNo: o.passengers[0].ticketNo, segment: o.flight, refundable: true, problem: null })
    expect(e.refundFen).toBe(o.price.totalFen - e.feeFen)
    // spec §5: type and reason required; 'other' needs words; the amount must be the one seen
    expect(await msgOf(air.ticketRefund.path, { ...refundBody(o, e), reason: 'flightCancelled' })).toBe('EAIR1039')
    expect(await msgOf(air.ticketRefund.path, { ...refundBody(o, e), type: 'whatever' })).toBe('EAIR1039')
    expect(await msgOf(air.ticketRefund.path, refundBody(o, e, { reason: 'other', reasonText: ' ' }))).toBe('EAIR1046')
    expect(await msgOf(air.ticketRefund.path, refundBody(o, e, { expectedRefundFen: e.refundFen + 1 }))).toBe('EAIR1035')
    expect(await msgOf(air.ticketRefund.path, refundBody(o, e), 'lilei')).toBe('ESYS0004')
    expect(await msgOf(air.ticketRefund.path, refundBody(o, e, { passengerIds: [999_999] }))).toBe('EAIR1034')
    expect(await msgOf(air.ticketRefund.path, refundBody(o, e, { passengerIds: [] }))).toBe('EAIR1034')

    const body = refundBody(o, e, { reason: 'other', reasonText: '会议改期' })
    const r = await ok<AirOrderView>(air.ticketRefund.path, body)
    expect(r).toMatchObject({ status: 'refunding', actions: [] })
    expect(r.passengers[0].ticketStatus).toBe('refunding')
    expect(r.refunds[0]).toMatchObject({
      state: 'processing',
      type: 'voluntary',
      reason: 'other',
      reasonText: '会议改期',
      count: 1,
      feeFen: e.feeFen,
      refundFen: e.refundFen,
      refundTo: 'company',
    })
    // the same key again: the same answer, no second refund
    expect((await ok<AirOrderView>(air.ticketRefund.path, body)).refunds).toHaveLength(1)
    // a second refund or a change while this one runs: EAIR1038
    expect(await msgOf(air.ticketRefund.path, refundBody(o, e))).toBe('EAIR1038')
    await airlineAnswers()
    const done = await details(o.orderId)
    expect(done).toMatchObject({ status: 'refunded', refundedFen: e.refundFen, ended: true, actions: ['remove'] })
    expect(done.refunds[0].state).toBe('refunded')
    expect(done.passengers[0].ticketStatus).toBe('refunded')
    expect(done.timeline.map((x) => x.status).slice(-2)).toEqual(['refunding', 'refunded'])
  })

  it('one of two passengers by WeChat Pay: partially refunded, a partial WeChat refund; the other may still change', async () => {
    const o = await ticketed([adult(), adult(1)], 10, 'wechat')
    const e = await estimate(o, 1)
    await ok(air.ticketRefund.path, refundBody(o, e))
    await airlineAnswers()
    await t.app.jobs.runOnce(t.clock.now())
    const d = await details(o.orderId)
    expect(d).toMatchObject({ status: 'partiallyRefunded', actions: ['refund', 'change'] })
    expect(d.passengers.map((p) => p.ticketStatus)).toEqual(['refunded', 'issued'])
    const [pay] = await t.db.db.select().from(payments).where(eq(payments.orderId, o.orderId))
    const refunds = await t.db.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, pay.id))
    expect(refunds.map((r) => r.amountFen)).toEqual([e.refundFen])
    expect(d.refundedFen).toBe(e.refundFen)
  })

  it("the airline refuses: has retrograde record, tickets valid again, the refusal in the caller's language", async () => {
    t.app.deps.airlineSandbox!.refundOutcome = 'reject'
    const o = await ticketed([adult()], 10)
    await ok(air.ticketRefund.path, refundBody(o, await estimate(o)))
    await airlineAnswers()
    const d = await details(o.orderId, 'en')
    expect(d).toMatchObject({ status: 'retrograde', actions: ['refund', 'change'], refundedFen: 0 })
    expect(d.refunds[0]).toMatchObject({ state: 'rejected', rejectReason: 'The airline refused the request' })
    expect(d.passengers[0].ticketStatus).toBe('issued')
  })

  it('involuntary: no fee; refused when the airline cannot verify it, refunded in full for a disrupted flight', async () => {
    const o = await ticketed([adult()], 10)
    const e = await estimate(o, 1, 'involuntary')
    expect(e).toMatchObject({ feeFen: 0, refundFen: o.price.totalFen, needsVerification: true })
    await ok(air.ticketRefund.path, refundBody(o, e))
    await airlineAnswers()
    expect((await details(o.orderId, 'en')).refunds[0].rejectReason).toBe('The airline could not verify the involuntary reason')
    t.app.deps.airlineSandbox!.disruptedFlights.add(`${o.flight.flightNo}|${o.flight.date}`)
    await ok(air.ticketRefund.path, refundBody(o, await estimate(o, 1, 'involuntary'), { reason: 'flightDelayed' }))
    await airlineAnswers()
    expect(await details(o.orderId)).toMatchObject({ status: 'refunded', refundedFen: o.price.totalFen })
  })

  it('an infant cannot be left without an adult (EAIR1037); a fee over the infant fare: not refundable (EAIR1036)', async () => {
    const o = await ticketed([adult(), infant()], 10)
    expect(await msgOf(air.ticketRefund.path, refundBody(o, await estimate(o, 1)))).toBe('EAIR1037')
    const e = await estimate(o)
    const inf = e.lines.find((l) => l.passengerType === 'infant')!
    // the infant's fee is the rule's percent of its (small) fare, at least the minimum fee
    expect(inf.feeFen).toBe(inf.feePercent > 0 ? Math.max(Math.ceil((inf.fareFen * inf.feePercent) / 10_000) * 100, AIR_RULES.refundFeeMinFen) : 0)
    expect(inf.refundable).toBe(inf.feeFen <= inf.fareFen)
    expect(inf.problem).toBe(inf.refundable ? null : 'feeOverFare')
    expect(e.refundable).toBe(e.lines.every((l) => l.refundable))
  })

  it('an unticketed order has no refund (EAIR1033); bad ids are refused', async () => {
    const order = await book([adult()])
    expect(await msgOf(air.getReissueRefundPriceMultiPlayer.path, { orderId: order.orderId, passengerIds: ids(order), type: 'voluntary' })).toBe('EAIR1033')
    expect(await msgOf(air.getReissueRefundPriceMultiPlayer.path, { orderId: order.orderId, passengerIds: 'all', type: 'voluntary' })).toBe('EAIR1034')
    expect(await msgOf(air.getReissueRefundPriceMultiPlayer.path, { orderId: order.orderId, passengerIds: ids(order) })).toBe('EAIR1039')
  })
})
