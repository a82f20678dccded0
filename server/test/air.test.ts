/**
 * The air calls (contracts/calls/flight.ts) end to end on PGlite: airports, flights with the price
 * calendar, cabins with fares and policy marks, fare rules, notices, travellers, booking with
 * idempotency and every spec §5 check, company pay and WeChat Pay through the sandboxes, ticketing
 * (drawn or failed → refunded), the payment deadline, seats running out, another attendee's ids,
 * bad input. Concurrency (200 bookings of the last seat) is in air-concurrency.test.ts.
 */
import { expandFlightList } from '@contracts/flight-list'
import dayjs from 'dayjs'
import { guestLogin } from '@contracts/calls/auth'
import * as air from '@contracts/calls/flight'
import type { CabinView, FlightView, PassengerInput, TicketBookingRequest } from '@contracts/calls/flight'
import { COLLEAGUE_USER, DEMO_USER } from '../src/seed'
import { AIR_RULES } from '../src/air/rules/air-rules'
import { shanghaiDay } from '../src/kernel/time/time'
import { setup, type TestContext } from './helper'

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
  t.app.deps.airlineSandbox!.issueOutcome = 'issue'
  tokens.demo = await login(DEMO_USER.userName, DEMO_USER.password)
  tokens.lilei = await login(COLLEAGUE_USER.userName, COLLEAGUE_USER.password)
})

const day = (n: number) => shanghaiDay(new Date(t.clock.t + n * 86_400_000))
const post = <T = any>(path: string, body: unknown, who: keyof typeof tokens = 'demo', lang = 'zh') => t.post<T>(path, body, { token: tokens[who], lang }) // eslint-disable-line @typescript-eslint/no-explicit-any
const ok = async <T = any>(path: string, body: unknown, who: keyof typeof tokens = 'demo') => {
  // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await post<T>(path, body, who)
  if (r.body.status !== 200) throw new Error(`${path}: ${r.body.msgId} ${r.body.msgText}`)
  return r.body.data as T
}
const refOf = (f: FlightView) => ({ date: f.date, flightNo: f.flightNo, depAirport: f.depAirport, arrAirport: f.arrAirport })

const adult: PassengerInput = {
  name: DEMO_USER.name,
  documentType: 'idCard',
  documentNumber: DEMO_USER.idNumber,
  sex: 'male',
  birthDate: '',
  mobile: DEMO_USER.mobile,
  insurance: true,
  contactKey: 'self',
}
const infant = (birth: string): PassengerInput => ({
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
async function pick(date = day(1)) {
  const list = expandFlightList(await ok<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date }))
  for (const f of list.flights.filter((x) => x.bookable)) {
    const { cabins } = await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(f) })
    const c = cabins.find((x) => x.policy.withinPolicy && x.seatsLeft >= 2)
    if (c) return { flight: f, cabin: c }
  }
  throw new Error('no flight inside the policy')
}

