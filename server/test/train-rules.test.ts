/**
 * train/rules/train-rules.ts, table by table with fixed clocks: ticketing hours at their edge minutes,
 * the payment deadline to the second, children by height (1.2 m / 1.5 m) in the spec's profile and
 * by age (6 / 14) in today's railway profile, refund fee tiers and rounding; and the pure booking
 * and seat rules built on them.
 */
import {
  ageOn,
  childTicketByAge,
  childTicketByHeight,
  changeOpen,
  feeFen,
  isPastDeadline,
  onSale,
  payDeadline,
  refundFeeFen,
  TRAIN_RULES,
} from '../src/train/rules/train-rules'
import { formProblem, seatChoiceFits, ticketKinds } from '../src/train/rules/booking'
import { occupiedSeats, pickSeats, seatLabel, seatsLeft } from '../src/train/rules/seats'
import { canMove, TRAIN_ORDER_ACTIONS, TRAIN_ORDER_TRANSITIONS } from '../src/train/rules/order-states'
import { TRAIN_ORDER_STATUSES } from '@contracts/train'

const spec = TRAIN_RULES.spec
const today = TRAIN_RULES.railway2024
/** an instant at a China wall-clock time */
const china = (s: string) => new Date(`${s}+08:00`)

describe('ticketing hours (spec §9 05:00-23:00)', () => {
  it.each([
    ['2026-05-01T04:59:59', false],
    ['2026-05-01T05:00:00', true],
    ['2026-05-01T12:00:00', true],
    ['2026-05-01T22:59:59', true],
    ['2026-05-01T23:00:00', false],
    ['2026-05-01T23:30:00', false],
    ['2026-05-02T00:30:00', false],
  ])('spec profile at %s: on sale %s', (at, open) => {
    expect(onSale(spec, china(at))).toBe(open)
    expect(changeOpen(spec, china(at))).toBe(open)
  })

  it.each([
    ['2026-05-01T04:59:00', false],
    ['2026-05-01T05:00:00', true],
    ['2026-05-01T23:00:00', true],
    ['2026-05-02T00:59:00', true],
    ['2026-05-02T01:00:00', false],
  ])("today's railway profile (05:00-01:00) at %s: on sale %s", (at, open) => {
    expect(onSale(today, china(at))).toBe(open)
  })
})

describe('payment deadline (spec §4: 20 minutes)', () => {
  const saved = china('2026-05-01T10:00:00')
  const deadline = payDeadline(spec, saved)
  it('is 20 minutes after saving', () => expect(deadline.toISOString()).toBe(china('2026-05-01T10:20:00').toISOString()))
  it.each([
    [-1000, false],
    [-1, false],
    [0, true],
    [1000, true],
  ])('%i ms from the deadline: past %s', (offset, past) => {
    expect(isPastDeadline(deadline, new Date(deadline.getTime() + offset))).toBe(past)
  })
})

