/**
 * The air reservation, change and order-details rules behind the forms (src/features/air/model):
 * the policy on the offer, the fare mix, the problem at a field, the traveller chips, the dates a
 * change offers, the rebook list's key, the change request as seen, and what the details derive.
 */
import type { RebookCabinView } from '@contracts/calls/flight/change'
import type { TravellerView } from '@contracts/calls/flight/booking'
import { blankPassenger, fareMixOf, problemAtField, toggleTraveller, type Problem } from '@/features/air/model/booking'
import { emptyChange } from '@/features/air/model/afterSales'
import { changeBodyOf, lastChangeDay, passengersOnRoute, quickChangeDays, rebookKeyOf } from '@/features/air/model/change'
import { checkInStillOpen, insuranceUnitFenOf, isPrimaryAction, movedByChange } from '@/features/air/model/orderDetails'
import { bookingPolicyOf } from '@/features/air/model/price'
import { CABIN_Y, flight, order } from './fixtures'

describe('the reservation form', () => {
  it('takes the policy of the fresh verdict, else the mark the cabin came with', () => {
    const out = { withinPolicy: false, overPolicy: 'reason' as const, breaches: [] }
    expect(bookingPolicyOf(out, CABIN_Y)).toEqual({ policy: out, needsReason: true, blocked: false })
    expect(bookingPolicyOf(null, { ...CABIN_Y, policy: { ...out, overPolicy: 'block' } })).toMatchObject({ needsReason: false, blocked: true })
    expect(bookingPolicyOf(undefined, undefined)).toEqual({ policy: null, needsReason: false, blocked: false })
  })
  it('counts a passenger not yet typed at the adult fare, with their insurance', () => {
    const typed = { ...blankPassenger(), documentType: 'idCard' as const, documentNumber: '110105201601010017', insurance: true }
    expect(fareMixOf([{ ...blankPassenger(), insurance: false }, typed], '2026-12-01')).toEqual([
      { type: 'adult', insurance: false },
      { type: 'child', insurance: true },
    ])
  })
  it('finds the problem of a field or of a card below it', () => {
    const problems: Problem[] = [
      { key: 'air.err.enterName', field: 'contactName' },
      { key: 'air.err.enterName', field: 'passenger:p1:name' },
    ]
    expect(problemAtField(problems, 'passenger:p1')?.field).toBe('passenger:p1:name')
    expect(problemAtField(problems, 'contactName')?.field).toBe('contactName')
    expect(problemAtField(problems, 'email')).toBeNull()
  })
  it('a traveller chip adds the traveller as a passenger, and a second tap takes them out', () => {
    const x: TravellerView = { contactKey: 'traveller:3', self: false, name: '李四', documents: [], mobile: '', birthDate: '', sex: '' }
    const added = toggleTraveller([], x)
    expect(added.map((p) => p.contactKey)).toEqual(['traveller:3'])
    expect(toggleTraveller(added, x)).toEqual([])
  })
})

describe('the change form', () => {
  it('offers the days around the booked flight within the dates a change may go to', () => {
    const last = lastChangeDay('2026-11-23')
    expect(quickChangeDays('2026-11-24', '2026-11-23', last)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'])
    expect(quickChangeDays('2026-11-23', '2026-11-23', last)[0]).toBe('2026-11-23')
    expect(quickChangeDays(last, '2026-11-23', last).at(-1)).toBe(last)
  })
  it('keeps the passengers whose ticket is for the route ticked', () => {
    const o = order()
    const route = `${o.passengers[0].segment.date} ${o.passengers[0].segment.flightNo}`
    expect(passengersOnRoute(o, [1, 99], route)).toEqual([1])
    expect(passengersOnRoute(o, [1], '2026-12-09 XX1')).toEqual([])
  })
  it('asks for the rebook list once passengers, a date and a type are chosen', () => {
    expect(rebookKeyOf(41, [1, 2], '2026-12-02', 'voluntary')).toBe('air:rebook:41:1,2:2026-12-02:voluntary')
    expect(rebookKeyOf(41, [], '2026-12-02', 'voluntary')).toBeNull()
    expect(rebookKeyOf(41, [1], '', 'voluntary')).toBeNull()
    expect(rebookKeyOf(41, [1], '2026-12-02', '')).toBeNull()
  })
  it('sends the amounts seen and the cause text trimmed', () => {
    const draft = { ...emptyChange(), type: 'voluntary' as const, reason: 'other' as const, reasonText: ' meeting moved ' }
    const cabin = { cabinCode: 'B', dueFen: 12200, backFen: 0 } as RebookCabinView
    const ref = { date: '2026-12-02', flightNo: 'MU5105', depAirport: 'PVG', arrAirport: 'PEK' }
    expect(changeBodyOf(41, [1], draft, ref, cabin)).toEqual({
      orderId: 41,
      passengerIds: [1],
      type: 'voluntary',
      cause: 'other',
      causeText: 'meeting moved',
      flight: ref,
      cabinCode: 'B',
      expectedDueFen: 12200,
      expectedBackFen: 0,
    })
  })
})

describe('the order details', () => {
  it('makes the actions that go forward primary', () => {
    expect(['pay', 'payChange', 'change'].every((a) => isPrimaryAction(a as never))).toBe(true)
    expect(isPrimaryAction('cancel')).toBe(false)
  })
  it('reads the insurance per passenger from the price lines', () => {
    expect(insuranceUnitFenOf(order())).toBe(2000)
    expect(insuranceUnitFenOf(order({ price: { ...order().price, lines: [] } }))).toBe(0)
  })
  it('tells a ticket a change moved to another flight', () => {
    const o = order()
    expect(movedByChange(o, o.passengers[0])).toBe(false)
    expect(movedByChange(o, { ...o.passengers[0], segment: flight({ flightNo: 'MU5105', depTime: '14:00' }) })).toBe(true)
  })
  it('shows the check-in advice until check-in closes, not for an ended order', () => {
    const o = order()
    const before = Date.parse('2026-12-01T07:00:00+08:00')
    expect(checkInStillOpen(o, before)).toBe(true)
    expect(checkInStillOpen(o, Date.parse('2026-12-01T07:16:00+08:00'))).toBe(false)
    expect(checkInStillOpen({ ...o, ended: true }, before)).toBe(false)
    expect(checkInStillOpen({ ...o, checkIn: { ...o.checkIn, closesAt: null } }, before)).toBe(false)
  })
})
