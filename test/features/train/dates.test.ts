/** Travel dates inside the pre-sale period (getPreSaleDay today … lastDate), at its edges. */
import { formatDay, isTravelDate, relativeDay, shiftDate, travelDateWithin, weekdayKey } from '@/features/train/model/dates'

const TODAY = '2026-11-22'
const LAST = '2026-12-06'

describe('travelDateWithin', () => {
  it.each<[string | null, string]>([
    [null, TODAY],
    ['2026-11-30', '2026-11-30'],
    [TODAY, TODAY],
    [LAST, LAST],
    ['2026-11-21', TODAY],
    ['2026-12-07', TODAY],
    ['not a date', TODAY],
  ])('%s → %s', (chosen, shown) => expect(travelDateWithin(chosen, TODAY, LAST)).toBe(shown))
})

describe('shiftDate', () => {
  it('a day either way inside the period', () => {
    expect(shiftDate('2026-11-30', 1, TODAY, LAST)).toBe('2026-12-01')
    expect(shiftDate('2026-12-01', -1, TODAY, LAST)).toBe('2026-11-30')
  })
  it('never before today nor after the last day on sale', () => {
    expect(shiftDate(TODAY, -1, TODAY, LAST)).toBeNull()
    expect(shiftDate(LAST, 1, TODAY, LAST)).toBeNull()
    expect(shiftDate('2026-12-05', 1, TODAY, LAST)).toBe(LAST)
  })
})

it('weekdays, today and tomorrow, valid dates', () => {
  expect(weekdayKey('2026-11-22')).toBe('d0')
  expect(weekdayKey('2026-11-28')).toBe('d6')
  expect([relativeDay(TODAY, TODAY), relativeDay('2026-11-23', TODAY), relativeDay('2026-11-24', TODAY)]).toEqual([0, 1, null])
  expect([isTravelDate('2026-12-01'), isTravelDate('2026-13-01x'), isTravelDate(undefined)]).toEqual([true, false, false])
})

describe('calendar edges', () => {
  it('months, years and leap days', () => {
    expect(shiftDate('2026-12-31', 1, '2026-12-01', '2027-01-15')).toBe('2027-01-01')
    expect(shiftDate('2028-03-01', -1, '2028-02-01', '2028-03-15')).toBe('2028-02-29')
    expect(shiftDate('2027-03-01', -1, '2027-02-01', '2027-03-15')).toBe('2027-02-28')
    expect(relativeDay('2027-01-01', '2026-12-31')).toBe(1)
    expect(weekdayKey('2028-02-29')).toBe('d2')
  })
  it('only real days are travel dates; no date shifts to none', () => {
    expect([isTravelDate('2028-02-29'), isTravelDate('2027-02-29'), isTravelDate('2026-11-31')]).toEqual([true, false, false])
    expect(shiftDate('not a date', 1, TODAY, LAST)).toBeNull()
  })
  it('formats as the catalogues say', () => {
    expect(formatDay('2026-12-01', 'M月D日')).toBe('12月1日')
    expect(formatDay('2026-12-01', 'D MMM')).toBe('1 Dec')
    expect(formatDay('2027-01-09', 'D MMM')).toBe('9 Jan')
  })
})