const booking = (flight: FlightView, cabin: CabinView, passengers: PassengerInput[], extra: Partial<TicketBookingRequest> = {}): TicketBookingRequest => {
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

describe('airports', () => {
  it('lists cities with their airports, Shanghai with PVG and SHA, names in both languages', async () => {
    const cities = await ok<air.AirportCity[]>(air.listAirport.path, {})
    const sha = cities.find((c) => c.cityCode === 'SHA')!
    expect(sha.airports.map((a) => a.code).sort()).toEqual(['PVG', 'SHA'])
    expect(sha).toMatchObject({ cityZh: '上海', cityEn: 'Shanghai', hot: true })
    expect(cities.length).toBeGreaterThan(40)
  })

  it.each([
    ['北京', 'BJS'],
    ['beijing', 'BJS'],
    ['PEK', 'BJS'],
    ['shanghai', 'SHA'],
    ['Pudong', 'SHA'],
    ['hk', 'HKG'],
    // pinyin initials of the city's Chinese name (issue: "bj" → Beijing, "sh" → Shanghai before Shenzhen)
    ['bj', 'BJS'],
    ['BJ', 'BJS'],
    ['sh', 'SHA'],
    ['sz', 'SZX'],
    ['xa', 'SIA'],
    ['cq', 'CKG'],
  ])('search %s finds %s first', async (keyword, city) => {
    const found = await ok<air.AirportCity[]>(air.findAirportList.path, { keyword })
    expect(found[0].cityCode).toBe(city)
  })

  it("a city found by its initials brings all its airports; an airport's own initials find it too", async () => {
    const [bj] = await ok<air.AirportCity[]>(air.findAirportList.path, { keyword: 'bj' })
    expect(bj.airports.map((a) => a.code).sort()).toEqual(['PEK', 'PKX'])
    const pd = await ok<air.AirportCity[]>(air.findAirportList.path, { keyword: 'shpd' })
    expect(pd.map((c) => c.cityCode)).toContain('SHA')
  })

  it('an unknown word finds nothing; a 41-character one is refused', async () => {
    expect(await ok(air.findAirportList.path, { keyword: 'zzzzqqq' })).toEqual([])
    expect((await post(air.findAirportList.path, { keyword: 'x'.repeat(41) })).body.msgId).toBe('EVAL0001')
  })
})

describe('flights', () => {
  it('a day Shanghai → Beijing: flights of every airport pair by time, the price calendar around it', async () => {
    const list = expandFlightList(await ok<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(3) }))
    expect(list.flights.length).toBeGreaterThan(5)
    const times = list.flights.map((f) => f.dep.time)
    expect([...times].sort()).toEqual(times)
    expect(new Set(list.flights.map((f) => f.depAirport))).toEqual(new Set(['PVG', 'SHA']))
    expect(list.calendar.map((d) => d.date)).toEqual([day(0), day(1), day(2), day(3), day(4), day(5), day(6)])
    const f = list.flights[0]
    expect(f.dep.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+08:00$/)
    expect(f.airline.nameZh).toBeTruthy()
    // the answer names each airline and airport once; expanded, a flight is what its cabins call shows
    const raw = await ok<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(3) })
    expect(Object.keys(raw.airports).sort()).toEqual([...new Set(list.flights.flatMap((x) => [x.depAirport, x.arrAirport]))].sort())
    expect(Object.keys(raw.airlines).sort()).toEqual([...new Set(list.flights.map((x) => x.airline.code))].sort())
    expect((await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(f) })).flight).toEqual(f)
    // the same search answers the same schedule
    expect(
      expandFlightList(await ok<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(3) })).flights.map((x) => x.flightNo),
    ).toEqual(list.flights.map((x) => x.flightNo))
  })

  it('refuses the same city, unknown codes and dates outside the sale range', async () => {
    expect((await post(air.findFlightList.path, { depCode: 'PVG', arrCode: 'SHA', date: day(1) })).body.msgId).toBe('EAIR1006')
    expect((await post(air.findFlightList.path, { depCode: 'XXX', arrCode: 'BJS', date: day(1) })).body.msgId).toBe('EAIR1001')
    const past = await post(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(-1) }, 'demo', 'en')
    expect(past.body.msgId).toBe('EAIR1002')
    expect(past.body.msgText).toContain(day(0))
    expect((await post(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(366) })).body.msgId).toBe('EAIR1002')
    expect((await post(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: '2026-02-30' })).body.msgId).toBe('EVAL0001')
  })

  it('cabins carry fares per passenger type (fare + tax + fuel + construction) and the policy mark', async () => {
    const list = expandFlightList(await ok<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(2) }))
    const { cabins, flight } = await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(list.flights[0]) })
    expect(flight.flightNo).toBe(list.flights[0].flightNo)
    for (const c of cabins) {
      expect(c.adult.totalFen).toBe(c.adult.fareFen + c.adult.taxFen + c.adult.fuelFeeFen + c.adult.constructionFeeFen)
      expect(c.adult.constructionFeeFen).toBe(50_00)
      expect(c.infant.constructionFeeFen).toBe(0)
    }
    // DEMO pays economy up to 80% and ¥1,500: business is outside, with its reason in the caller's language
    const business = cabins.find((c) => c.cabinClass === 'business')
    if (business) {
      expect(business.policy.withinPolicy).toBe(false)
      expect(business.policy.breaches.map((b) => b.rule)).toContain('flightCabinClass')
    }
  })

  it('a fare rule has the four windows (7 days, 2 hours) and baggage', async () => {
    const { flight, cabin } = await pick(day(2))
    const rule = await ok<air.FareRuleView>(air.findRuleAnnotable.path, { flight: refOf(flight), cabinCode: cabin.cabinCode })
    expect(rule.refund.map((r) => r.window)).toEqual(['over7Days', 'from2HoursTo7Days', 'under2Hours', 'afterDeparture'])
    expect(rule.refund[0].feePercent).toBeLessThanOrEqual(rule.refund[1].feePercent)
    expect(rule.carryOnKg).toBeGreaterThan(0)
    expect((await post(air.findRuleAnnotable.path, { flight: refOf(flight), cabinCode: 'Z' })).body.msgId).toBe('EAIR1005')
    expect((await post(air.findCabinsList.path, { flight: { ...refOf(flight), flightNo: 'ZZ9999' } })).body.msgId).toBe('EAIR1003')
  })

  it('flightOrderVerify answers the same verdict as the cabin list', async () => {
    const { flight, cabin } = await pick(day(2))
    expect(await ok(air.flightOrderVerify.path, { flight: refOf(flight), cabinCode: cabin.cabinCode })).toEqual(cabin.policy)
  })
})

