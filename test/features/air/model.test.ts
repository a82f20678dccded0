/**
 * The air screens' rules (src/features/air/model): passenger type at 14 days and 2 years, the
 * price breakdown, the reservation form's spec §5 messages, the flight list's filters and sorts.
 */
import { passengerTypeOn } from '@/features/air/model/passengerType'
import { priceOf } from '@/features/air/model/price'
import {
  blankPassenger,
  bookingProblems,
  bookingRequest,
  emptyDraft,
  passengerFromTraveller,
  type BookingDraft,
  type PassengerDraft,
} from '@/features/air/model/booking'
import { NO_FILTERS, activeFilterCount, applyFilters, filterOptions, slotOf, sortFlights } from '@/features/air/model/flights'
import { formatYuan } from '@/features/air/model/money'
import { addRecent, withinRange } from '@/features/air/model/recent'
import { countdown } from '@/features/air/model/format'
import { beijingToday } from '@/features/air/model/time'
import dayjs from 'dayjs'
import { CABIN_Y, flight } from './fixtures'

const DEP = '2026-12-01'
const TODAY = new Date('2026-11-23T12:00:00+08:00')
/** a valid ID card (GB 11643 check digit), born 1949-12-31, female */
const ID_ADULT = '11010519491231002X'

const adult = (over: Partial<PassengerDraft> = {}): PassengerDraft => ({ ...blankPassenger(), name: '张三', documentNumber: ID_ADULT, ...over })
const infant = (birthDate: string, over: Partial<PassengerDraft> = {}): PassengerDraft => ({
  ...blankPassenger(),
  name: 'LI XIAOBAO',
  documentType: 'passport',
  documentNumber: 'E12345678',
  sex: 'male',
  birthDate,
  ...over,
})
const draft = (passengers: PassengerDraft[], over: Partial<BookingDraft> = {}): BookingDraft => ({
  ...emptyDraft(),
  passengers,
  contactName: '张三',
  contactMobile: '13800138000',
  agreed: true,
  ...over,
})
const keys = (d: BookingDraft, needsReason = false) => bookingProblems(d, DEP, TODAY, needsReason).map((p) => p.key)

describe('passenger type on the day of departure (spec §5: infants 14 days to 2 years)', () => {
  it.each([
    ['2026-11-18', 'tooYoung'], // 13 days
    ['2026-11-17', 'infant'], // 14 days exactly
    ['2024-12-02', 'infant'], // one day short of 2 years
    ['2024-12-01', 'child'], // 2 years exactly
    ['2014-12-02', 'child'], // one day short of 12
    ['2014-12-01', 'adult'], // 12 exactly
  ])('born %s → %s', (birth, type) => {
    expect(passengerTypeOn(birth, DEP)).toBe(type)
  })
  it('a birth after departure or not a date is no type', () => {
    expect(passengerTypeOn('2026-12-02', DEP)).toBeNull()
    expect(passengerTypeOn('2026-02-30', DEP)).toBeNull()
  })
})

describe('price breakdown (spec §9: fare + tax + fuel fee + airport construction fee, insurance 20 yuan)', () => {
  it('adds each kind per passenger type, and insurance per insured passenger', () => {
    const p = priceOf(CABIN_Y, [
      { type: 'adult', insurance: true },
      { type: 'adult', insurance: false },
      { type: 'infant', insurance: true },
    ])
    expect(p.fareFen).toBe(2 * 124000 + 12400)
    expect(p.fuelFeeFen).toBe(2 * 6000)
    expect(p.constructionFeeFen).toBe(2 * 5000)
    expect(p.insuranceFen).toBe(2 * 2000)
    expect(p.totalFen).toBe(248000 + 12400 + 12000 + 10000 + 4000)
    expect(p.lines.find((l) => l.kind === 'fare' && l.passengerType === 'infant')).toEqual({
      kind: 'fare',
      passengerType: 'infant',
      unitFen: 12400,
      count: 1,
      amountFen: 12400,
    })
    // an infant pays no fuel or construction fee: no empty lines
    expect(p.lines.filter((l) => l.passengerType === 'infant').map((l) => l.kind)).toEqual(['fare'])
    expect(p.lines.at(-1)).toEqual({ kind: 'insurance', passengerType: null, unitFen: 2000, count: 2, amountFen: 4000 })
    expect(p.lines.reduce((s, l) => s + l.amountFen, 0)).toBe(p.totalFen)
  })
  it('formats fen as yuan', () => {
    expect(formatYuan(137000)).toBe('¥1,370')
    expect(formatYuan(12345)).toBe('¥123.45')
  })
})

