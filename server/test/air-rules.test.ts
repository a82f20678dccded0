/**
 * The air rules table at its edges with fixed dates: passenger type at 14 days and 2 years (and
 * 12 years), the fare-rule windows at 7 days and 2 hours, the price breakdown (fare + tax + fuel
 * fee + airport construction fee, insurance 20 yuan), passenger checks with document formats from
 * contracts/documents.ts, and the state machine's table move by move.
 */
import { AIR_ORDER_STATUSES } from '@contracts/air'
import type { PassengerInput } from '@contracts/calls/flight'
import { AIR_TRANSITIONS, transition } from '../src/air/rules/order-machine'
import { checkContact, checkPassengers } from '../src/air/rules/passengers'
import { AIR_RULES, faresFor, passengerTypeOn, priceBreakdown, ruleWindow } from '../src/air/rules/air-rules'
import { newPaymentNo } from '../src/payments/rules/payment-rules'

describe('passenger type on the day of departure', () => {
  it.each([
    ['2026-12-01', '2026-11-18', 'tooYoung'], // 13 days
    ['2026-12-01', '2026-11-17', 'infant'], // 14 days: the first day an infant flies
    ['2026-12-01', '2024-12-02', 'infant'], // one day before turning 2
    ['2026-12-01', '2024-12-01', 'child'], // 2 years on the day
    ['2026-12-01', '2014-12-02', 'child'],
    ['2026-12-01', '2014-12-01', 'adult'], // 12 years on the day
    ['2026-12-01', '2026-12-02', null], // born after departure
    ['2026-12-01', '2026-02-30', null],
  ])('departing %s, born %s → %s', (dep, birth, type) => {
    expect(passengerTypeOn(birth, dep)).toBe(type)
  })
})

describe('fare-rule windows (7 days, 2 hours)', () => {
  const h = 3600_000
  it.each([
    [7 * 24 * h, 'over7Days'],
    [7 * 24 * h - 1, 'from2HoursTo7Days'],
    [2 * h, 'from2HoursTo7Days'],
    [2 * h - 1, 'under2Hours'],
    [0, 'under2Hours'],
    [-1, 'afterDeparture'],
  ])('%i ms before departure → %s', (ms, w) => expect(ruleWindow(ms)).toBe(w))
})

describe('price', () => {
  const fares = faresFor(1000_00, 1250_00, 1080, 'domestic')
  it('adult: fare + fuel (over 800 km) + construction fee; child: half the full fare, half the fuel, no fee; infant 10%, no fees', () => {
    expect(fares.adult).toEqual({ fareFen: 1000_00, taxFen: 0, fuelFeeFen: 20_00, constructionFeeFen: 50_00, totalFen: 1070_00 })
    expect(fares.child).toEqual({ fareFen: 630_00, taxFen: 0, fuelFeeFen: 10_00, constructionFeeFen: 0, totalFen: 640_00 })
    expect(fares.infant).toEqual({ fareFen: 130_00, taxFen: 0, fuelFeeFen: 0, constructionFeeFen: 0, totalFen: 130_00 })
    expect(faresFor(500_00, 600_00, 700, 'domestic').adult.fuelFeeFen).toBe(AIR_RULES.fuelFeeFen.upTo800Km)
    expect(faresFor(500_00, 600_00, 700, 'regional').adult.taxFen).toBe(AIR_RULES.regionalTaxFen)
  })

  it('a child never pays more than the adult discounted fare', () => {
    expect(faresFor(400_00, 1250_00, 1080, 'domestic').child.fareFen).toBe(400_00)
  })

  it('breakdown: one line per kind and passenger type, insurance 20 yuan per insured passenger, total the sum', () => {
    const p = priceBreakdown(
      [
        { passengerType: 'adult', insurance: true },
        { passengerType: 'adult', insurance: false },
        { passengerType: 'infant', insurance: true },
      ],
      fares,
    )
    expect(p.lines).toEqual([
      { kind: 'fare', passengerType: 'adult', unitFen: 1000_00, count: 2, amountFen: 2000_00 },
      { kind: 'fuelFee', passengerType: 'adult', unitFen: 20_00, count: 2, amountFen: 40_00 },
      { kind: 'constructionFee', passengerType: 'adult', unitFen: 50_00, count: 2, amountFen: 100_00 },
      { kind: 'fare', passengerType: 'infant', unitFen: 130_00, count: 1, amountFen: 130_00 },
      { kind: 'insurance', passengerType: null, unitFen: 20_00, count: 2, amountFen: 40_00 },
    ])
    expect(p.totalFen).toBe(2000_00 + 40_00 + 100_00 + 130_00 + 40_00)
    expect(p.totalFen).toBe(p.fareFen + p.taxFen + p.fuelFeeFen + p.constructionFeeFen + p.insuranceFen)
  })
})

