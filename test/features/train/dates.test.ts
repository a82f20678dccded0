/** Travel dates inside the pre-sale period (getPreSaleDay today … lastDate), at its edges. */
import { isTravelDate, relativeDay, shiftDate, travelDateWithin, weekdayKey } from '@/features/train/model/dates'

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
