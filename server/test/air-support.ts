/**
 * Set-up and helpers of the air tests (air-*.test.ts besides after-sales and concurrency), which
 * together cover the air calls (contracts/calls/flight.ts) end to end on PGlite: airports, flights
 * with the price calendar, cabins with fares and policy marks, fare rules, notices, travellers,
 * booking with idempotency and every spec §5 check, company pay and WeChat Pay through the
 * sandboxes, ticketing (drawn or failed → refunded), the payment deadline, seats running out,
 * another attendee's ids, bad input. Concurrency (200 bookings of the last seat) is in
 * air-concurrency.test.ts.
 */
import { expandFlightList } from '@contracts/flight-list'
import { guestLogin } from '@contracts/calls/auth'
import * as air from '@contracts/calls/flight'
import type { CabinView, FlightView, PassengerInput, TicketBookingRequest } from '@contracts/calls/flight'
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

/** one app for the file: the demo attendee and Li Lei logged in again, the airline issuing tickets, before each test */
export function useAirApp(): void {
  beforeAll(async () => {
    t = await setup()
  })
  afterAll(async () => t?.close())
  beforeEach(async () => {
    await t.reset()
    t.app.deps.airlineSandbox!.issueOutcome = 'issue'
    tokens.demo = await login(DEMO_USER.userName, DEMO_USER.password)
    tokens.lilei = await login(COLLEAGUE_USER.userName, COLLEAGUE_USER.password)
  })
}

export const day = (n: number) => shanghaiDay(new Date(t.clock.t + n * 86_400_000))
export const post = <T = any>(path: string, body: unknown, who: keyof typeof tokens = 'demo', lang = 'zh') =>
  t.post<T>(path, body, { token: tokens[who], lang }) // eslint-disable-line @typescript-eslint/no-explicit-any
export const ok = async <T = any>(path: string, body: unknown, who: keyof typeof tokens = 'demo') => {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await post<T>(path, body, who)
  if (r.body.status !== 200) throw new Error(`${path}: ${r.body.msgId} ${r.body.msgText}`)
  return r.body.data as T
}
export const refOf = (f: FlightView) => ({ date: f.date, flightNo: f.flightNo, depAirport: f.depAirport, arrAirport: f.arrAirport })

export const adult: PassengerInput = {
  name: DEMO_USER.name,
  documentType: 'idCard',
  documentNumber: DEMO_USER.idNumber,
  sex: 'male',
  birthDate: '',
  mobile: DEMO_USER.mobile,
  insurance: true,
  contactKey: 'self',
}
export const infant = (birth: string): PassengerInput => ({
  name: '张小宝',
  documentType: 'passport',
  documentNumber: 'E12345678',
  sex: 'confidential',
  birthDate: birth,
  mobile: '',
  insurance: true,
  contactKey: '',
})

/** a flight tomorrow Shanghai → Beijing and its cheapest cabin inside DEMO's policy */
export async function pick(date = day(1)) {
  const list = expandFlightList(await ok<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date }))
  for (const f of list.flights.filter((x) => x.bookable)) {
    const { cabins } = await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(f) })
    const c = cabins.find((x) => x.policy.withinPolicy && x.seatsLeft >= 2)
    if (c) return { flight: f, cabin: c }
  }
  throw new Error('no flight inside the policy')
}

export const booking = (
  flight: FlightView,
  cabin: CabinView,
  passengers: PassengerInput[],
  extra: Partial<TicketBookingRequest> = {},
): TicketBookingRequest => {
  const fare = (p: PassengerInput) => {
    const type = p.documentType === 'passport' && p.birthDate > day(-2 * 365) ? 'infant' : 'adult'
    return cabin[type].totalFen + (p.insurance ? AIR_RULES.insuranceFen : 0)
  }
  return {
    idempotencyKey: `key-${Math.random().toString(36).slice(2, 12)}`,
    flight: refOf(flight),
    cabinCode: cabin.cabinCode,
    passengers,
    contact: { name: DEMO_USER.name, mobile: DEMO_USER.mobile, email: '' },
    remark: '',
    agreementAccepted: true,
    expectedTotalFen: passengers.reduce((s, p) => s + fare(p), 0),
    overPolicyReason: '',
    ...extra,
  }
}