describe('notices and travellers', () => {
  it('spec §9 Beijing rule applies to Beijing flights between 4 Feb and 15 Mar 2021 only', async () => {
    const inside = await ok<air.NoticeView[]>(air.findEpidemicSituation.path, { depAirport: 'PVG', arrAirport: 'PEK', date: '2021-02-04' })
    expect(inside.map((n) => n.titleEn)).toEqual([expect.stringContaining('Beijing')])
    expect(await ok(air.findEpidemicSituation.path, { depAirport: 'PVG', arrAirport: 'PEK', date: '2021-03-16' })).toEqual([])
    expect(await ok(air.findEpidemicSituation.path, { depAirport: 'CAN', arrAirport: 'SZX', date: '2021-02-10' })).toEqual([])
    // DEMO's own notice for Shanghai around the conference
    expect((await ok<air.NoticeView[]>(air.findEpidemicSituation.path, { depAirport: 'SHA', arrAirport: 'CAN', date: day(1) })).map((n) => n.level)).toEqual([
      'info',
    ])
  })

  it('the attendee themself (ID card, birth date and sex from it) and their saved travellers', async () => {
    const list = await ok<air.TravellerView[]>(air.findSignupContactList.path, {})
    expect(list[0]).toMatchObject({
      contactKey: 'self',
      self: true,
      name: DEMO_USER.name,
      birthDate: '1990-03-07',
      sex: 'male',
      documents: [{ documentType: 'idCard', documentNumber: DEMO_USER.idNumber }],
    })
  })
})

