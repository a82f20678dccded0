import { serialNumber } from '../src/train/rules/order-numbers'

describe('order numbers (train/rules/order-numbers.ts)', () => {
  const now = new Date('2026-11-22T16:30:00Z') // 00:30 on the 23rd in China

  it('is the letter, the China date and the digits, always that long', () => {
    for (const id of [0, 1, 7, 99_999_999, 100_000_000, Number.MAX_SAFE_INTEGER]) {
      expect(serialNumber('T', now, id, 8)).toMatch(/^T20261123\d{8}$/)
    }
  })

  it('never gives two ids of one day the same number (a block of consecutive ids, and ids far apart)', () => {
    const seen = new Set<string>()
    for (let id = 1; id <= 200_000; id++) seen.add(serialNumber('T', now, id, 8))
    for (let id = 50_000_000; id < 50_100_000; id++) seen.add(serialNumber('T', now, id, 8))
    expect(seen.size).toBe(300_000)
  })

  it('does not read as a counter: consecutive ids are far apart', () => {
    const a = Number(serialNumber('T', now, 1000, 8).slice(9))
    const b = Number(serialNumber('T', now, 1001, 8).slice(9))
    expect(Math.abs(a - b)).toBeGreaterThan(1_000_000)
  })

  it('refuses an id that is not a whole non-negative number', () => {
    expect(() => serialNumber('T', now, -1, 8)).toThrow(RangeError)
    expect(() => serialNumber('T', now, 1.5, 8)).toThrow(RangeError)
  })
})