describe('the reservation form (spec §5 air messages)', () => {
  it('accepts an adult with an infant, the adult insured', () => {
    expect(keys(draft([adult(), infant('2025-06-01')]))).toEqual([])
  })
  it('no passenger: "edit passenger info"', () => {
    expect(keys(draft([]))).toEqual(['air.err.selectPassenger'])
  })
  it('an infant or child is never booked alone', () => {
    expect(keys(draft([infant('2025-06-01')]))).toEqual(['air.err.notAlone'])
    expect(keys(draft([infant('2020-06-01')]))).toEqual(['air.err.notAlone'])
  })
  it('one infant per adult', () => {
    expect(keys(draft([adult(), infant('2025-06-01'), infant('2025-07-01', { documentNumber: 'E22345678' })]))).toEqual(['air.err.oneInfantPerAdult'])
  })
  describe('a passenger booked on an infant ticket is an infant on the day of departure, or the form says so', () => {
    it.each([
      ['2026-11-18', ['air.err.infantTooYoung']], // 13 days
      ['2026-11-17', []], // 14 days
      ['2024-12-02', []], // one day short of 2 years
      ['2024-12-01', ['air.err.notInfant']], // 2 years on the day: no silent child ticket
      ['2024-11-30', ['air.err.notInfant']],
    ])('born %s → %j', (birth, expected) => {
      expect(keys(draft([adult(), infant(birth, { ticketType: 'infant' })]))).toEqual(expected)
    })
    it('the booking asks for the ticket chosen; none chosen: none asked', () => {
      const req = bookingRequest(draft([adult(), infant('2025-06-01', { ticketType: 'infant' })]), {
        flight: { flightNo: 'MU5101', date: DEP, depAirport: 'SHA', arrAirport: 'PEK' } as never,
        cabinCode: 'Y',
        idempotencyKey: 'k'.repeat(20),
        expectedTotalFen: 1,
      })
      expect(req.passengers.map((x) => x.ticketType)).toEqual([undefined, 'infant'])
    })
  })
  it('an infant under 14 days cannot fly', () => {
    expect(keys(draft([adult(), infant('2026-11-20')]))).toEqual(['air.err.infantTooYoung'])
  })
  it('name: required, and as on the document', () => {
    expect(keys(draft([adult({ name: ' ' })]))).toEqual(['air.err.enterName'])
    expect(keys(draft([adult({ name: '张3' })]))).toEqual(['air.err.nameAsDocument'])
  })
  it('document numbers are checked by type (contracts/documents.ts)', () => {
    expect(keys(draft([adult({ documentNumber: '110105194912310021' })]))).toEqual(['air.err.documentNumber'])
    expect(keys(draft([adult({ documentType: 'homeReturnPermit', documentNumber: 'H1234567', birthDate: '1980-01-01', sex: 'male' })]))).toEqual([
      'air.err.documentNumber',
    ])
    expect(keys(draft([adult({ documentType: 'homeReturnPermit', documentNumber: 'H12345678', birthDate: '1980-01-01', sex: 'male' })]))).toEqual([])
    expect(keys(draft([adult({ documentType: 'taiwanCompatriotPermit', documentNumber: '12345678', birthDate: '1980-01-01', sex: 'confidential' })]))).toEqual(
      [],
    )
    expect(
      keys(
        draft([
          adult({ documentType: 'foreignerPermanentResidence', documentNumber: 'USA123456789012', name: 'JOHN SMITH', birthDate: '1980-01-01', sex: 'male' }),
        ]),
      ),
    ).toEqual([])
  })
  it('documents without a birth date need one typed; an ID card gives it, and the sex', () => {
    expect(keys(draft([adult({ documentType: 'passport', documentNumber: 'E12345678', name: 'ZHANG SAN', sex: 'female' })]))).toEqual(['air.err.birthDate'])
    const fromId = bookingRequest(draft([adult()]), {
      flight: { date: DEP, flightNo: 'MU5101', depAirport: 'SHA', arrAirport: 'PEK' },
      cabinCode: 'Y',
      idempotencyKey: 'k'.repeat(32),
      expectedTotalFen: 1,
    })
    expect(fromId.passengers[0]).toMatchObject({ birthDate: '1949-12-31', sex: 'female', documentNumber: ID_ADULT })
  })
  it('a sex contradicting the ID card is refused; confidential is allowed', () => {
    expect(keys(draft([adult({ sex: 'male' })]))).toEqual(['air.err.sexMismatch'])
    expect(keys(draft([adult({ sex: 'confidential' })]))).toEqual([])
  })
  it('the same document twice', () => {
    expect(keys(draft([adult(), adult()]))).toEqual(['air.err.duplicate'])
  })
  it('contact name, phone and its format, e-mail, remark, agreement, policy reason', () => {
    expect(keys(draft([adult()], { contactName: '' }))).toEqual(['air.err.contactName'])
    expect(keys(draft([adult()], { contactMobile: '' }))).toEqual(['air.err.contactPhone'])
    expect(keys(draft([adult()], { contactMobile: '1380013800' }))).toEqual(['air.err.phoneFormat'])
    expect(keys(draft([adult()], { email: 'a@b' }))).toEqual(['air.err.email'])
    expect(keys(draft([adult()], { remark: 'x'.repeat(201) }))).toEqual(['air.err.remark'])
    expect(keys(draft([adult()], { agreed: false }))).toEqual(['air.err.agreement'])
    expect(keys(draft([adult()]), true)).toEqual(['air.err.overPolicyReason'])
    expect(keys(draft([adult()], { overPolicyReason: '会议日程需要' }), true)).toEqual([])
  })
  it('a traveller becomes a passenger card with their first air document', () => {
    const p = passengerFromTraveller({
      contactKey: 'self',
      self: true,
      name: '张三',
      documents: [{ documentType: 'passport', documentNumber: 'E12345678' }],
      mobile: '13800138000',
      birthDate: '1949-12-31',
      sex: 'female',
    })
    expect(p).toMatchObject({ contactKey: 'self', documentType: 'passport', documentNumber: 'E12345678', insurance: true })
  })
})

