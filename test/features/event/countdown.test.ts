/**
 * countdownParts (spec §4 "not begun (countdown)") and formatEventRange: the event's wall clock in
 * the offset its ISO time was written with, whatever the device's time zone.
 */
import { countdownParts, formatEventRange } from '@/features/event/model/countdown'

const SEC = 1000
const MIN = 60 * SEC
const HOUR = 60 * MIN
const DAY = 24 * HOUR

describe('countdownParts', () => {
  const now = Date.parse('2026-11-20T08:00:00+08:00')

  it.each<[string, number, { d: number; h: number; m: number; s: number }]>([
    ['1 d 2 h 3 m 4 s', DAY + 2 * HOUR + 3 * MIN + 4 * SEC, { d: 1, h: 2, m: 3, s: 4 }],
    ['exactly one day', DAY, { d: 1, h: 0, m: 0, s: 0 }],
    ['one second less than a day', DAY - SEC, { d: 0, h: 23, m: 59, s: 59 }],
    ['59 s', 59 * SEC, { d: 0, h: 0, m: 0, s: 59 }],
    ['exactly one hour', HOUR, { d: 0, h: 1, m: 0, s: 0 }],
    ['exactly one minute', MIN, { d: 0, h: 0, m: 1, s: 0 }],
    ['30 days and a bit', 30 * DAY + 5 * SEC, { d: 30, h: 0, m: 0, s: 5 }],
    ['partial seconds are dropped (1.999 s → 1 s)', 1999, { d: 0, h: 0, m: 0, s: 1 }],
    ['under a second → 0 s', 999, { d: 0, h: 0, m: 0, s: 0 }],
    ['the moment itself', 0, { d: 0, h: 0, m: 0, s: 0 }],
    ['already past: never negative', -5 * HOUR, { d: 0, h: 0, m: 0, s: 0 }],
  ])('%s', (_name, delta, expected) => {
    expect(countdownParts(now + delta, now)).toEqual(expected)
  })

  it('is the time left to the start of an ISO time', () => {
    const start = Date.parse('2026-11-22T09:00:00+08:00')
    // 2 days, 1 hour, 0 minutes, 0 seconds
    expect(countdownParts(start, now)).toEqual({ d: 2, h: 1, m: 0, s: 0 })
    expect(countdownParts(start, now + 1)).toEqual({ d: 2, h: 0, m: 59, s: 59 })
  })
})