describe('children', () => {
  it.each([
    [119, 'free'],
    [120, 'child'],
    [149, 'child'],
    [150, 'child'],
    [151, 'adult'],
  ] as const)('spec profile, %i cm: %s', (cm, ticket) => expect(childTicketByHeight(spec, cm)).toBe(ticket))

  it.each([
    ['2020-05-02', 'free'], // 5 the day before the 6th birthday
    ['2020-05-01', 'child'], // 6 on the day
    ['2012-05-02', 'child'], // 13
    ['2012-05-01', 'adult'], // 14 on the day
  ] as const)('railway2024 profile, born %s, travelling 2026-05-01: %s', (birth, ticket) => {
    expect(childTicketByAge(today, birth, '2026-05-01')).toBe(ticket)
  })

  it('age counts the birthday itself', () => {
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25)
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26)
  })

  const adult = {
    travellerId: 1,
    passengerType: 'adult' as const,
    traveller: { name: '张伟', documentType: 'idCard' as const, documentNumber: '110101199003074477' },
  }
  // born 2016-03-07: 10 in 2026
  const kid = (p: object = {}) => ({
    travellerId: 2,
    passengerType: 'child' as const,
    traveller: { name: '张小明', documentType: 'idCard' as const, documentNumber: '110101201603070012' },
    ...p,
  })

  it.each([
    ['spec', [adult, kid({ heightCm: 130 })], { kinds: ['adult', 'child'] }],
    ['spec', [adult, kid()], { problem: { msgId: 'ETRAIN1029', params: { name: '张小明' } } }],
    ['spec', [adult, kid({ heightCm: 110 })], { problem: { msgId: 'ETRAIN1021', params: { name: '张小明' } } }],
    ['spec', [adult, kid({ heightCm: 160 })], { problem: { msgId: 'ETRAIN1022', params: { name: '张小明' } } }],
    ['spec', [kid({ heightCm: 130 })], { problem: { msgId: 'ETRAIN1023' } }],
    ['railway2024', [adult, kid()], { kinds: ['adult', 'child'] }],
    ['railway2024', [adult, kid({ heightCm: 110 })], { kinds: ['adult', 'child'] }],
  ] as const)('%s: %j', (profile, passengers, expected) => {
    expect(ticketKinds(TRAIN_RULES[profile], '2026-05-01', [...passengers])).toEqual(expected)
  })
})

describe('refund fees (spec §9)', () => {
  const h = 3600_000
  it.each([
    [8 * 24 * h, 0],
    [8 * 24 * h - 1, 2750], // 5 % of 550 yuan
    [48 * h, 2750],
    [48 * h - 1, 5500], // 10 %
    [24 * h, 5500],
    [24 * h - 1, 11000], // 20 %
    [0, 11000],
  ])('%i ms before departure on ¥550: fee %i fen', (before, fee) => expect(refundFeeFen(spec, 55000, before)).toBe(fee))

  it('rounds to 0.5 yuan, at least 2 yuan, never above the fare', () => {
    expect(feeFen(spec, 1230, 5)).toBe(200) // 0.615 → minimum 2 yuan
    expect(feeFen(spec, 12345, 5)).toBe(600) // 6.17 → 6.0
    expect(feeFen(spec, 12500, 5)).toBe(650) // 6.25 → 6.5
    expect(feeFen(spec, 150, 20)).toBe(150)
    expect(feeFen(spec, 12345, 0)).toBe(0)
  })

  it("changes cost nothing in the spec profile; tiers since 2024 in today's", () => {
    expect(spec.changeFeeTiers).toEqual([])
    expect(today.changeFeeTiers.map((t) => t.percent)).toEqual([0, 5, 10, 20])
  })
})

describe('order form (spec §5)', () => {
  const ok = { passengers: [{ travellerId: 1, passengerType: 'adult' as const }], contactName: '张伟', contactMobile: '13800138000', agreed: true }
  it.each([
    [{}, null],
    [{ passengers: [] }, 'ETRAIN1011'],
    [{ passengers: Array.from({ length: 6 }, (_, i) => ({ travellerId: i + 1, passengerType: 'adult' })) }, 'ETRAIN1014'],
    [{ passengers: [ok.passengers[0], ok.passengers[0]] }, 'ETRAIN1015'],
    [{ contactName: '  ' }, 'ETRAIN1012'],
    [{ contactMobile: '' }, 'ETRAIN1018'],
    [{ contactMobile: '1380013800' }, 'EVAL0002'],
    [{ agreed: false }, 'ETRAIN1013'],
  ] as const)('%j → %s', (change, msgId) => {
    expect(formProblem(spec, { ...ok, ...change } as typeof ok)?.msgId ?? null).toBe(msgId)
  })

  it.each([
    ['G', 'second', 'B', true],
    ['G', 'first', 'B', false],
    ['G', 'business', 'window', true],
    ['D', 'softSleeper', 'window', false],
    ['K', 'hardSeat', 'A', false],
    ['K', 'hardSeat', undefined, true],
  ] as const)('%s %s wish %s fits: %s', (train, seat, choice, fits) => expect(seatChoiceFits(train, seat, choice)).toBe(fits))
})