describe('flight list filters and sorts', () => {
  const list = [
    flight({ flightNo: 'MU5101', depTime: '08:00', lowestFareFen: 98000 }),
    flight({
      flightNo: 'CA1502',
      depTime: '19:30',
      lowestFareFen: 76000,
      aircraftSize: 'medium',
      arrAirport: 'PKX',
      arr: { ...flight().arr, airport: 'PKX', airportZh: '大兴国际机场', airportEn: 'Daxing Intl' },
    }),
    flight({ flightNo: 'MU5103', depTime: '13:00', lowestFareFen: null, seatsLeft: 0 }),
    flight({ flightNo: 'CA1590', depTime: '05:40', lowestFareFen: 120000, durationMinutes: 120, stops: 1 }),
  ]
  it('slots by the departure airport local hour', () => {
    expect(slotOf('2026-12-01T05:59:00+08:00')).toBe('night')
    expect(slotOf('2026-12-01T06:00:00+08:00')).toBe('morning')
    expect(slotOf('2026-12-01T18:00:00+08:00')).toBe('evening')
  })
  it('filters by time, airline, airport, size, direct and availability', () => {
    expect(applyFilters(list, { ...NO_FILTERS, slots: ['evening'] }).map((f) => f.flightNo)).toEqual(['CA1502'])
    expect(applyFilters(list, { ...NO_FILTERS, airlines: ['MU'] }).map((f) => f.flightNo)).toEqual(['MU5101', 'MU5103'])
    expect(applyFilters(list, { ...NO_FILTERS, arrAirports: ['PKX'] }).map((f) => f.flightNo)).toEqual(['CA1502'])
    expect(applyFilters(list, { ...NO_FILTERS, sizes: ['medium'] }).map((f) => f.flightNo)).toEqual(['CA1502'])
    expect(applyFilters(list, { ...NO_FILTERS, directOnly: true, bookableOnly: true }).map((f) => f.flightNo)).toEqual(['MU5101', 'CA1502'])
    expect(activeFilterCount({ ...NO_FILTERS, airlines: ['MU', 'CA'], directOnly: true })).toBe(3)
  })
  it('sorts, sold-out flights last whatever the order', () => {
    expect(sortFlights(list, 'depEarly').map((f) => f.flightNo)).toEqual(['CA1590', 'MU5101', 'CA1502', 'MU5103'])
    expect(sortFlights(list, 'depLate').map((f) => f.flightNo)).toEqual(['CA1502', 'MU5101', 'CA1590', 'MU5103'])
    expect(sortFlights(list, 'priceLow').map((f) => f.flightNo)).toEqual(['CA1502', 'MU5101', 'CA1590', 'MU5103'])
    expect(sortFlights(list, 'durationShort')[0].flightNo).toBe('CA1590')
  })
  it('offers only what occurs in the list', () => {
    const o = filterOptions(list)
    expect(o.airlines.map((a) => a.code)).toEqual(['CA', 'MU'])
    expect(o.arrAirports.map((a) => a.code)).toEqual(['PEK', 'PKX'])
    expect(o.sizes).toEqual(['large', 'medium'])
  })
})

