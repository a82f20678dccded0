/**
 * Air after-sales under concurrent requests. Meant for PostgreSQL
 * (`bash scripts/pg-test.sh server/test/air-aftersales-concurrency.test.ts`), where the requests
 * really overlap; on PGlite they run one transaction at a time and must give the same answers:
 * - a refund and a change of the same ticket asked together: exactly one wins;
 * - a change payment's notification replayed concurrently: the change is paid once;
 * - changes of several orders to the last seat of a flight: the seat is sold once.
 */
import { expandFlightList } from '@contracts/flight-list'
import { and, eq } from 'drizzle-orm'
import { guestLogin } from '@contracts/calls/auth'
import * as air from '@contracts/calls/flight'
import type { AirOrderView, CabinView, FlightView, TicketBookingRequest } from '@contracts/calls/flight'
import { airChanges, airOrderEvents, airRefunds, airSandboxSeats, payments } from '../src/kernel/db/schema'
import { DEMO_USER } from '../src/seed'
import { shanghaiDay } from '../src/kernel/time/time'
import { setup, type TestContext } from './helper'

jest.setTimeout(240_000)

let t: TestContext
let token = ''
beforeAll(async () => {
  t = await setup()
})
afterAll(async () => t?.close())
beforeEach(async () => {
  await t.reset()
  t.app.deps.airlineSandbox!.issueOutcome = 'issue'
  t.app.deps.airlineSandbox!.changeOutcome = 'accept'
  token = (await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName: DEMO_USER.userName, password: DEMO_USER.password })).body.data
    .token
})

const refOf = (f: FlightView) => ({ date: f.date, flightNo: f.flightNo, depAirport: f.depAirport, arrAirport: f.arrAirport })
const day = (n: number) => shanghaiDay(new Date(t.clock.t + n * 86_400_000))
async function data<T>(path: string, body: unknown): Promise<T> {
  const r = await t.post<T>(path, body, { token })
  if (r.body.status !== 200) throw new Error(`${path}: ${r.body.msgId} ${r.body.msgText}`)
  return r.body.data as T
}

async function cabinInsidePolicy(days: number, minSeats = 2): Promise<{ flight: FlightView; cabin: CabinView }> {
  const list = expandFlightList(await data<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(days) }))
  for (const f of list.flights.filter((x) => x.bookable)) {
    const c = (await data<air.CabinListView>(air.findCabinsList.path, { flight: refOf(f) })).cabins.find(
      (x) => x.policy.withinPolicy && x.seatsLeft >= minSeats,
    )
    if (c) return { flight: f, cabin: c }
  }
  throw new Error('no cabin')
}

let n = 0
const booking = (flight: FlightView, cabin: CabinView): TicketBookingRequest => {
  n++
  return {
    idempotencyKey: `as-race-book-${n}`,
    flight: refOf(flight),
    cabinCode: cabin.cabinCode,
    passengers: [
      {
        name: 'Li Lei',
        documentType: 'passport',
        documentNumber: `E${40_000_000 + n}`,
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
  }
}

/** booked on the given flight, paid by the company, ticket drawn */
async function ticketedOn(flight: FlightView, cabin: CabinView): Promise<AirOrderView> {
  const order = await data<AirOrderView>(air.ticketBooking.path, booking(flight, cabin))
  await data(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: `as-race-pay-${order.orderId}` })
  await t.app.jobs.runOnce(t.clock.now())
  t.clock.advance(t.app.deps.airlineSandbox!.issueDelayMs)
  await t.app.jobs.runOnce(t.clock.now())
  const o = await data<AirOrderView>(air.findOrderDetails.path, { orderId: order.orderId })
  expect(o.status).toBe('ticketed')
  return o
}

/** the first cabin of the booked class with money due on another flight that day */
async function changeTarget(o: AirOrderView, days: number, minSeats = 1) {
  const list = await data<air.RebookListView>(air.findRebookList.path, {
    orderId: o.orderId,
    passengerIds: [o.passengers[0].passengerId],
    date: day(days),
    type: 'voluntary',
  })
  for (const f of list.flights) for (const c of f.cabins) if (c.dueFen > 0 && c.seatsLeft >= minSeats) return { f, c }
  throw new Error('no change target')
}

it('a refund and a change of the same ticket asked together: exactly one wins', async () => {
  const { flight, cabin } = await cabinInsidePolicy(10)
  const o = await ticketedOn(flight, cabin)
  const pid = o.passengers[0].passengerId
  const estimate = await data<air.RefundEstimateView>(air.getReissueRefundPriceMultiPlayer.path, { orderId: o.orderId, passengerIds: [pid], type: 'voluntary' })
  const { f, c } = await changeTarget(o, 12)
  const asks = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      i % 2 === 0
        ? t.post(
            air.ticketRefund.path,
            {
              idempotencyKey: `as-race-refund-${i}`,
              orderId: o.orderId,
              passengerIds: [pid],
              type: 'voluntary',
              reason: 'planChanged',
              reasonText: '',
              expectedRefundFen: estimate.refundFen,
            },
            { token },
          )
        : t.post(
            air.ticketChange.path,
            {
              idempotencyKey: `as-race-change-${i}`,
              orderId: o.orderId,
              passengerIds: [pid],
              type: 'voluntary',
              cause: 'planChanged',
              causeText: '',
              flight: refOf(f.flight),
              cabinCode: c.cabinCode,
              expectedDueFen: c.dueFen,
            },
            { token },
          ),
    ),
  )
  expect(asks.every((a) => a.statusCode === 200)).toBe(true)
  const won = asks.filter((a) => a.body.status === 200)
  expect(won).toHaveLength(1)
  // the losers: "in progress" (EAIR1038), or, for a change whose seat hold met the other changes'
  // holds on a nearly full cabin, "no seat left" (EAIR1004; those holds are given back)
  for (const [i, a] of asks.entries()) if (a.body.status !== 200) expect(i % 2 === 0 ? ['EAIR1038'] : ['EAIR1038', 'EAIR1004']).toContain(a.body.msgId)
  const refunds = await t.db.db.select().from(airRefunds).where(eq(airRefunds.orderId, o.orderId))
  const changes = await t.db.db.select().from(airChanges).where(eq(airChanges.orderId, o.orderId))
  expect(refunds.length + changes.length).toBe(1)
  // the losing changes gave their held seats back: only the winner (if a change) holds one
  const newKey = `${f.flight.date}|${f.flight.flightNo}|${f.flight.depAirport}|${f.flight.arrAirport}`
  const [row] = await t.db.db
    .select()
    .from(airSandboxSeats)
    .where(and(eq(airSandboxSeats.flightKey, newKey), eq(airSandboxSeats.cabinCode, c.cabinCode)))
  expect(row?.sold ?? 0).toBe(changes.length)
})

