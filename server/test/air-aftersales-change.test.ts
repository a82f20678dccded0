/** Air after-sales through the API: changes (rebook list, paying the difference, undo, deadline, rejection). Set-up: air-aftersales-support.ts. */
import { eq } from 'drizzle-orm'
import * as air from '@contracts/calls/flight'
import type { AirOrderView } from '@contracts/calls/flight'
import { payments } from '../src/kernel/db/schema'
import { AIR_RULES } from '../src/air/rules/air-rules'
import {
  adult,
  airlineAnswers,
  changeBody,
  day,
  details,
  estimate,
  ids,
  key,
  msgOf,
  ok,
  refOf,
  refundBody,
  t,
  ticketed,
  useAirAfterSalesApp,
} from './air-aftersales-support'

useAirAfterSalesApp()

describe('change', () => {
  async function rebook(o: AirOrderView, days: number, n = o.passengers.length, type: 'voluntary' | 'involuntary' = 'voluntary') {
    return ok<air.RebookListView>(air.findRebookList.path, { orderId: o.orderId, passengerIds: ids(o, n), date: day(days), type })
  }
  /** a flight and cabin of the list with money due (or none due) */
  function choose(list: air.RebookListView, due: boolean) {
    for (const f of list.flights) for (const c of f.cabins) if (c.dueFen > 0 === due) return { f, c }
    throw new Error(`no cabin with ${due ? 'money' : 'nothing'} due`)
  }

  it('the rebook list: same route, another day, the booked class, fee and fare difference per passenger', async () => {
    const o = await ticketed([adult()], 10)
    const list = await rebook(o, 12)
    expect(list.changeAllowed).toBe(true)
    expect(list.flights.length).toBeGreaterThan(0)
    for (const f of list.flights) {
      expect(f.flight).toMatchObject({ date: day(12), depAirport: o.flight.depAirport, arrAirport: o.flight.arrAirport })
      for (const c of f.cabins) {
        expect(c.cabinClass).toBe(o.cabinClass)
        const drop = o.passengers[0].fare.fareFen - c.adultFareFen
        expect(c.lines[0].fareDiffFen).toBe(Math.max(0, -drop))
        // a lower fare: the fee is taken from the difference, the rest goes back (or remains to pay)
        if (drop > 0) expect(c).toMatchObject({ dueFen: Math.max(0, c.feeFen - drop), backFen: Math.max(0, drop - c.feeFen) })
        else expect(c).toMatchObject({ dueFen: c.feeFen + c.fareDiffFen, backFen: 0 })
      }
    }
    // the current flight is not offered
    expect((await rebook(o, 10)).flights.some((f) => f.flight.flightNo === o.flight.flightNo)).toBe(false)
    expect(await msgOf(air.findRebookList.path, { orderId: o.orderId, passengerIds: ids(o), date: '2020-01-01', type: 'voluntary' })).toBe('EAIR1002')
    expect(await msgOf(air.findRebookList.path, { orderId: o.orderId, passengerIds: ids(o), date: day(12), type: 'voluntary' }, 'lilei')).toBe('ESYS0004')
  })

  it('money due: change to be paid; WeChat pays it; a replayed notification changes it once; the airline confirms: changed', async () => {
    const o = await ticketed([adult()], 10)
    const { f, c } = choose(await rebook(o, 12), true)
    expect(await msgOf(air.ticketChange.path, changeBody(o, f, c, 1, { expectedDueFen: c.dueFen + 100 }))).toBe('EAIR1035')
    expect(await msgOf(air.ticketChange.path, changeBody(o, f, c, 1, { cause: 'flightDelayed' }))).toBe('EAIR1045')
    expect(await msgOf(air.ticketChange.path, changeBody(o, f, c, 1, { flight: refOf(o.flight) }))).toBe('EAIR1042')
    const v = await ok<AirOrderView>(air.ticketChange.path, changeBody(o, f, c))
    expect(v).toMatchObject({ status: 'changeToBePaid', actions: ['payChange', 'cancelChange'] })
    expect(v.changes[0]).toMatchObject({ state: 'toBePaid', dueFen: c.dueFen, newCabinCode: c.cabinCode, paidBy: null })
    expect(v.changePayDeadline).toBe(v.changes[0].payDeadline)
    expect(Date.parse(v.changePayDeadline!) - t.clock.t).toBe(AIR_RULES.changePayMinutes * 60_000)
    // a refund meanwhile: EAIR1038
    expect(await msgOf(air.getReissueRefundPriceMultiPlayer.path, { orderId: o.orderId, passengerIds: ids(o), type: 'voluntary' })).toBe('EAIR1038')

    const pay = await ok<air.OrderPayView>(air.createChangeOrderPay.path, { orderId: o.orderId, idempotencyKey: key(), tradeType: 'NATIVE', wxCode: '' })
    expect(pay.amountFen).toBe(c.dueFen)
    expect((await details(o.orderId)).changes[0].paymentPending).toBe(true)
    expect(await t.app.deps.wechatPay.sandbox!.pay(pay.paymentNo)).toBe('SUCCESS')
    for (let i = 0; i < 3; i++) await t.app.deps.wechatPay.sandbox!.renotify(pay.paymentNo)
    const paid = await details(o.orderId)
    expect(paid.status).toBe('changing')
    expect(paid.timeline.map((e) => e.status).slice(-3)).toEqual(['changing', 'changeToBePaid', 'changing'])
    expect(await msgOf(air.createChangeOrderPay.path, { orderId: o.orderId, idempotencyKey: key(), tradeType: 'NATIVE', wxCode: '' })).toBe('EAIR1043')

    await airlineAnswers()
    const done = await details(o.orderId)
    expect(done).toMatchObject({ status: 'changed', actions: ['refund'] })
    expect(done.changes[0]).toMatchObject({ state: 'changed', paidBy: 'wechat' })
    expect(done.passengers[0]).toMatchObject({ ticketStatus: 'changed', cabinCode: c.cabinCode })
    expect(done.passengers[0].segment.flightNo).toBe(f.flight.flightNo)
    expect(done.passengers[0].ticketNo).not.toBe(o.passengers[0].ticketNo)
    expect(done.timeline.filter((e) => e.status === 'changed')).toHaveLength(1)
    // one change per ticket online
    expect(await msgOf(air.findRebookList.path, { orderId: o.orderId, passengerIds: ids(o), date: day(13), type: 'voluntary' })).toBe('EAIR1033')
  })

  it('nothing due: straight to the airline; the company pays a change with money due (confirmChangeOrder)', async () => {
    const o = await ticketed([adult()], 10)
    const list = await rebook(o, 12)
    const free = list.flights.flatMap((f) => f.cabins.map((c) => ({ f, c }))).find((x) => x.c.dueFen === 0)
    if (free) {
      expect((await ok<AirOrderView>(air.ticketChange.path, changeBody(o, free.f, free.c))).status).toBe('changing')
      await airlineAnswers()
      expect((await details(o.orderId)).status).toBe('changed')
    }
    const o2 = await ticketed([adult(1)], 10)
    const { f, c } = choose(await rebook(o2, 12), true)
    await ok(air.ticketChange.path, changeBody(o2, f, c))
    expect(await msgOf(air.confirmChangeOrder.path, { orderId: o2.orderId, idempotencyKey: key() }, 'lilei')).toBe('ESYS0004')
    const paid = await ok<AirOrderView>(air.confirmChangeOrder.path, { orderId: o2.orderId, idempotencyKey: key() })
    expect(paid.status).toBe('changing')
    expect(paid.changes[0].paidBy).toBe('company')
    await airlineAnswers()
    expect((await details(o2.orderId)).status).toBe('changed')
  })

  it('undo an unpaid change: as before, seats released; the deadline undoes one left unpaid', async () => {
    const o = await ticketed([adult()], 10)
    const { f, c } = choose(await rebook(o, 12), true)
    const seats = async () =>
      (await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(f.flight) })).cabins.find((x) => x.cabinCode === c.cabinCode)?.seatsLeft ?? 0
    const before = await seats()
    await ok(air.ticketChange.path, changeBody(o, f, c))
    expect(await seats()).toBe(before - 1)
    expect(await msgOf(air.ticketCancelChange.path, { orderId: o.orderId }, 'lilei')).toBe('ESYS0004')
    const undone = await ok<AirOrderView>(air.ticketCancelChange.path, { orderId: o.orderId })
    expect(undone).toMatchObject({ status: 'ticketed', changePayDeadline: null, actions: ['refund', 'change'] })
    expect(undone.changes[0].state).toBe('cancelled')
    expect(undone.passengers[0].ticketStatus).toBe('issued')
    expect(await seats()).toBe(before)
    expect(await msgOf(air.ticketCancelChange.path, { orderId: o.orderId })).toBe('EAIR1043')

    await ok(air.ticketChange.path, changeBody(o, f, c))
    t.clock.advance(AIR_RULES.changePayMinutes * 60_000)
    expect(await msgOf(air.confirmChangeOrder.path, { orderId: o.orderId, idempotencyKey: key() })).toBe('EAIR1044')
    await t.app.jobs.runOnce(t.clock.now())
    const d = await details(o.orderId, 'en')
    expect(d.status).toBe('ticketed')
    expect(d.changes[1]).toMatchObject({ state: 'cancelled', rejectReason: 'The change was not paid in time and was undone' })
    expect(await seats()).toBe(before)
  })

  it('the airline refuses a paid change: has retrograde record, the change payment refunded, the new seats released', async () => {
    t.app.deps.airlineSandbox!.changeOutcome = 'reject'
    const o = await ticketed([adult()], 10)
    const { f, c } = choose(await rebook(o, 12), true)
    await ok(air.ticketChange.path, changeBody(o, f, c))
    await ok(air.confirmChangeOrder.path, { orderId: o.orderId, idempotencyKey: key() })
    await airlineAnswers()
    const d = await details(o.orderId)
    expect(d).toMatchObject({ status: 'retrograde', actions: ['refund', 'change'] })
    expect(d.changes[0].state).toBe('rejected')
    const changePays = await t.db.db.select().from(payments).where(eq(payments.kind, 'flightChange'))
    expect(changePays).toHaveLength(1)
    expect(changePays[0].refundedFen).toBe(c.dueFen)
  })

  it('a partial change of two passengers: partially changed; refunding the changed one pays back its fare difference too', async () => {
    const o = await ticketed([adult(), adult(1)], 10)
    const { f, c } = choose(await rebook(o, 12, 1), true)
    await ok(air.ticketChange.path, changeBody(o, f, c, 1))
    await ok(air.confirmChangeOrder.path, { orderId: o.orderId, idempotencyKey: key() })
    await airlineAnswers()
    const d = await details(o.orderId)
    expect(d.status).toBe('partiallyChanged')
    expect(d.passengers.map((p) => p.ticketStatus)).toEqual(['changed', 'issued'])
    const e = await estimate(d)
    await ok(air.ticketRefund.path, refundBody(d, e))
    await airlineAnswers()
    const r = await details(o.orderId)
    expect(r).toMatchObject({ status: 'refunded' })
    const all = await t.db.db.select().from(payments)
    expect(all.reduce((s, p) => s + p.refundedFen, 0)).toBe(e.refundFen)
  })
})