describe('seats', () => {
  const holds = [
    { seatIndex: 8, fromIdx: 0, toIdx: 2 },
    { seatIndex: 9, fromIdx: 2, toIdx: 4 },
  ]
  it('a seat sold for one segment is free on the next', () => {
    expect([...occupiedSeats(holds, { fromIdx: 2, toIdx: 4 })]).toEqual([9])
    expect([...occupiedSeats(holds, { fromIdx: 0, toIdx: 4 })]).toEqual([8, 9])
    expect([...occupiedSeats(holds, { fromIdx: 4, toIdx: 5 })]).toEqual([])
    expect(seatsLeft(10, 8, occupiedSeats(holds, { fromIdx: 1, toIdx: 3 }))).toBe(0)
    expect(seatsLeft(10, 8, occupiedSeats(holds, { fromIdx: 0, toIdx: 1 }))).toBe(1)
  })

  it('honours a wish when such a seat is free, and is all or nothing', () => {
    // second class: A B C D F per row, seats 0..4 = 01A 01B 01C 01D 01F
    expect(pickSeats('second', 10, 0, new Set(), ['F', 'window', 'B'])).toEqual([4, 0, 1])
    expect(pickSeats('second', 10, 8, new Set([9]), [null, null])).toBeNull()
    expect(pickSeats('second', 10, 8, new Set([9]), ['A'])).toEqual([8])
  })

  it('names seats as the railway prints them', () => {
    const g = ['business', 'first', 'second', 'noSeat'] as const
    const cap = (s: string) => ({ business: 10, first: 48, second: 300, noSeat: 60 })[s as 'first']
    expect(seatLabel(g, cap, 'business', 0)).toEqual({ carriage: '01', seatNo: '01A', position: 'window' })
    expect(seatLabel(g, cap, 'first', 2)).toEqual({ carriage: '02', seatNo: '01D', position: 'aisle' })
    expect(seatLabel(g, cap, 'second', 91)).toEqual({ carriage: '05', seatNo: '01B', position: 'middle' })
    expect(seatLabel(g, cap, 'noSeat', 1).seatNo).toBe('')
    const k = ['softSleeper', 'hardSleeper', 'hardSeat', 'noSeat'] as const
    const kc = (s: string) => ({ softSleeper: 36, hardSleeper: 120, hardSeat: 300, noSeat: 60 })[s as 'hardSeat']
    expect(seatLabel(k, kc, 'hardSleeper', 4)).toEqual({ carriage: '02', seatNo: '02M', position: null })
    expect(seatLabel(k, kc, 'hardSeat', 0)).toEqual({ carriage: '04', seatNo: '001', position: null })
  })
})

describe('order state machine', () => {
  it('knows every status of spec §4', () => {
    expect(Object.keys(TRAIN_ORDER_TRANSITIONS).sort()).toEqual([...TRAIN_ORDER_STATUSES].sort())
    expect(Object.keys(TRAIN_ORDER_ACTIONS).sort()).toEqual([...TRAIN_ORDER_STATUSES].sort())
  })
  it.each([
    ['toBePaid', 'ticketing', true],
    ['toBePaid', 'canceled', true],
    ['toBePaid', 'overdue', true],
    ['toBePaid', 'issued', false],
    ['ticketing', 'issued', true],
    ['ticketing', 'failed', true],
    ['ticketing', 'canceled', false],
    ['overdue', 'ticketing', false],
    ['canceled', 'ticketing', false],
    ['failed', 'issued', false],
    ['issued', 'toBePaid', false],
  ] as const)('%s → %s allowed: %s', (from, to, allowed) => expect(canMove(from, to)).toBe(allowed))
})