describe('passenger checks', () => {
  const today = new Date('2026-11-22T04:00:00Z')
  const adult: PassengerInput = {
    name: '张伟',
    documentType: 'idCard',
    documentNumber: '110101199003074477',
    sex: 'male',
    birthDate: '',
    mobile: '',
    insurance: false,
    contactKey: '',
  }
  const p = (over: Partial<PassengerInput>): PassengerInput => ({ ...adult, ...over })

  it('reads birth date and sex from the ID card; types by departure date', () => {
    const r = checkPassengers(
      [adult, p({ name: 'ZHANG/XIAOBAO', documentType: 'passport', documentNumber: 'e1234 5678', sex: 'confidential', birthDate: '2025-12-01' })],
      '2026-12-01',
      today,
    )
    expect(r.ok && r.passengers.map((x) => [x.birthDate, x.passengerType, x.documentNumber])).toEqual([
      ['1990-03-07', 'adult', '110101199003074477'],
      ['2025-12-01', 'infant', 'E12345678'],
    ])
  })

  it.each<[string, PassengerInput[], string]>([
    [
      'home return permit format',
      [adult, p({ name: '陈大文', documentType: 'homeReturnPermit', documentNumber: 'X1234567', birthDate: '1980-01-01' })],
      'EAIR1103',
    ],
    [
      'Taiwan compatriot permit of 8 digits is fine, 7 is not',
      [adult, p({ name: '林志明', documentType: 'taiwanCompatriotPermit', documentNumber: '1234567', birthDate: '1980-01-01' })],
      'EAIR1103',
    ],
    [
      'foreigner permanent residence card',
      [adult, p({ name: 'John Smith', documentType: 'foreignerPermanentResidence', documentNumber: 'USA12345678901', birthDate: '1980-01-01' })],
      'EAIR1103',
    ],
    [
      'HK/Macao/Taiwan resident permit must start 81/82/83',
      [adult, p({ name: '陈大文', documentType: 'hmtResidencePermit', documentNumber: '110101199003074477' })],
      'EAIR1103',
    ],
    ['birth date other than the ID card', [p({ birthDate: '1990-03-08' })], 'EAIR1105'],
    ['a child alone', [p({ name: '张小明', documentType: 'passport', documentNumber: 'E11111111', birthDate: '2020-01-01' })], 'EAIR1107'],
    ['a bad passenger mobile', [p({ mobile: '123' })], 'EAIR1114'],
    [
      'ten passengers',
      Array.from({ length: 10 }, (_, i) => p({ name: 'Li Lei', documentType: 'passport', documentNumber: `E${10_000_000 + i}`, birthDate: '1980-01-01' })),
      'EAIR1112',
    ],
  ])('%s', (_what, list, msgId) => {
    const r = checkPassengers(list, '2026-12-01', today)
    expect(r.ok ? null : r.problem.msgId).toBe(msgId)
  })

  describe('a passenger booked on an infant ticket must be an infant on the day of departure (14 days to 2 years)', () => {
    const baby = (birthDate: string) =>
      p({ name: 'ZHANG/XIAOBAO', documentType: 'passport', documentNumber: 'E12345678', sex: 'male', birthDate, ticketType: 'infant' })
    it.each([
      ['2026-11-18', 'EAIR1106'], // 13 days: too young to fly at all
      ['2026-11-17', null], // 14 days
      ['2024-12-02', null], // one day before turning 2
      ['2024-12-01', 'EAIR1115'], // 2 years on the day: not an infant, never a silent child ticket
      ['2024-11-30', 'EAIR1115'], // 2 years and a day
    ])('born %s, departing 2026-12-01 → %s', (birthDate, msgId) => {
      const r = checkPassengers([adult, baby(birthDate)], '2026-12-01', today)
      expect(r.ok ? null : r.problem).toEqual(msgId === null ? null : { msgId, params: { name: 'ZHANG/XIAOBAO' } })
      if (r.ok) expect(r.passengers[1].passengerType).toBe('infant')
    })
    it('a child ticket for an infant, or an adult ticket for a child, is refused alike', () => {
      const child = (birthDate: string, ticketType: 'child' | 'adult') =>
        p({ name: 'Li Xiaoming', documentType: 'passport', documentNumber: 'E22222222', birthDate, ticketType })
      expect(checkPassengers([adult, child('2025-12-01', 'child')], '2026-12-01', today)).toMatchObject({ ok: false, problem: { msgId: 'EAIR1116' } })
      expect(checkPassengers([adult, child('2020-12-01', 'adult')], '2026-12-01', today)).toMatchObject({ ok: false, problem: { msgId: 'EAIR1117' } })
      expect(checkPassengers([adult, child('2020-12-01', 'child')], '2026-12-01', today)).toMatchObject({ ok: true })
    })
  })

  it('valid documents of every other type pass', () => {
    const r = checkPassengers(
      [
        adult,
        p({ name: '陈大文', documentType: 'homeReturnPermit', documentNumber: 'H12345678', birthDate: '1980-01-01', sex: 'male' }),
        p({ name: '林志明', documentType: 'taiwanCompatriotPermit', documentNumber: '12345678', birthDate: '1980-01-01' }),
        p({ name: 'John Smith', documentType: 'foreignerPermanentResidence', documentNumber: 'USA123456789012', birthDate: '1980-01-01' }),
      ],
      '2026-12-01',
      today,
    )
    expect(r.ok).toBe(true)
  })

  it('contact checks in the order the form reads', () => {
    expect(checkContact({ name: '', mobile: '', email: '' }, '', false)?.msgId).toBe('EAIR1201')
    expect(checkContact({ name: 'a', mobile: '', email: '' }, '', false)?.msgId).toBe('EAIR1202')
    expect(checkContact({ name: 'a', mobile: '1380013800', email: '' }, '', false)?.msgId).toBe('EAIR1203')
    expect(checkContact({ name: 'a', mobile: '13800138000', email: 'x@' }, '', false)?.msgId).toBe('EAIR1204')
    expect(checkContact({ name: 'a', mobile: '13800138000', email: '' }, '', false)?.msgId).toBe('EAIR1205')
    expect(checkContact({ name: 'a', mobile: '13800138000', email: 'a@b.cn' }, 'x'.repeat(200), true)).toBeNull()
  })
})

