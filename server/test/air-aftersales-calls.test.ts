/** Air after-sales through the API: every after-sales call's ownership and input, and 'traveled' after arrival. Set-up: air-aftersales-support.ts. */
import * as air from '@contracts/calls/flight'
import { airSandboxSeats } from '../src/kernel/db/schema'
import { DEMO_USER } from '../src/seed'
import { AIR_RULES } from '../src/air/rules/air-rules'
import { adult, airlineAnswers, day, details, ids, key, login, msgOf, ok, refOf, t, ticketed, tokens, useAirAfterSalesApp } from './air-aftersales-support'

useAirAfterSalesApp()

describe('every after-sales call', () => {
  it("another attendee's order answers ESYS0004; a bad id EVAL0001; nothing changes", async () => {
    const o = await ticketed([adult()], 10)
    const pid = o.passengers[0].passengerId
    const flight = refOf(o.flight)
    const calls: Array<[string, Record<string, unknown>]> = [
      [air.ticketCancel.path, { orderId: o.orderId }],
      [air.removeTicketOrder.path, { orderId: o.orderId }],
      [air.getReissueRefundPriceMultiPlayer.path, { orderId: o.orderId, passengerIds: [pid], type: 'voluntary' }],
      [
        air.ticketRefund.path,
        { idempotencyKey: key(), orderId: o.orderId, passengerIds: [pid], type: 'voluntary', reason: 'planChanged', reasonText: '', expectedRefundFen: 0 },
      ],
      [air.findRebookList.path, { orderId: o.orderId, passengerIds: [pid], date: day(12), type: 'voluntary' }],
      [
        air.ticketChange.path,
        {
          idempotencyKey: key(),
          orderId: o.orderId,
          passengerIds: [pid],
          type: 'voluntary',
          cause: 'planChanged',
          causeText: '',
          flight,
          cabinCode: o.cabinCode,
          expectedDueFen: 0,
        },
      ],
      [air.ticketCancelChange.path, { orderId: o.orderId }],
      [air.createChangeOrderPay.path, { orderId: o.orderId, idempotencyKey: key(), tradeType: 'NATIVE', wxCode: '' }],
      [air.confirmChangeOrder.path, { orderId: o.orderId, idempotencyKey: key() }],
    ]
    for (const [path, body] of calls) {
      expect([path, await msgOf(path, body, 'lilei')]).toEqual([path, 'ESYS0004'])
      expect([path, await msgOf(path, { ...body, orderId: 'x' })]).toEqual([path, 'EVAL0001'])
    }
    expect(await details(o.orderId)).toMatchObject({ status: 'ticketed', refunds: [], changes: [] })
  })
})

describe('traveled', () => {
  it("after the flight's arrival the order is traveled; then it may be removed and leaves the orders list", async () => {
    const o = await ticketed([adult()], 1)
    expect(o.checkIn).toMatchObject({ routeKind: 'domestic', arriveEarlyHours: [1, 2], closesMinutesBefore: 45 })
    expect(Date.parse(o.checkIn.closesAt!)).toBe(Date.parse(o.flight.dep.time) - 45 * 60_000)
    t.clock.set(new Date(Date.parse(o.flight.arr.time) + 30 * 60_000))
    await t.app.jobs.runOnce(t.clock.now())
    expect((await details(o.orderId)).status).toBe('ticketed')
    t.clock.set(new Date(Date.parse(o.flight.arr.time) + AIR_RULES.traveledAfterArrivalMinutes * 60_000))
    await t.app.jobs.runOnce(t.clock.now())
    const d = await details(o.orderId)
    expect(d).toMatchObject({ status: 'traveled', actions: ['remove'], ended: true })
    expect(d.passengers[0].ticketStatus).toBe('flown')
    await ok(air.removeTicketOrder.path, { orderId: o.orderId })
    expect(await msgOf(air.findOrderDetails.path, { orderId: o.orderId })).toBe('ESYS0004')
    const seats = await t.db.db.select().from(airSandboxSeats)
    expect(seats.length).toBeGreaterThan(0) // kept for accounting: the sandbox still counts the seat sold
  })

  it("after a change to an earlier day, traveled follows the new flight's arrival, not the old one", async () => {
    const o = await ticketed([adult()], 3)
    const list = await ok<air.RebookListView>(air.findRebookList.path, { orderId: o.orderId, passengerIds: ids(o), date: day(2), type: 'voluntary' })
    const target = list.flights.flatMap((f) => f.cabins.map((c) => ({ f, c })))[0]
    await ok(air.ticketChange.path, {
      idempotencyKey: key(),
      orderId: o.orderId,
      passengerIds: ids(o),
      type: 'voluntary',
      cause: 'planChanged',
      causeText: '',
      flight: refOf(target.f.flight),
      cabinCode: target.c.cabinCode,
      expectedDueFen: target.c.dueFen,
    })
    if (target.c.dueFen > 0) await ok(air.confirmChangeOrder.path, { orderId: o.orderId, idempotencyKey: key() })
    await airlineAnswers()
    expect((await details(o.orderId)).status).toBe('changed')
    t.clock.set(new Date(Date.parse(target.f.flight.arr.time) + AIR_RULES.traveledAfterArrivalMinutes * 60_000))
    await t.app.jobs.runOnce(t.clock.now())
    tokens.demo = await login(DEMO_USER.userName, DEMO_USER.password)
    expect(Date.parse(target.f.flight.arr.time)).toBeLessThan(Date.parse(o.flight.dep.time))
    expect((await details(o.orderId)).status).toBe('traveled')
  })
})