describe('booking', () => {
  it('an adult and an infant with insurance: toBePaid with the price breakdown and a deadline; a retry answers the same order', async () => {
    const { flight, cabin } = await pick()
    const body = booking(flight, cabin, [adult, infant(day(-365))])
    const order = await ok<air.AirOrderView>(air.ticketBooking.path, body)
    expect(order).toMatchObject({ status: 'toBePaid', cabinCode: cabin.cabinCode, payMethods: ['company', 'wechat'], paidBy: null })
    expect(order.passengers.map((p) => p.passengerType)).toEqual(['adult', 'infant'])
    expect(order.passengers[0].documentNumberMasked).toBe('1101**********4477')
    expect(order.price.totalFen).toBe(body.expectedTotalFen)
    expect(order.price.insuranceFen).toBe(2 * 20_00)
    expect(order.price.lines.find((l) => l.kind === 'constructionFee')).toMatchObject({ passengerType: 'adult', count: 1, unitFen: 50_00 })
    expect(dayjs(order.payDeadline).diff(dayjs(t.clock.now()), 'minute')).toBe(AIR_RULES.payMinutes)
    expect(order.timeline.map((e) => e.status)).toEqual(['new', 'toBePaid'])
    const again = await ok<air.AirOrderView>(air.ticketBooking.path, body)
    expect(again.orderId).toBe(order.orderId)
    // the same key with another body is refused, and holds nothing more
    expect((await post(air.ticketBooking.path, { ...body, remark: 'x' })).body.msgId).toBe('EVAL0009')
    const after = await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(flight) })
    expect(after.cabins.find((c) => c.cabinCode === cabin.cabinCode)?.seatsLeft ?? 0).toBe(cabin.seatsLeft - 1)
  })

  it.each<[string, (b: TicketBookingRequest) => TicketBookingRequest, string]>([
    ['no passenger', (b) => ({ ...b, passengers: [] }), 'EAIR1111'],
    ['an infant alone', (b) => ({ ...b, passengers: [infant(day(-365))] }), 'EAIR1107'],
    ['two infants for one adult', (b) => ({ ...b, passengers: [adult, infant(day(-365)), { ...infant(day(-300)), documentNumber: 'E22345678' }] }), 'EAIR1108'],
    ['an infant of 13 days', (b) => ({ ...b, passengers: [adult, infant(day(-12))] }), 'EAIR1106'],
    ['a wrong ID check digit', (b) => ({ ...b, passengers: [{ ...adult, documentNumber: '110101199003074478' }] }), 'EAIR1103'],
    ['a name not as on a document', (b) => ({ ...b, passengers: [{ ...adult, name: '张3' }] }), 'EAIR1102'],
    ['a sex the ID card contradicts', (b) => ({ ...b, passengers: [{ ...adult, sex: 'female' }] }), 'EAIR1113'],
    ['the same passenger twice', (b) => ({ ...b, passengers: [adult, adult] }), 'EAIR1109'],
    ['a passport without birth date', (b) => ({ ...b, passengers: [{ ...adult, documentType: 'passport', documentNumber: 'E87654321' }] }), 'EAIR1104'],
    ['no contact name', (b) => ({ ...b, contact: { ...b.contact, name: ' ' } }), 'EAIR1201'],
    ['no contact phone', (b) => ({ ...b, contact: { ...b.contact, mobile: '' } }), 'EAIR1202'],
    ['a bad phone', (b) => ({ ...b, contact: { ...b.contact, mobile: '2380013800' } }), 'EAIR1203'],
    ['a bad e-mail', (b) => ({ ...b, contact: { ...b.contact, email: 'a@b' } }), 'EAIR1204'],
    ['the agreement not accepted', (b) => ({ ...b, agreementAccepted: false }), 'EAIR1205'],
    ['a remark of 201 characters', (b) => ({ ...b, remark: '字'.repeat(201) }), 'EAIR1206'],
    ["a total other than the airline's", (b) => ({ ...b, expectedTotalFen: b.expectedTotalFen - 100 }), 'EAIR1010'],
    ['a bad key', (b) => ({ ...b, idempotencyKey: 'short' }), 'EVAL0001'],
    ['an unknown cabin', (b) => ({ ...b, cabinCode: 'Z' }), 'EAIR1005'],
  ])('%s: refused, nothing booked', async (_what, spoil, msgId) => {
    const { flight, cabin } = await pick()
    const r = await post(air.ticketBooking.path, spoil(booking(flight, cabin, [adult])), 'demo', 'en')
    expect(r.body.msgId).toBe(msgId)
    expect(r.body.msgText).not.toMatch(/\{\w+\}/)
    const after = await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(flight) })
    expect(after.cabins.find((c) => c.cabinCode === cabin.cabinCode)!.seatsLeft).toBe(cabin.seatsLeft)
  })

  it('outside the policy: refused without a reason (EAIR1011 with the breach), booked with one', async () => {
    const list = expandFlightList(await ok<air.FlightListView>(air.findFlightList.path, { depCode: 'SHA', arrCode: 'BJS', date: day(1) }))
    let found: { flight: FlightView; cabin: CabinView } | null = null
    for (const f of list.flights) {
      const c = (await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(f) })).cabins.find((x) => !x.policy.withinPolicy)
      if (c) {
        found = { flight: f, cabin: c }
        break
      }
    }
    const body = booking(found!.flight, found!.cabin, [adult])
    const refused = await post(air.ticketBooking.path, body)
    expect(refused.body.msgId).toBe('EAIR1011')
    expect(refused.body.msgText).toContain(found!.cabin.policy.breaches[0].text)
    const order = await ok<air.AirOrderView>(air.ticketBooking.path, { ...body, idempotencyKey: 'key-with-reason', overPolicyReason: '会议临时安排' })
    expect(order.status).toBe('toBePaid')
  })

  it("another attendee's order is ESYS0004 for reading and paying", async () => {
    const { flight, cabin } = await pick()
    const order = await ok<air.AirOrderView>(air.ticketBooking.path, booking(flight, cabin, [adult]))
    for (const [path, body] of [
      [air.findOrderDetails.path, { orderId: order.orderId }],
      [air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: 'key-lilei-1' }],
      [air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: 'key-lilei-2', tradeType: 'NATIVE', wxCode: '' }],
    ] as const) {
      expect((await post(path, body, 'lilei')).body.msgId).toBe('ESYS0004')
    }
    expect((await post(air.findOrderDetails.path, { orderId: 999_999 })).body.msgId).toBe('ESYS0004')
    expect((await post(air.findOrderDetails.path, { orderId: -1 })).body.msgId).toBe('EVAL0001')
  })
})

