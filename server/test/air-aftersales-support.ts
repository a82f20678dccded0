/**
 * Set-up and helpers of the air after-sales tests (air-aftersales-*.test.ts), which together cover:
 * cancel (unticketed only), refund estimate and refund (fees at the 7-day and 2-hour edges on a
 * fixed clock, non-refundable cases, partial, rejected → retrograde, involuntary verified or not,
 * money back to the payer), change (rebook list, pay by WeChat or the company, a replayed
 * notification changing it once, undo, deadline, rejected → retrograde and refunded), 'traveled'
 * after arrival, remove, the status-machine table move by move, another attendee's ids and bad
 * input, end to end on PGlite. Concurrency: air-aftersales-concurrency.test.ts.
 */
import { expandFlightList } from '@contracts/flight-list'
import { guestLogin } from '@contracts/calls/auth'
import * as air from '@contracts/calls/flight'
import type { AirOrderView, CabinView, FlightView, PassengerInput } from '@contracts/calls/flight'
import { COLLEAGUE_USER, DEMO_USER } from '../src/seed'
import { AIR_RULES } from '../src/air/rules/air-rules'
import { shanghaiDay } from '../src/kernel/time/time'
import { setup, type TestContext } from './helper'

export let t: TestContext
export const tokens = { demo: '', lilei: '' }
export async function login(userName: string, password: string) {
  const r = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName, password })
  return r.body.data.token as string
}

export const day = (n: number) => shanghaiDay(new Date(t.clock.t + n * 86_400_000))
export const post = <T = any>(path: string, body: unknown, who: keyof typeof tokens = 'demo', lang = 'zh') =>
  t.post<T>(path, body, { token: tokens[who], lang }) // eslint-disable-line @typescript-eslint/no-explicit-any
export const ok = async <T = any>(path: string, body: unknown, who: keyof typeof tokens = 'demo', lang = 'zh') => {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await post<T>(path, body, who, lang)
  if (r.body.status !== 200) throw new Error(`${path}: ${r.body.msgId} ${r.body.msgText}`)
  return r.body.data as T
}
export const msgOf = async (path: string, body: unknown, who: keyof typeof tokens = 'demo') => (await post(path, body, who)).body.msgId
export const refOf = (f: FlightView) => ({ date: f.date, flightNo: f.flightNo, depAirport: f.depAirport, arrAirport: f.arrAirport })
export let keyN = 0
export const key = () => `key-as-${String(++keyN).padStart(6, '0')}`

export const adult = (i = 0): PassengerInput => ({
  name: i === 0 ? DEMO_USER.name : `Li Lei${'I'.repeat(i)}`,
  documentType: i === 0 ? 'idCard' : 'passport',
  documentNumber: i === 0 ? DEMO_USER.idNumber : `E${30_000_000 + i}`,
  sex: 'male',
  birthDate: i === 0 ? '' : '1985-05-05',
  mobile: '',
  insurance: true,
  contactKey: i === 0 ? 'self' : '',
})
export const infant = (): PassengerInput => ({
  name: '张小宝',
  documentType: 'passport',
  documentNumber: 'E12345678',
  sex: 'confidential',
  birthDate: day(-200),
  mobile: '',
  insurance: false,
  contactKey: '',
})

/** a flight Shanghai → Beijing `days` ahead and a cabin inside DEMO's policy with `seats` seats */
export async function pickFlight(days: number, seats = 2, want: (c: CabinView) => boolean = () => true) {
  const list = expandFlightList(await ok<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(days) }))
  for (const f of list.flights.filter((x) => x.bookable)) {
    const { cabins } = await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(f) })
    const c = cabins.find((x) => x.policy.withinPolicy && x.seatsLeft >= seats && want(x))
    if (c) return { flight: f, cabin: c }
  }
  throw new Error('no flight inside the policy')
}

