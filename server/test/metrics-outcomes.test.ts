/**
 * Booking and payment outcomes counted where the domains decide them: a flight booked (and its
 * retry, answered from its idempotency key, not counted again), paid by the company, ticketed.
 */
import * as air from '@contracts/calls/flight'
import type { AppMetrics } from '../src/kernel/metrics/prometheus'
import { adult, booking, ok, pick, post, t, useAirApp } from './air-support'
import { sample } from './metrics-support'

useAirApp()

const figures = () => (t.app.deps.metrics as AppMetrics).registry.metrics()
const flight = (outcome: string) => ({ kind: 'flight', outcome })

describe('booking and payment outcomes', () => {
  it('counts a flight booked once (not its retry), its company payment and its tickets', async () => {
    const before = await figures()
    const { flight: f, cabin } = await pick()
    const request = booking(f, cabin, [adult])
    const order = await ok<air.AirOrderView>(air.ticketBooking.path, request)
    expect((await ok<air.AirOrderView>(air.ticketBooking.path, request)).orderId).toBe(order.orderId)
    await ok(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: 'key-pay-0001' })
    await t.app.jobs.runOnce(t.clock.now())
    t.clock.advance(t.app.deps.airlineSandbox!.issueDelayMs)
    await t.app.jobs.runOnce(t.clock.now())

    const after = await figures()
    const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels)
    expect(delta('booking_outcomes_total', flight('booked'))).toBe(1)
    expect(delta('booking_outcomes_total', flight('ticketed'))).toBe(1)
    expect(delta('payment_outcomes_total', { method: 'company', outcome: 'paid' })).toBe(1)
  })

  it('counts the bookings that find the cabin sold out as sold_out, apart from those booked', async () => {
    const before = await figures()
    const { flight: f, cabin } = await pick()
    const answers: string[] = []
    for (let i = 0; i < cabin.seatsLeft + 1; i++) {
      const passenger = {
        ...adult,
        name: 'Li Lei',
        documentType: 'passport' as const,
        documentNumber: `E${String(10_000_000 + i)}`,
        sex: 'male' as const,
        birthDate: '1990-01-01',
      }
      answers.push((await post(air.ticketBooking.path, booking(f, cabin, [passenger]))).body.msgId)
    }
    expect(answers.filter((m) => m === 'EAIR1004')).toHaveLength(1)
    const after = await figures()
    const delta = (outcome: string) => sample(after, 'booking_outcomes_total', flight(outcome)) - sample(before, 'booking_outcomes_total', flight(outcome))
    expect(delta('sold_out')).toBe(1)
    expect(delta('booked')).toBe(cabin.seatsLeft)
    expect(delta('refused')).toBe(0)
  })
})