describe('paying and ticketing', () => {
  async function booked(passengers = [adult]) {
    const { flight, cabin } = await pick()
    return ok<air.AirOrderView>(air.ticketBooking.path, booking(flight, cabin, passengers))
  }
  const details = (orderId: number) => ok<air.AirOrderView>(air.findOrderDetails.path, { orderId })
  async function untilIssued() {
    await t.app.jobs.runOnce(t.clock.now())
    t.clock.advance(t.app.deps.airlineSandbox!.issueDelayMs)
    await t.app.jobs.runOnce(t.clock.now())
  }

  it('the company pays: awaiting issue, then the ticket drawn with a ticket number', async () => {
    const order = await booked([adult, infant(day(-200))])
    const paid = await ok<air.AirOrderView>(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: 'key-pay-0001' })
    expect(paid).toMatchObject({ status: 'awaitingIssue', paidBy: 'company', payDeadline: null })
    await untilIssued()
    const done = await details(order.orderId)
    expect(done.status).toBe('ticketed')
    expect(done.passengers.every((p) => /^\d{3}-\d{10}$/.test(p.ticketNo))).toBe(true)
    expect(done.timeline.map((e) => e.status)).toEqual(['new', 'toBePaid', 'awaitingIssue', 'ticketed'])
    // paying again answers the order as it is
    expect((await ok<air.AirOrderView>(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: 'key-pay-0002' })).status).toBe('ticketed')
  })

  it('WeChat Pay (NATIVE): a code_url; paying in the sandbox moves the order; the ticket is drawn', async () => {
    const order = await booked()
    const pay = await ok<air.OrderPayView>(air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: 'key-wx-0001', tradeType: 'NATIVE', wxCode: '' })
    expect(pay).toMatchObject({ tradeType: 'NATIVE', amountFen: order.price.totalFen, jsapi: null })
    expect((await details(order.orderId)).paymentPending).toBe(true)
    expect(await t.app.deps.wechatPay.sandbox!.pay(pay.paymentNo)).toBe('SUCCESS')
    expect((await details(order.orderId)).status).toBe('awaitingIssue')
    await untilIssued()
    expect(await details(order.orderId)).toMatchObject({ status: 'ticketed', paidBy: 'wechat', paymentPending: false })
  })

  it('WeChat Pay (JSAPI): signed parameters for wx.requestPayment; without a wx code EPAY1002', async () => {
    const order = await booked()
    expect((await post(air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: 'key-wx-0002', tradeType: 'JSAPI', wxCode: '' })).body.msgId).toBe(
      'EPAY1002',
    )
    const pay = await ok<air.OrderPayView>(air.createOrderPay.path, {
      orderId: order.orderId,
      idempotencyKey: 'key-wx-0003',
      tradeType: 'JSAPI',
      wxCode: 'wx-login-code',
    })
    expect(pay.jsapi).toMatchObject({ signType: 'RSA', package: expect.stringMatching(/^prepay_id=/) })
  })

  it('WeChat Pay (JSAPI) from H5 inside WeChat: the OAuth code is exchanged as one and paid under the official account; a code of the wrong kind EPAY1002', async () => {
    const sandbox = t.app.deps.wechatPay.sandbox!
    const order = await booked()
    const pay = (idempotencyKey: string, wxCode: string, wxCodeSource?: unknown) =>
      post(air.createOrderPay.path, {
        orderId: order.orderId,
        idempotencyKey,
        tradeType: 'JSAPI',
        wxCode,
        ...(wxCodeSource === undefined ? {} : { wxCodeSource }),
      })
    // the source is validated; a wx.login code is not an OAuth code, nor the other way round
    expect((await pay('key-oa-0001', 'oauth-abc', 'browser')).body.msgId).toBe('EVAL0001')
    expect((await pay('key-oa-0002', 'wx-login-code', 'officialAccount')).body.msgId).toBe('EPAY1002')
    expect((await pay('key-oa-0003', 'oauth-abc')).body.msgId).toBe('EPAY1002')
    expect((await pay('key-oa-0004', 'oauth-abc', 'miniProgram')).body.msgId).toBe('EPAY1002')
    const r = await pay('key-oa-0005', 'oauth-abc', 'officialAccount')
    expect(r.body.msgId).toBe('')
    const view = r.body.data as air.OrderPayView
    expect(view.jsapi).toMatchObject({ appId: sandbox.officialAccountAppId, signType: 'RSA', package: expect.stringMatching(/^prepay_id=/) })
    expect((await t.app.deps.wechatPay.gateway!.query(view.paymentNo))!.appid).toBe(sandbox.officialAccountAppId)
    // WeChat's notification names the official account's AppID: it is ours, the order is paid
    expect(await sandbox.pay(view.paymentNo)).toBe('SUCCESS')
    expect(sandbox.sent.at(-1)!.status).toBe(204)
    expect((await details(order.orderId)).status).toBe('awaitingIssue')
  })

  it('the airline fails to issue: failed issue, and the payment goes back', async () => {
    t.app.deps.airlineSandbox!.issueOutcome = 'fail'
    const order = await booked()
    const pay = await ok<air.OrderPayView>(air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: 'key-wx-0004', tradeType: 'NATIVE', wxCode: '' })
    await t.app.deps.wechatPay.sandbox!.pay(pay.paymentNo)
    await untilIssued()
    await t.app.jobs.runOnce(t.clock.now())
    expect(await details(order.orderId)).toMatchObject({ status: 'issueFailed', refundedFen: order.price.totalFen })
  })

  it('unpaid at the deadline: cancelled, seats back; paying then is EAIR1020; money arriving late is refunded', async () => {
    const { flight, cabin } = await pick()
    const order = await ok<air.AirOrderView>(air.ticketBooking.path, booking(flight, cabin, [adult]))
    const pay = await ok<air.OrderPayView>(air.createOrderPay.path, { orderId: order.orderId, idempotencyKey: 'key-wx-0005', tradeType: 'NATIVE', wxCode: '' })
    t.clock.advance(AIR_RULES.payMinutes * 60_000)
    await t.app.jobs.runOnce(t.clock.now())
    expect((await details(order.orderId)).status).toBe('cancelled')
    expect(
      (await ok<air.CabinListView>(air.findCabinsList.path, { flight: refOf(flight) })).cabins.find((c) => c.cabinCode === cabin.cabinCode)!.seatsLeft,
    ).toBe(cabin.seatsLeft)
    expect((await post(air.payFlightOnBusiness.path, { orderId: order.orderId, idempotencyKey: 'key-pay-0003' })).body.msgId).toBe('EAIR1020')
    // WeChat took the money at the last second (its own expiry not yet applied in the sandbox)
    t.app.deps.wechatPay.sandbox!.transaction(pay.paymentNo)!.time_expire = ''
    await t.app.deps.wechatPay.sandbox!.pay(pay.paymentNo)
    await t.app.jobs.runOnce(t.clock.now())
    expect(await details(order.orderId)).toMatchObject({ status: 'cancelled', refundedFen: order.price.totalFen })
  })

  it('seats run out: the last ones sell, then EAIR1004', async () => {
    const { flight, cabin } = await pick()
    let sold = 0
    for (let i = 0; i < cabin.seatsLeft + 1; i++) {
      const r = await post(
        air.ticketBooking.path,
        booking(flight, cabin, [
          { ...adult, name: 'Li Lei', documentType: 'passport', documentNumber: `E${String(10_000_000 + i)}`, sex: 'male', birthDate: '1990-01-01' },
        ]),
      )
      if (r.body.status === 200) sold++
      else expect(r.body.msgId).toBe('EAIR1004')
    }
    expect(sold).toBe(cabin.seatsLeft)
  })
})

