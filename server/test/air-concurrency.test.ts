/**
 * No seat sold twice, no order charged twice, under concurrent requests. Meant for PostgreSQL
 * (`bash scripts/pg-test.sh server/test/air-concurrency.test.ts`), where the requests really
 * overlap; on PGlite they run one transaction at a time and must give the same answers.
 */
import { expandFlightList } from '@contracts/flight-list'
import { and, eq } from 'drizzle-orm'
import { guestLogin } from '@contracts/calls/auth'
import * as air from '@contracts/calls/flight'
import type { CabinView, FlightView, TicketBookingRequest } from '@contracts/calls/flight'
import { airSandboxSeats, payments } from '../src/kernel/db/schema'
import { COLLEAGUE_USER, DEMO_USER } from '../src/seed'
import { AIR_RULES } from '../src/air/rules/air-rules'
import { shanghaiDay } from '../src/kernel/time/time'
import { setup, type TestContext } from './helper'

jest.setTimeout(240_000)

let t: TestContext
const tokens: string[] = []
beforeAll(async () => {
  t = await setup()
  for (const [u, p] of [
    [DEMO_USER.userName, DEMO_USER.password],
    [COLLEAGUE_USER.userName, COLLEAGUE_USER.password],
  ]) {
    tokens.push((await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: u, password: p })).body.data.token)
  }
})
afterAll(async () => t?.close())

const refOf = (f: FlightView) => ({ date: f.date, flightNo: f.flightNo, depAirport: f.depAirport, arrAirport: f.arrAirport })
const data = async <T>(path: string, body: unknown, token = tokens[0]) => (await t.post<T>(path, body, { token })).body.data as T

async function cabinInsidePolicy(): Promise<{ flight: FlightView; cabin: CabinView }> {
  const date = shanghaiDay(new Date(t.clock.t + 2 * 86_400_000))
  const list = expandFlightList(await data<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date }))
  for (const f of list.flights) {
    const c = (await data<air.CabinListView>(air.findCabinsList.path, { flight: refOf(f) })).cabins.find((x) => x.policy.withinPolicy && x.seatsLeft >= 2)
    if (c) return { flight: f, cabin: c }
  }
  throw new Error('no cabin')
}

const body = (flight: FlightView, cabin: CabinView, i: number): TicketBookingRequest => ({
  idempotencyKey: `race-key-${String(i).padStart(4, '0')}`,
  flight: refOf(flight),
  cabinCode: cabin.cabinCode,
  passengers: [
    {
      name: 'Li Lei',
      documentType: 'passport',
      documentNumber: `E${20_000_000 + i}`,
      sex: 'male',
      birthDate: '1985-05-05',
      mobile: '',
      insurance: false,
      contactKey: '',
    },
  ],
  contact: { name: 'Li Lei', mobile: '13800138001', email: '' },
  remark: '',
  agreementAccepted: true,
  expectedTotalFen: cabin.adult.totalFen,
  overPolicyReason: '',
})

it('200 concurrent bookings of the last seat sell it once', async () => {
  const { flight, cabin } = await cabinInsidePolicy()
  // all but one seat sold already
  const key = `${flight.date}|${flight.flightNo}|${flight.depAirport}|${flight.arrAirport}`
  await t.db.db.insert(airSandboxSeats).values({ flightKey: key, cabinCode: cabin.cabinCode, sold: 0 }).onConflictDoNothing()
  await t.db.db
    .update(airSandboxSeats)
    .set({ sold: cabin.seatsLeft - 1 })
    .where(and(eq(airSandboxSeats.flightKey, key), eq(airSandboxSeats.cabinCode, cabin.cabinCode)))
  const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => t.post(air.ticketBooking.path, body(flight, cabin, i), { token: tokens[i % 2] })))
  const ok = answers.filter((a) => a.body.status === 200)
  expect(ok).toHaveLength(1)
  expect(answers.filter((a) => a.body.status !== 200).map((a) => a.body.msgId)).toEqual(Array(199).fill('EAIR1004'))
  expect(answers.every((a) => a.statusCode === 200)).toBe(true)
  const [row] = await t.db.db
    .select()
    .from(airSandboxSeats)
    .where(and(eq(airSandboxSeats.flightKey, key), eq(airSandboxSeats.cabinCode, cabin.cabinCode)))
  expect(row.sold).toBe(cabin.seatsLeft)
})

it('20 concurrent retries of one booking make one order and hold one seat', async () => {
  const { flight, cabin } = await cabinInsidePolicy()
  const b = { ...body(flight, cabin, 9000), idempotencyKey: 'same-key-0001' }
  const answers = await Promise.all(Array.from({ length: 20 }, () => t.post<air.AirOrderView>(air.ticketBooking.path, b, { token: tokens[0] })))
  expect(answers.map((a) => a.body.msgId)).toEqual(Array(20).fill(''))
  expect(new Set(answers.map((a) => a.body.data?.orderId))).toEqual(new Set([answers[0].body.data!.orderId]))
  const after = await data<air.CabinListView>(air.findCabinsList.path, { flight: refOf(flight) })
  expect(after.cabins.find((c) => c.cabinCode === cabin.cabinCode)?.seatsLeft ?? 0).toBe(cabin.seatsLeft - 1)
})

it('concurrent company payments and WeChat payment openings of one order charge it once', async () => {
  const { flight, cabin } = await cabinInsidePolicy()
  const order = await data<air.AirOrderView>(air.ticketBooking.path, { ...body(flight, cabin, 9100), idempotencyKey: 'pay-race-order' })
  const wx = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      t.post(air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: `wx-race-${i}-key`, tradeType: 'NATIVE', wxCode: '' }, { token: tokens[0] }),
    ),
  )
  expect(new Set(wx.map((a) => a.body.data?.paymentNo)).size).toBe(1)
  const company = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      t.post<air.AirOrderView>(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: `co-race-${i}-key` }, { token: tokens[0] }),
    ),
  )
  expect(company.every((a) => a.body.status === 200 && a.body.data!.paidBy === 'company')).toBe(true)
  const rows = await t.db.db.select().from(payments).where(eq(payments.orderId, order.orderId))
  expect(rows.filter((p) => p.counted)).toHaveLength(1)
  expect(rows.filter((p) => p.method === 'company')).toHaveLength(1)
  // the company's payment closed the WeChat one at WeChat: the attendee can no longer pay it, nothing is taken twice
  expect(rows.filter((p) => p.method !== 'company').map((p) => p.status)).toEqual(['closed'])
  expect(await t.app.deps.wechatPay.sandbox!.pay(wx[0].body.data.paymentNo)).toBe('CLOSED')
  await t.app.jobs.runOnce(t.clock.now())
  const detail = await data<air.AirOrderView>(air.findOrderDetails.path, { orderId: order.orderId })
  expect(detail.refundedFen).toBe(0)
  expect(AIR_RULES.payMinutes).toBeGreaterThan(0)
})
