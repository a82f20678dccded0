/**
 * Air after-sales end to end on PGlite: cancel (unticketed only), refund estimate and
 * refund (fees at the 7-day and 2-hour edges on a fixed clock, non-refundable cases, partial,
 * rejected → retrograde, involuntary verified or not, money back to the payer), change (rebook
 * list, pay by WeChat or the company, a replayed notification changing it once, undo, deadline,
 * rejected → retrograde and refunded), 'traveled' after arrival, remove, the status-machine table
 * move by move, another attendee's ids and bad input. Concurrency: air-aftersales-concurrency.test.ts.
 */
import { expandFlightList } from '@contracts/flight-list'
import { eq } from 'drizzle-orm'
import { guestLogin } from '@contracts/calls/auth'
import { pageOrders, type OrderPage } from '@contracts/calls/orders'
import * as air from '@contracts/calls/flight'
import type { AirOrderView, CabinView, FlightView, PassengerInput } from '@contracts/calls/flight'
import { AIR_ORDER_STATUSES } from '@contracts/air'
import { airSandboxSeats, payments, paymentRefunds } from '../src/kernel/db/schema'
import { COLLEAGUE_USER, DEMO_USER } from '../src/seed'
import { AIR_TRANSITIONS, actionsFor, changeUndoneEvent, transition, type AirOrderEvent } from '../src/air/rules/order-machine'
import { AIR_RULES, changeFigures, refundFigures } from '../src/air/rules/air-rules'
import { shanghaiDay } from '../src/kernel/time/time'
import { setup, type TestContext } from './helper'

jest.setTimeout(120_000)

let t: TestContext
const tokens = { demo: '', lilei: '' }
async function login(userName: string, password: string) {
  const r = await t.post(guestLogin.path, { loginType: 'account', eventCode: 'DEMO', userName, password })
  return r.body.data.token as string
}
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

const day = (n: number) => shanghaiDay(new Date(t.clock.t + n * 86_400_000))
const post = <T = any>(path: string, body: unknown, who: keyof typeof tokens = 'demo', lang = 'zh') => t.post<T>(path, body, { token: tokens[who], lang }) // eslint-disable-line @typescript-eslint/no-explicit-any
const ok = async <T = any>(path: string, body: unknown, who: keyof typeof tokens = 'demo', lang = 'zh') => { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await post<T>(path, body, who, lang)
  if (r.body.status !== 200) throw new Error(`${path}: ${r.body.msgId} ${r.body.msgText}`)
  return r.body.data as T
}
const msgOf = async (path: string, body: unknown, who: keyof typeof tokens = 'demo') => (await post(path, body, who)).body.msgId
const refOf = (f: FlightView) => ({ date: f.date, flightNo: f.flightNo, depAirport: f.depAirport, arrAirport: f.arrAirport })
let keyN = 0
const key = () => `key-as-${String(++keyN).padStart(6, '0')}`

const adult = (i = 0): PassengerInput => ({
  name: i === 0 ? DEMO_USER.name : `Li Lei${'I'.repeat(i)}`,
  documentType: i === 0 ? 'idCard' : 'passport',
  documentNumber: i === 0 ? DEMO_USER.idNumber : `E${30_000_000 + i}`,
  sex: 'male',
  birthDate: i === 0 ? '' : '1985-05-05',
  mobile: '',
  insurance: true,
  contactKey: i === 0 ? 'self' : '',
})
const infant = (): PassengerInput => ({ name: '张小宝', documentType: 'passport', documentNumber: 'E12345678', sex: 'confidential', birthDate: day(-200), mobile: '', insurance: false, contactKey: '' })

/** a flight Shanghai → Beijing `days` ahead and a cabin inside DEMO's policy with `seats` seats */
async function pickFlight(days: number, seats = 2, want: (c: CabinView) => boolean = () => true) {
  const list = expandFlightList(await ok<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(days) }))
  for (const f of list.flights.filter((x) => x.bookable)) {
    const { cabins } = await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(f) })
    const c = cabins.find((x) => x.policy.withinPolicy && x.seatsLeft >= seats && want(x))
    if (c) return { flight: f, cabin: c }
  }
  throw new Error('no flight inside the policy')
}

