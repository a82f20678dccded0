/** Durations and money as the train screens write them. */
import { dayOffsetLabel, formatDuration, formatYuan, seatPlace, wallClockOf } from '@/features/train/model/format'
import '@/features/train/i18n'
import { translate } from '@/lib/i18n'

describe('formatDuration', () => {
  it.each<[number, string, string]>([
    [328, '5小时28分', '5h 28m'],
    [300, '5小时', '5h'],
    [45, '45分', '45m'],
    [0, '0分', '0m'],
    [1501, '25小时1分', '25h 1m'],
  ])('%d minutes', (m, zh, en) => {
    expect(formatDuration(m, 'zh')).toBe(zh)
    expect(formatDuration(m, 'en')).toBe(en)
  })
})

describe('formatYuan', () => {
  it.each([
    [55300, '553'],
    [55350, '553.50'],
    [55305, '553.05'],
    [0, '0'],
    [500, '5'],
  ])('%d fen → ¥%s', (fen, yuan) => expect(formatYuan(fen)).toBe(yuan))
})

it('day offset', () => {
  expect(dayOffsetLabel(0)).toBe('')
  expect(dayOffsetLabel(1)).toBe('+1')
})

it("a server instant on the server's wall clock, whatever the phone's time zone", () => {
  expect(wallClockOf('2026-11-23T09:05:00+08:00')).toBe('2026-11-23 09:05')
  expect(wallClockOf('2026-11-23T09:05:00.123+08:00')).toBe('2026-11-23 09:05')
  expect(wallClockOf('garbage')).toBe('garbage')
})

describe('seatPlace', () => {
  const zh = ((key: string, params?: Record<string, string | number>) => translate('zh', key as never, params)) as never
  const en = ((key: string, params?: Record<string, string | number>) => translate('en', key as never, params)) as never
  it('a seat: carriage and seat number', () => {
    expect(seatPlace(zh, '05', '12F')).toBe('05车 12F')
  })
  it('a standing ticket (a carriage, no seat number) says so, in either language', () => {
    expect(seatPlace(zh, '07', '')).toBe('07车 无座')
    expect(seatPlace(en, '07', '')).toMatch(/07.*Standing$/)
  })
  it('no carriage yet: nothing to show (the screen says the seat comes with the ticket)', () => {
    expect(seatPlace(zh, null, null)).toBeNull()
    expect(seatPlace(zh, '', '12F')).toBeNull()
  })
})