describe('air order state machine', () => {
  it('holds all 15 statuses of spec §4', () => {
    expect(Object.keys(AIR_TRANSITIONS).sort()).toEqual([...AIR_ORDER_STATUSES].sort())
    expect(AIR_ORDER_STATUSES).toHaveLength(15)
  })
  it.each([
    ['new', 'priced', 'toBePaid'],
    ['toBePaid', 'paid', 'awaitingIssue'],
    ['toBePaid', 'payDeadlinePassed', 'cancelled'],
    ['toBePaid', 'cancelledByAttendee', 'cancelled'],
    ['awaitingIssue', 'ticketIssued', 'ticketed'],
    ['awaitingIssue', 'issueFailed', 'issueFailed'],
    ['ticketed', 'refundRequested', 'refunding'],
    ['ticketed', 'flown', 'traveled'],
  ] as const)('%s --%s--> %s', (from, event, to) => expect(transition(from, event)).toBe(to))
  it.each([
    ['cancelled', 'paid'],
    ['awaitingIssue', 'paid'],
    ['ticketed', 'cancelledByAttendee'], // spec §4: a ticketed order needs a refund
    ['issueFailed', 'ticketIssued'],
    ['toBePaid', 'ticketIssued'],
  ] as const)('%s does not take %s', (from, event) => expect(transition(from, event)).toBeNull())
  it('every target is a status; ended statuses take nothing', () => {
    for (const moves of Object.values(AIR_TRANSITIONS)) for (const to of Object.values(moves)) expect(AIR_ORDER_STATUSES).toContain(to)
    for (const s of ['cancelled', 'refunded', 'traveled', 'issueFailed'] as const) expect(AIR_TRANSITIONS[s]).toEqual({})
  })
})

it('payment numbers fit WeChat out_trade_no (6-32 of [A-Za-z0-9])', () => {
  const no = newPaymentNo('flight', new Date('2026-11-22T04:05:06Z'), '123456789012')
  expect(no).toMatch(/^[A-Za-z0-9]{6,32}$/)
  expect(no.startsWith('FLIG20261122040506')).toBe(true)
})