async function book(passengers: PassengerInput[], days = 10, want?: (c: CabinView) => boolean) {
  const { flight, cabin } = await pickFlight(days, passengers.length, want)
  const fare = (p: PassengerInput) => (p.birthDate && p.birthDate > day(-2 * 365) ? cabin.infant.totalFen : cabin.adult.totalFen) + (p.insurance ? AIR_RULES.insuranceFen : 0)
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

const details = (orderId: number, lang = 'zh') => ok<AirOrderView>(air.findOrderDetails.path, { orderId }, 'demo', lang)
/** runs the jobs now, then after the airline's delay, then once more (send, answer, money) */
async function airlineAnswers() {
  await t.app.jobs.runOnce(t.clock.now())
  t.clock.advance(Math.max(t.app.deps.airlineSandbox!.afterSaleDelayMs, t.app.deps.airlineSandbox!.issueDelayMs))
  await t.app.jobs.runOnce(t.clock.now())
  await t.app.jobs.runOnce(t.clock.now())
}

/** a ticketed order paid by the company (or by WeChat Pay) */
async function ticketed(passengers: PassengerInput[] = [adult()], days = 10, by: 'company' | 'wechat' = 'company', want?: (c: CabinView) => boolean) {
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

const ids = (o: AirOrderView, n = o.passengers.length) => o.passengers.slice(0, n).map((p) => p.passengerId)

async function estimate(o: AirOrderView, n = o.passengers.length, type: 'voluntary' | 'involuntary' = 'voluntary') {
  return ok<air.RefundEstimateView>(air.getReissueRefundPriceMultiPlayer.path, { orderId: o.orderId, passengerIds: ids(o, n), type })
}
const refundBody = (o: AirOrderView, e: air.RefundEstimateView, extra: Partial<air.TicketRefundRequest> = {}): air.TicketRefundRequest => ({
  idempotencyKey: key(),
  orderId: o.orderId,
  passengerIds: e.lines.map((l) => l.passengerId),
  type: e.type,
  reason: e.type === 'voluntary' ? 'planChanged' : 'flightCancelled',
  reasonText: '',
  expectedRefundFen: e.refundFen,
  ...extra,
})

describe('the status machine, move by move', () => {
  // every allowed move; everything else must be refused
  const ALLOWED: Array<[string, AirOrderEvent, string]> = [
    ['new', 'priced', 'toBePaid'],
    ['new', 'cancelledByAttendee', 'cancelled'],
    ['new', 'payDeadlinePassed', 'cancelled'],
    ['toBePaid', 'paid', 'awaitingIssue'],
    ['toBePaid', 'payDeadlinePassed', 'cancelled'],
    ['toBePaid', 'cancelledByAttendee', 'cancelled'],
    ['awaitingIssue', 'ticketIssued', 'ticketed'],
    ['awaitingIssue', 'issueFailed', 'issueFailed'],
    ['ticketed', 'refundRequested', 'refunding'],
    ['ticketed', 'changeRequested', 'changing'],
    ['ticketed', 'flown', 'traveled'],
    ['refunding', 'refunded', 'refunded'],
    ['refunding', 'partiallyRefunded', 'partiallyRefunded'],
    ['refunding', 'refundRejected', 'retrograde'],
    ['changing', 'changeNeedsPayment', 'changeToBePaid'],
    ['changing', 'changed', 'changed'],
    ['changing', 'partiallyChanged', 'partiallyChanged'],
    ['changing', 'changeRejected', 'retrograde'],
    ['changeToBePaid', 'changePaid', 'changing'],
    ['changeToBePaid', 'changeCancelled', 'ticketed'],
    ['changeToBePaid', 'changeCancelledToPartiallyChanged', 'partiallyChanged'],
    ['changeToBePaid', 'changeCancelledToPartiallyRefunded', 'partiallyRefunded'],
    ['changeToBePaid', 'changeCancelledToRetrograde', 'retrograde'],
    ['changed', 'refundRequested', 'refunding'],
    ['changed', 'flown', 'traveled'],
    ['partiallyChanged', 'refundRequested', 'refunding'],
    ['partiallyChanged', 'changeRequested', 'changing'],
    ['partiallyChanged', 'flown', 'traveled'],
    ['partiallyRefunded', 'refundRequested', 'refunding'],
    ['partiallyRefunded', 'changeRequested', 'changing'],
    ['partiallyRefunded', 'flown', 'traveled'],
    ['retrograde', 'refundRequested', 'refunding'],
    ['retrograde', 'changeRequested', 'changing'],
    ['retrograde', 'flown', 'traveled'],
  ]
  const EVENTS = [...new Set(Object.values(AIR_TRANSITIONS).flatMap((m) => Object.keys(m)))] as AirOrderEvent[]

  it.each(AIR_ORDER_STATUSES.flatMap((s) => EVENTS.map((e) => [s, e] as const)))('%s + %s', (status, event) => {
    const allowed = ALLOWED.find(([s, e]) => s === status && e === event)
    expect(transition(status, event)).toBe(allowed ? allowed[2] : null)
  })

  it('the buttons follow the table: cancel only unticketed, refund/change where they may start, remove once ended', () => {
    expect(actionsFor('toBePaid')).toEqual(['pay', 'cancel'])
    expect(actionsFor('ticketed')).toEqual(['refund', 'change'])
    expect(actionsFor('changed')).toEqual(['refund'])
    expect(actionsFor('changeToBePaid')).toEqual(['payChange', 'cancelChange'])
    expect(actionsFor('awaitingIssue')).toEqual([])
    expect(actionsFor('refunding')).toEqual([])
    for (const s of ['refunded', 'cancelled', 'issueFailed', 'traveled'] as const) expect(actionsFor(s)).toEqual(['remove'])
  })

  it('an undone change goes back to where the order was', () => {
    for (const prior of ['ticketed', 'partiallyChanged', 'partiallyRefunded', 'retrograde'] as const) expect(transition('changeToBePaid', changeUndoneEvent(prior))).toBe(prior)
  })
})

describe('fees (pure rules)', () => {
  const fare = { fareFen: 1000_00, taxFen: 0, fuelFeeFen: 20_00, constructionFeeFen: 50_00, totalFen: 1070_00 }
  it('voluntary refund: percent of the fare, at least the minimum, taxes and insurance back; not allowed; fee over fare', () => {
    expect(refundFigures(fare, true, { window: 'over7Days', allowed: true, feePercent: 10 }, 'voluntary')).toMatchObject({ feeFen: 100_00, taxesFen: 70_00, insuranceFen: 20_00, refundFen: 990_00, problem: null })
    expect(refundFigures(fare, false, { window: 'over7Days', allowed: true, feePercent: 1 }, 'voluntary').feeFen).toBe(AIR_RULES.refundFeeMinFen)
    expect(refundFigures(fare, false, { window: 'over7Days', allowed: true, feePercent: 0 }, 'voluntary')).toMatchObject({ feeFen: 0, refundFen: 1070_00 })
    expect(refundFigures(fare, true, { window: 'afterDeparture', allowed: false, feePercent: 100 }, 'voluntary')).toMatchObject({ refundFen: 0, problem: 'notAllowed' })
    const cheap = { fareFen: 40_00, taxFen: 0, fuelFeeFen: 0, constructionFeeFen: 0, totalFen: 40_00 }
    expect(refundFigures(cheap, false, { window: 'under2Hours', allowed: true, feePercent: 20 }, 'voluntary')).toMatchObject({ feeFen: 50_00, refundFen: 0, problem: 'feeOverFare' })
    // after departure the insurance has started: not paid back
    expect(refundFigures(fare, true, { window: 'afterDeparture', allowed: true, feePercent: 30 }, 'voluntary').insuranceFen).toBe(0)
  })
  it('involuntary: no fee in any window', () => {
    expect(refundFigures(fare, true, { window: 'afterDeparture', allowed: false, feePercent: 100 }, 'involuntary')).toMatchObject({ feeFen: 0, refundFen: 1070_00, problem: null })
    expect(changeFigures(1000_00, 1500_00, { window: 'under2Hours', allowed: false, feePercent: 100 }, 'involuntary')).toMatchObject({ dueFen: 0, allowed: true })
  })
  it('change: fee on the old fare, the fare difference only upwards, fees rounded up to a yuan', () => {
    expect(changeFigures(1000_00, 1200_00, { window: 'from2HoursTo7Days', allowed: true, feePercent: 5 }, 'voluntary')).toMatchObject({ feeFen: 50_00, fareDiffFen: 200_00, dueFen: 250_00 })
    expect(changeFigures(1000_00, 800_00, { window: 'over7Days', allowed: true, feePercent: 0 }, 'voluntary')).toMatchObject({ dueFen: 0 })
    expect(changeFigures(333_33, 0, { window: 'over7Days', allowed: true, feePercent: 10 }, 'voluntary').feeFen).toBe(34_00)
  })
  it('change to a lower fare: the difference less the fee goes back; equal and dearer give nothing back; a fee larger than the difference leaves the rest to pay', () => {
    const term = { window: 'from2HoursTo7Days' as const, allowed: true, feePercent: 5 }
    expect(AIR_RULES.changeToLowerFareGivesBack).toBe(true)
    // cheaper: 1000 → 800, fee 50: 150 back, nothing to pay, the ticket now worth 800
    expect(changeFigures(1000_00, 800_00, term, 'voluntary')).toMatchObject({ feeFen: 50_00, fareDiffFen: 0, dueFen: 0, backFen: 150_00, newTicketFareFen: 800_00 })
    expect(changeFigures(1000_00, 800_00, { ...term, feePercent: 0 }, 'voluntary')).toMatchObject({ dueFen: 0, backFen: 200_00 })
    // equal: the fee only
    expect(changeFigures(1000_00, 1000_00, term, 'voluntary')).toMatchObject({ dueFen: 50_00, backFen: 0, newTicketFareFen: 1000_00 })
    // dearer: fee and difference
    expect(changeFigures(1000_00, 1000_01, term, 'voluntary')).toMatchObject({ fareDiffFen: 1, dueFen: 50_01, backFen: 0, newTicketFareFen: 1000_01 })
    // the fee larger than the difference: the fee's remainder to pay, nothing back
    expect(changeFigures(1000_00, 970_00, term, 'voluntary')).toMatchObject({ feeFen: 50_00, dueFen: 20_00, backFen: 0, newTicketFareFen: 970_00 })
    // the fee exactly the difference: nothing either way
    expect(changeFigures(1000_00, 950_00, term, 'voluntary')).toMatchObject({ dueFen: 0, backFen: 0 })
    expect(changeFigures(1000_00, 949_99, term, 'voluntary')).toMatchObject({ dueFen: 0, backFen: 1 })
    // involuntary: nothing back, the ticket keeps its value
    expect(changeFigures(1000_00, 800_00, term, 'involuntary')).toMatchObject({ dueFen: 0, backFen: 0, newTicketFareFen: 1000_00 })
  })
})

describe('cancel and remove', () => {
  it('an unpaid order cancels, seats back; again answers it unchanged; then it may be removed and is gone', async () => {
    const order = await book([adult()])
    const { cabins } = await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(order.flight) })
    // a cabin sold out is left out of the list
    const before = cabins.find((c) => c.cabinCode === order.cabinCode)?.seatsLeft ?? 0
    const c = await ok<AirOrderView>(air.ticketCancel.path, { orderId: order.orderId })
    expect(c).toMatchObject({ status: 'cancelled', actions: ['remove'], ended: true })
    expect((await ok<AirOrderView>(air.ticketCancel.path, { orderId: order.orderId })).timeline.filter((e) => e.status === 'cancelled')).toHaveLength(1)
    const after = (await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(order.flight) })).cabins.find((x) => x.cabinCode === order.cabinCode)!.seatsLeft
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

  it('fees at the 7-day and 2-hour edges on a fixed clock, by the cabin\'s rule', async () => {
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
    expect(r.refunds[0]).toMatchObject({ state: 'processing', type: 'voluntary', reason: 'other', reasonText: '会议改期', count: 1, feeFen: e.feeFen, refundFen: e.refundFen, refundTo: 'company' })
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

  it('the airline refuses: has retrograde record, tickets valid again, the refusal in the caller\'s language', async () => {
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

const changeBody = (o: AirOrderView, f: air.RebookFlightView, c: air.RebookCabinView, n = o.passengers.length, extra: Partial<air.TicketChangeRequest> = {}): air.TicketChangeRequest => ({
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

describe('change', () => {
  async function rebook(o: AirOrderView, days: number, n = o.passengers.length, type: 'voluntary' | 'involuntary' = 'voluntary') {
    return ok<air.RebookListView>(air.findRebookList.path, { orderId: o.orderId, passengerIds: ids(o, n), date: day(days), type })
  }
  /** a flight and cabin of the list with money due (or none due) */
  function choose(list: air.RebookListView, due: boolean) {
    for (const f of list.flights) for (const c of f.cabins) if ((c.dueFen > 0) === due) return { f, c }
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
    const seats = async () => (await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(f.flight) })).cabins.find((x) => x.cabinCode === c.cabinCode)?.seatsLeft ?? 0
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
    else await t.app.deps.wechatPay.sandbox!.pay((await ok<air.OrderPayView>(air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: key(), tradeType: 'NATIVE', wxCode: '' })).paymentNo)
    await airlineAnswers()
    const o = await details(order.orderId)
    const pick = cheaperCabin(await rebook(o, 12), (c) => c.backFen > 0)
    if (!pick) throw new Error('no cheaper cabin')
    return { o, ...pick }
  }
  const rebook = (o: AirOrderView, days: number) => ok<air.RebookListView>(air.findRebookList.path, { orderId: o.orderId, passengerIds: ids(o), date: day(days), type: 'voluntary' })
  const listedAmount = async (orderId: number) => (await ok<OrderPage>(pageOrders.path, { pageNo: 1, pageSize: 50, kind: 'air' })).list.find((x) => x.orderId === orderId)!.amountFen

  it('company-paid: nothing to pay, the airline confirms, the difference less the fee is the company\'s again (order amount, orders list, a company refund, the timeline)', async () => {
    const { o, f, c } = await fullFareWithCheaper('company')
    const old = o.passengers[0].fare.fareFen
    expect(c).toMatchObject({ dueFen: 0, backFen: old - c.adultFareFen - c.feeFen })
    const before = await listedAmount(o.orderId)
    // another amount back than the one on the screen: refused with the amount now, nothing held
    const moved = await post(air.ticketChange.path, changeBody(o, f, c, 1, { expectedBackFen: c.backFen + 100 }), 'demo', 'en')
    expect(moved.body).toMatchObject({ msgId: 'EAIR1049', msgText: `The amount back has changed; it is now ¥${(c.backFen / 100).toFixed(2)}, please check and submit again` })
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

describe('every after-sales call', () => {
  it('another attendee\'s order answers ESYS0004; a bad id EVAL0001; nothing changes', async () => {
    const o = await ticketed([adult()], 10)
    const pid = o.passengers[0].passengerId
    const flight = refOf(o.flight)
    const calls: Array<[string, Record<string, unknown>]> = [
      [air.ticketCancel.path, { orderId: o.orderId }],
      [air.removeTicketOrder.path, { orderId: o.orderId }],
      [air.getReissueRefundPriceMultiPlayer.path, { orderId: o.orderId, passengerIds: [pid], type: 'voluntary' }],
      [air.ticketRefund.path, { idempotencyKey: key(), orderId: o.orderId, passengerIds: [pid], type: 'voluntary', reason: 'planChanged', reasonText: '', expectedRefundFen: 0 }],
      [air.findRebookList.path, { orderId: o.orderId, passengerIds: [pid], date: day(12), type: 'voluntary' }],
      [air.ticketChange.path, { idempotencyKey: key(), orderId: o.orderId, passengerIds: [pid], type: 'voluntary', cause: 'planChanged', causeText: '', flight, cabinCode: o.cabinCode, expectedDueFen: 0 }],
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
  it('after the flight\'s arrival the order is traveled; then it may be removed and leaves the orders list', async () => {
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

  it('after a change to an earlier day, traveled follows the new flight\'s arrival, not the old one', async () => {
    const o = await ticketed([adult()], 3)
    const list = await ok<air.RebookListView>(air.findRebookList.path, { orderId: o.orderId, passengerIds: ids(o), date: day(2), type: 'voluntary' })
    const target = list.flights.flatMap((f) => f.cabins.map((c) => ({ f, c })))[0]
    await ok(air.ticketChange.path, { idempotencyKey: key(), orderId: o.orderId, passengerIds: ids(o), type: 'voluntary', cause: 'planChanged', causeText: '', flight: refOf(target.f.flight), cabinCode: target.c.cabinCode, expectedDueFen: target.c.dueFen })
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