export async function book(passengers: PassengerInput[], days = 10, want?: (c: CabinView) => boolean) {
  const { flight, cabin } = await pickFlight(days, passengers.length, want)
  const fare = (p: PassengerInput) =>
    (p.birthDate && p.birthDate > day(-2 * 365) ? cabin.infant.totalFen : cabin.adult.totalFen) + (p.insurance ? AIR_RULES.insuranceFen : 0)
  return ok<AirOrderView>(air.ticketBooking.path, {
    idempotencyKey: key(),
    flight: refOf(flight),
    cabinCode: cabin.cabinCode,
    passengers,
    contact: { name: DEMO_USER.name, mobile: DEMO_USER.mobile, email: '' },
    remark: '',
    agreementAccepted: true,
    expectedTotalFen: passengers.reduce((s, p) => s + fare(p), 0),
    overPolicyReason: '',
  })
}

export const details = (orderId: number, lang = 'zh') => ok<AirOrderView>(air.findOrderDetails.path, { orderId }, 'demo', lang)
/** runs the jobs now, then after the airline's delay, then once more (send, answer, money) */
export async function airlineAnswers() {
  await t.app.jobs.runOnce(t.clock.now())
  t.clock.advance(Math.max(t.app.deps.airlineSandbox!.afterSaleDelayMs, t.app.deps.airlineSandbox!.issueDelayMs))
  await t.app.jobs.runOnce(t.clock.now())
  await t.app.jobs.runOnce(t.clock.now())
}

/** a ticketed order paid by the company (or by WeChat Pay) */
export async function ticketed(passengers: PassengerInput[] = [adult()], days = 10, by: 'company' | 'wechat' = 'company', want?: (c: CabinView) => boolean) {
  const order = await book(passengers, days, want)
  if (by === 'company') await ok(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: key() })
  else {
    const pay = await ok<air.OrderPayView>(air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: key(), tradeType: 'NATIVE', wxCode: '' })
    await t.app.deps.wechatPay.sandbox!.pay(pay.paymentNo)
  }
  await airlineAnswers()
  const o = await details(order.orderId)
  expect(o.status).toBe('ticketed')
  return o
}

export const ids = (o: AirOrderView, n = o.passengers.length) => o.passengers.slice(0, n).map((p) => p.passengerId)

export async function estimate(o: AirOrderView, n = o.passengers.length, type: 'voluntary' | 'involuntary' = 'voluntary') {
  return ok<air.RefundEstimateView>(air.getReissueRefundPriceMultiPlayer.path, { orderId: o.orderId, passengerIds: ids(o, n), type })
}
export const refundBody = (o: AirOrderView, e: air.RefundEstimateView, extra: Partial<air.TicketRefundRequest> = {}): air.TicketRefundRequest => ({
  idempotencyKey: key(),
  orderId: o.orderId,
  passengerIds: e.lines.map((l) => l.passengerId),
  type: e.type,
  reason: e.type === 'voluntary' ? 'planChanged' : 'flightCancelled',
  reasonText: '',
  expectedRefundFen: e.refundFen,
  ...extra,
})

export const changeBody = (
  o: AirOrderView,
  f: air.RebookFlightView,
  c: air.RebookCabinView,
  n = o.passengers.length,
  extra: Partial<air.TicketChangeRequest> = {},
): air.TicketChangeRequest => ({
  idempotencyKey: key(),
  orderId: o.orderId,
  passengerIds: ids(o, n),
  type: 'voluntary',
  cause: 'planChanged',
  causeText: '',
  flight: refOf(f.flight),
  cabinCode: c.cabinCode,
  expectedDueFen: c.dueFen,
  ...extra,
})

/** one app for the file: the demo attendee and Li Lei logged in again, the airline sandbox back to its defaults before each test */
export function useAirAfterSalesApp(): void {
  jest.setTimeout(120_000)
  beforeAll(async () => {
    t = await setup()
  })
  afterAll(async () => t?.close())
  beforeEach(async () => {
    await t.reset()
    const s = t.app.deps.airlineSandbox!
    s.issueOutcome = 'issue'
    s.refundOutcome = 'accept'
    s.changeOutcome = 'accept'
    s.disruptedFlights = new Set()
    tokens.demo = await login(DEMO_USER.userName, DEMO_USER.password)
    tokens.lilei = await login(COLLEAGUE_USER.userName, COLLEAGUE_USER.password)
  })
}