describe("the owner's orders for the orders feed (air/repositories/air.ts)", () => {
  it("lists only the owner's orders at the event, newest first, with status and amount; counts them", async () => {
    const { listOwnerAirOrders, countOwnerAirOrders } = await import('../src/air/repositories/air')
    const { flight, cabin } = await pick()
    const first = await ok<air.AirOrderView>(air.ticketBooking.path, booking(flight, cabin, [adult]))
    t.clock.advance(1000)
    const second = await ok<air.AirOrderView>(air.ticketBooking.path, booking(flight, cabin, [adult]))
    await ok(air.payFlightOnBusiness.path, { orderId: second.orderId, idempotencyKey: 'key-feed-0001' })
    const owner = { userId: (await t.app.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.userName, DEMO_USER.userName) }))!.id, eventId: 0 }
    owner.eventId = (await t.app.deps.db.query.events.findFirst({ where: (e, { eq }) => eq(e.eventCode, 'DEMO') }))!.id
    const rows = await listOwnerAirOrders(t.db.db, owner, { limit: 10 })
    expect(rows.map((r) => [r.id, r.status, r.totalFen])).toEqual([
      [second.orderId, 'awaitingIssue', second.price.totalFen],
      [first.orderId, 'toBePaid', first.price.totalFen],
    ])
    expect(await countOwnerAirOrders(t.db.db, owner, { paidBy: 'company' })).toBe(1)
    expect(await countOwnerAirOrders(t.db.db, { ...owner, userId: owner.userId + 999 })).toBe(0)
  })
})