it('a change payment notification replayed concurrently pays the change once', async () => {
  const { flight, cabin } = await cabinInsidePolicy(10)
  const o = await ticketedOn(flight, cabin)
  const { f, c } = await changeTarget(o, 12)
  await data(air.ticketChange.path, {
    idempotencyKey: 'as-race-change-pay',
    orderId: o.orderId,
    passengerIds: [o.passengers[0].passengerId],
    type: 'voluntary',
    cause: 'planChanged',
    causeText: '',
    flight: refOf(f.flight),
    cabinCode: c.cabinCode,
    expectedDueFen: c.dueFen,
  })
  const pay = await data<air.OrderPayView>(air.createChangeOrderPay.path, {
    orderId: o.orderId,
    idempotencyKey: 'as-race-change-wx',
    tradeType: 'NATIVE',
    wxCode: '',
  })
  const sandbox = t.app.deps.wechatPay.sandbox!
  await sandbox.pay(pay.paymentNo)
  await Promise.all(Array.from({ length: 10 }, () => sandbox.renotify(pay.paymentNo)))
  const d = await data<AirOrderView>(air.findOrderDetails.path, { orderId: o.orderId })
  expect(d.status).toBe('changing')
  const events = await t.db.db.select().from(airOrderEvents).where(eq(airOrderEvents.orderId, o.orderId))
  expect(events.map((e) => e.status)).toEqual(['new', 'toBePaid', 'awaitingIssue', 'ticketed', 'changing', 'changeToBePaid', 'changing'])
  const rows = await t.db.db.select().from(payments).where(eq(payments.kind, 'flightChange'))
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({ status: 'paid', counted: true, refundedFen: 0 })
})

it('changes of several orders to the last seat of a flight sell it once', async () => {
  const { flight, cabin } = await cabinInsidePolicy(10, 5)
  const orders: AirOrderView[] = []
  for (let i = 0; i < 5; i++) orders.push(await ticketedOn(flight, cabin))
  const { f, c } = await changeTarget(orders[0], 12)
  // all but one seat of the target cabin sold already
  const newKey = `${f.flight.date}|${f.flight.flightNo}|${f.flight.depAirport}|${f.flight.arrAirport}`
  await t.db.db.insert(airSandboxSeats).values({ flightKey: newKey, cabinCode: c.cabinCode, sold: 0 }).onConflictDoNothing()
  await t.db.db
    .update(airSandboxSeats)
    .set({ sold: c.seatsLeft - 1 })
    .where(and(eq(airSandboxSeats.flightKey, newKey), eq(airSandboxSeats.cabinCode, c.cabinCode)))
  const asks = await Promise.all(
    orders.map((o, i) =>
      t.post(
        air.ticketChange.path,
        {
          idempotencyKey: `as-race-last-${i}`,
          orderId: o.orderId,
          passengerIds: [o.passengers[0].passengerId],
          type: 'voluntary',
          cause: 'planChanged',
          causeText: '',
          flight: refOf(f.flight),
          cabinCode: c.cabinCode,
          expectedDueFen: c.dueFen,
        },
        { token },
      ),
    ),
  )
  expect(asks.filter((a) => a.body.status === 200)).toHaveLength(1)
  expect(asks.filter((a) => a.body.status !== 200).map((a) => a.body.msgId)).toEqual(Array(4).fill('EAIR1004'))
  const [row] = await t.db.db
    .select()
    .from(airSandboxSeats)
    .where(and(eq(airSandboxSeats.flightKey, newKey), eq(airSandboxSeats.cabinCode, c.cabinCode)))
  expect(row.sold).toBe(c.seatsLeft)
})