describe('recent searches, travel range, countdown, Beijing today', () => {
  const sha = { code: 'SHA', nameZh: '上海', nameEn: 'Shanghai', cityZh: '上海', cityEn: 'Shanghai' }
  const bjs = { code: 'BJS', nameZh: '北京', nameEn: 'Beijing', cityZh: '北京', cityEn: 'Beijing' }
  const can = { code: 'CAN', nameZh: '广州', nameEn: 'Guangzhou', cityZh: '广州', cityEn: 'Guangzhou' }
  it('keeps a route once, newest first, at most six', () => {
    let l = addRecent([], { dep: sha, arr: bjs, date: '2026-12-01' })
    l = addRecent(l, { dep: can, arr: bjs, date: '2026-12-02' })
    l = addRecent(l, { dep: sha, arr: bjs, date: '2026-12-03' })
    expect(l.map((r) => `${r.dep.code}-${r.arr.code}-${r.date}`)).toEqual(['SHA-BJS-2026-12-03', 'CAN-BJS-2026-12-02'])
    for (let i = 0; i < 10; i++) l = addRecent(l, { dep: { ...can, code: `C${i}` }, arr: bjs, date: '2026-12-01' })
    expect(l).toHaveLength(6)
  })
  it('a trip must start or end in the range', () => {
    expect(withinRange(sha, can, ['北京'])).toBe(false)
    expect(withinRange(sha, bjs, ['北京'])).toBe(true)
    expect(withinRange(sha, can, [])).toBe(true)
  })
  it('counts down to the server deadline', () => {
    expect(countdown(Date.parse('2026-11-23T10:30:00+08:00'), Date.parse('2026-11-23T10:00:01+08:00'))).toBe('29:59')
    expect(countdown(0, 5000)).toBe('00:00')
  })
  it('today is Beijing’s today', () => {
    expect(beijingToday(dayjs('2026-11-22T17:00:00Z'))).toBe('2026-11-23')
    expect(beijingToday(dayjs('2026-11-22T15:59:00Z'))).toBe('2026-11-22')
  })
})