describe('formatEventRange', () => {
  it.each<[string, string, string, string]>([
    ['same day', '2026-11-22T09:00:00+08:00', '2026-11-22T18:00:00+08:00', '2026-11-22 09:00 – 18:00'],
    ['same day, seconds ignored', '2026-11-22T09:00:59+08:00', '2026-11-22T18:30:10+08:00', '2026-11-22 09:00 – 18:30'],
    ['cross-day, same year: end without the year', '2026-11-22T09:00:00+08:00', '2026-11-24T18:00:00+08:00', '2026-11-22 09:00 – 11-24 18:00'],
    ['cross-month', '2026-11-30T09:00:00+08:00', '2026-12-01T12:00:00+08:00', '2026-11-30 09:00 – 12-01 12:00'],
    ['cross-year: end with its year', '2026-12-31T20:00:00+08:00', '2027-01-01T02:00:00+08:00', '2026-12-31 20:00 – 2027-01-01 02:00'],
    // the offset's own wall clock, not UTC and not the device's zone
    ['late evening in Shanghai (UTC the day before)', '2026-11-22T07:00:00+08:00', '2026-11-22T23:30:00+08:00', '2026-11-22 07:00 – 23:30'],
    ['New York event', '2026-11-22T20:00:00-05:00', '2026-11-22T23:00:00-05:00', '2026-11-22 20:00 – 23:00'],
    ['UTC (Z)', '2026-11-22T09:00:00Z', '2026-11-23T01:00:00Z', '2026-11-22 09:00 – 11-23 01:00'],
    ['milliseconds in the ISO', '2026-11-22T09:00:00.000+08:00', '2026-11-22T18:00:00.000+08:00', '2026-11-22 09:00 – 18:00'],
  ])('%s', (_name, start, end, expected) => {
    expect(formatEventRange(start, end)).toBe(expected)
  })

  describe('whatever the device time zone', () => {
    /**
     * process.env.TZ cannot be changed inside a Jest sandbox, so a device zone is simulated: the
     * local-time getters answer as a device at `offsetMin` minutes from UTC would. An implementation
     * that read local time would then show other hours (or another day) than the event's own.
     */
    function simulateZone(offsetMin: number): void {
      const shifted = (d: Date) => new Date(d.getTime() + offsetMin * 60000)
      jest.spyOn(Date.prototype, 'getFullYear').mockImplementation(function (this: Date) {
        return shifted(this).getUTCFullYear()
      })
      jest.spyOn(Date.prototype, 'getMonth').mockImplementation(function (this: Date) {
        return shifted(this).getUTCMonth()
      })
      jest.spyOn(Date.prototype, 'getDate').mockImplementation(function (this: Date) {
        return shifted(this).getUTCDate()
      })
      jest.spyOn(Date.prototype, 'getHours').mockImplementation(function (this: Date) {
        return shifted(this).getUTCHours()
      })
      jest.spyOn(Date.prototype, 'getMinutes').mockImplementation(function (this: Date) {
        return shifted(this).getUTCMinutes()
      })
      jest.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-offsetMin)
    }
    afterEach(() => jest.restoreAllMocks())

    it('the simulation works (a Shanghai 00:30 is 08:30 the day before in Los Angeles)', () => {
      simulateZone(-8 * 60)
      const d = new Date('2026-11-22T00:30:00+08:00')
      expect([d.getDate(), d.getHours(), d.getMinutes()]).toEqual([21, 8, 30])
    })

    it.each<[string, number]>([
      ['UTC', 0],
      ['Los Angeles (UTC-8)', -8 * 60],
      ['Shanghai (UTC+8)', 8 * 60],
      ['Kiritimati (UTC+14)', 14 * 60],
      ['Baker Island (UTC-12)', -12 * 60],
    ])('%s', (_zone, offsetMin) => {
      simulateZone(offsetMin)
      expect(formatEventRange('2026-11-22T00:30:00+08:00', '2026-11-22T23:45:00+08:00')).toBe('2026-11-22 00:30 – 23:45')
      expect(formatEventRange('2026-12-31T23:00:00+08:00', '2027-01-01T01:00:00+08:00')).toBe('2026-12-31 23:00 – 2027-01-01 01:00')
      expect(formatEventRange('2026-11-22T20:00:00-05:00', '2026-11-23T02:00:00-05:00')).toBe('2026-11-22 20:00 – 11-23 02:00')
    })
  })

  it("a time that is not ISO is shown in the device's local time", () => {
    // Date.parse reads this form as local time, so the parts come back unchanged in any zone
    expect(formatEventRange('2026/11/22 09:05', '2026/11/22 18:00')).toBe('2026-11-22 09:05 – 18:00')
    expect(formatEventRange('2026/11/22 09:05', '2027/01/02 18:00')).toBe('2026-11-22 09:05 – 2027-01-02 18:00')
  })
})

describe('formatEventRange with what it cannot read', () => {
  it('shows the text as given rather than a wrong date', () => {
    expect(formatEventRange('soon', '2026-11-22T18:00:00+08:00')).toBe('soon – 2026-11-22T18:00:00+08:00')
  })
  it("reads an ISO time without an offset, with or without seconds and milliseconds, as the device's", () => {
    expect(formatEventRange('2026-11-22T09:05:00.000', '2026-11-22 18:00')).toBe('2026-11-22 09:05 – 18:00')
  })
})
