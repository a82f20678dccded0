import { savedAtLabel } from '@/features/eventday/model/saved-at'

describe('when an offline copy was kept, on the phone’s clock', () => {
  // built from the phone's own clock fields: the same label in every zone the test machine has
  const at = new Date(2026, 10, 27, 9, 5).getTime()

  it('in Chinese: month-day hour:minute', () => {
    expect(savedAtLabel(at, 'zh')).toBe('11-27 09:05')
  })

  it('in English: day, month name, hour:minute', () => {
    expect(savedAtLabel(at, 'en')).toBe('27 Nov 09:05')
  })

  it('pads at the edges of the day and the year', () => {
    expect(savedAtLabel(new Date(2027, 0, 1, 0, 0).getTime(), 'zh')).toBe('01-01 00:00')
    expect(savedAtLabel(new Date(2026, 11, 31, 23, 59).getTime(), 'en')).toBe('31 Dec 23:59')
  })
})
