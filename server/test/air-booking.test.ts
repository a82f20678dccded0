/**
 * Booking a flight through the air calls on PGlite: the notices and travellers the booking page
 * shows, then a booking with its price breakdown and deadline, idempotency, every spec §5 check
 * refusing it with nothing held, a booking outside the policy, another attendee's order. Set-up:
 * air-support.ts.
 */
import { expandFlightList } from '@contracts/flight-list'
import dayjs from 'dayjs'
import * as air from '@contracts/calls/flight'
import type { CabinView, FlightView, TicketBookingRequest } from '@contracts/calls/flight'
import { DEMO_USER } from '../src/seed'
import { AIR_RULES } from '../src/air/rules/air-rules'
import { adult, booking, day, infant, ok, pick, post, refOf, t, useAirApp } from './air-support'

useAirApp()

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
    // the attendee's own ID card is saved among the railway travellers too: listed once, as themself
    const keys = list.map((x) => `${x.documents[0]?.documentType}:${x.documents[0]?.documentNumber}`)
    expect(new Set(keys).size).toBe(keys.length)
    expect(list.filter((x) => x.name === DEMO_USER.name)).toHaveLength(1)
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
    ['a three-year-old on an infant ticket', (b) => ({ ...b, passengers: [adult, { ...infant(day(-3 * 366)), ticketType: 'infant' }] }), 'EAIR1115'],
    ['an unknown ticket type', (b) => ({ ...b, passengers: [adult, { ...infant(day(-365)), ticketType: 'senior' as never }] }), 'EAIR1110'],
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
