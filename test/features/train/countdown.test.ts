/** The countdown to the server's payment deadline, on the server's clock (spec §4, §9: 20 minutes). */
import { clockOffset, formatMinutesSeconds, secondsLeft } from '@/features/train/model/countdown'

describe('secondsLeft', () => {
  const deadline = '2026-11-22T10:20:00.000Z'
  const at = (iso: string) => Date.parse(iso)
  it.each<[string, string, number]>([
    ['20 minutes before', '2026-11-22T10:00:00.000Z', 1200],
    ['one second before', '2026-11-22T10:19:59.000Z', 1],
    ['half a second before: 0, the deadline has come for the screen', '2026-11-22T10:19:59.500Z', 0],
    ['at the deadline', '2026-11-22T10:20:00.000Z', 0],
    ['after it: never negative', '2026-11-22T11:00:00.000Z', 0],
  ])('%s', (_n, now, left) => expect(secondsLeft(deadline, at(now))).toBe(left))

  it("counts on the server's clock when the phone's is wrong", () => {
    // the phone is 3 minutes slow: it received the answer at 09:57 by its clock, 10:00 by the server's
    const offset = clockOffset({ serverNow: '2026-11-22T10:00:00.000Z', receivedAt: at('2026-11-22T09:57:00.000Z') })
    expect(offset).toBe(180_000)
    expect(secondsLeft(deadline, at('2026-11-22T09:57:00.000Z'), offset)).toBe(1200)
    expect(secondsLeft(deadline, at('2026-11-22T10:17:00.000Z'), offset)).toBe(0)
  })
  it('a deadline it cannot read is no time at all', () => expect(secondsLeft('', Date.now())).toBe(0))
})

describe('formatMinutesSeconds', () => {
  it.each([
    [1200, '20:00'],
    [61, '01:01'],
    [59, '00:59'],
    [0, '00:00'],
    [-3, '00:00'],
  ])('%d → %s', (s, text) => expect(formatMinutesSeconds(s)).toBe(text))
})
