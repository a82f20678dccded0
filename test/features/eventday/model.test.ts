/** Event day pure rules: scan messages (spec §5), schedule grouping, feedback checks, money, places. */
import type { SubEventView } from '@contracts/calls/register'
import { newIdempotencyKey, scanProblem } from '@/features/eventday/model/checkin'
import { groupDay, timeRange, tracksOfDay, utcParts } from '@/features/eventday/model/schedule'
import { orderPageOf, yuanOf } from '@/features/eventday/model/orders'
import { coordinatesOf } from '@/features/eventday/model/location'
import { entriesFor, paragraphsOf, shortTime } from '@/features/eventday/model/entries'
import { eventTimeState } from '@contracts/event'
import { feedbackProblem } from '@/features/eventday/model/feedback'

describe('scanProblem', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['hello', 'unrecognised'],
    ['https://example.com/page', 'unrecognised'],
    ['https://m.example.com/signIn?ehc=other&code=MAIN-ABCDEFGHJK', 'unrecognised'],
    ['https://m.example.com/signIn?ehc=demo&code=MAIN-ABCDEFGHJK', null],
    ['MAIN-ABCDEFGHJK', null],
    // legal or not is the server's to say (it signs): a well-formed made-up code passes here
    ['MAIN-AAAAAAAAAA', null],
  ])('%p → %p', (text, want) => {
    expect(scanProblem(text, 'demo')).toBe(want)
  })
  it('keys are new each time and of the server’s shape', () => {
    const a = newIdempotencyKey()
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    expect(newIdempotencyKey()).not.toBe(a)
  })
})

const s = (code: string, day: string, start: string, trackZh: string, signedUp = false): SubEventView => ({
  code,
  day,
  startTime: `${day}T${start}:00+08:00`,
  endTime: `${day}T${start.slice(0, 2)}:45:00+08:00`,
  titleZh: code,
  titleEn: code,
  trackZh,
  trackEn: trackZh ? `EN ${trackZh}` : '',
  venueZh: '',
  venueEn: '',
  speakerZh: '',
  speakerEn: '',
  summaryZh: '',
  summaryEn: '',
  signupOpen: false,
  capacity: null,
  taken: 0,
  signedUp,
})

describe('schedule grouping', () => {
  const items = [
    s('b1', '2026-11-23', '14:00', 'B'),
    s('open', '2026-11-23', '09:00', ''),
    s('a1', '2026-11-23', '10:00', 'A', true),
    s('a2', '2026-11-23', '11:00', 'A'),
    s('d2', '2026-11-24', '09:00', 'A'),
  ]
  it('by day: plenary first, then tracks in order of their first session, by time within', () => {
    expect(groupDay(items, '2026-11-23', 'zh').map((g) => [g.track, g.items.map((i) => i.code)])).toEqual([
      ['', ['open']],
      ['A', ['a1', 'a2']],
      ['B', ['b1']],
    ])
    expect(groupDay(items, '2026-11-24', 'zh').map((g) => g.track)).toEqual(['A'])
  })
  it('one track keeps the plenaries; mine keeps what the attendee signed up for; English names', () => {
    expect(groupDay(items, '2026-11-23', 'zh', { track: 'B' }).map((g) => g.track)).toEqual(['', 'B'])
    expect(groupDay(items, '2026-11-23', 'zh', { mineOnly: true }).flatMap((g) => g.items.map((i) => i.code))).toEqual(['a1'])
    expect(tracksOfDay(items, '2026-11-23', 'en')).toEqual(['EN A', 'EN B'])
    expect(groupDay(items, '2026-11-25', 'zh')).toEqual([])
  })
  it('times as written, and in UTC for calendar files', () => {
    expect(timeRange(items[1])).toBe('09:00–09:45')
    expect(utcParts('2026-11-23T09:00:00+08:00')).toEqual([2026, 11, 23, 1, 0])
    expect(utcParts('2026-11-23T07:30:00+08:00')).toEqual([2026, 11, 22, 23, 30])
    expect(shortTime('2026-11-23T09:05:00+08:00')).toBe('11-23 09:05')
  })
})

describe('feedback, money, places, texts', () => {
  it('feedback checks before sending', () => {
    expect(feedbackProblem('  ', '')).toBe('enterContent')
    expect(feedbackProblem('好'.repeat(500), '')).toBeNull()
    expect(feedbackProblem('😀'.repeat(500), '')).toBeNull()
    expect(feedbackProblem('好'.repeat(501), '')).toBe('tooLong')
    expect(feedbackProblem('ok', '12345')).toBe('contactInvalid')
    expect(feedbackProblem('ok', '13800138000')).toBeNull()
    expect(feedbackProblem('ok', 'a@b.cn')).toBeNull()
  })
  it('fen to yuan without floating point', () => {
    expect(yuanOf(0)).toBe('0.00')
    expect(yuanOf(5)).toBe('0.05')
    expect(yuanOf(55350)).toBe('553.50')
    expect(yuanOf(-120)).toBe('-1.20')
  })
  it.each([
    ['train', 'toBePaid', 'trainToBePaid'],
    ['train', 'overdue', 'trainPaymentOverdue'],
    ['train', 'ticketing', 'trainOrderDetails'],
    ['train', 'issued', 'trainOrderDetails'],
    ['train', 'refunding', 'trainOrderDetails'],
    ['train', 'canceled', 'trainOrderDetails'],
    ['air', 'new', 'airPay'],
    ['air', 'toBePaid', 'airPay'],
    ['air', 'ticketed', 'airOrderDetails'],
    ['air', 'issueFailed', 'airOrderDetails'],
  ] as const)('an order of the list (%s, %s) opens %s', (kind, status, route) => {
    expect(orderPageOf({ kind, status, orderId: 7 })).toEqual({ route, query: { orderId: 7 } })
  })
  it('coordinates', () => {
    expect(coordinatesOf('31.2397', '121.4998')).toEqual({ latitude: 31.2397, longitude: 121.4998 })
    expect(coordinatesOf('91', '0')).toBeNull()
    expect(coordinatesOf('', '1')).toBeNull()
    expect(coordinatesOf('x', '1')).toBeNull()
  })
  it('paragraphs', () => {
    expect(paragraphsOf('a\n\n b \n \nc\n')).toEqual(['a', 'b', 'c'])
  })
})

describe('home entries by conference time state (fixed clock)', () => {
  const event = { startTime: '2026-11-23T09:00:00+08:00', endTime: '2026-11-25T18:00:00+08:00' }
  const all = ['schedule', 'checkin', 'attendanceCode', 'travel', 'feedback', 'tableNum', 'microsite'] as const
  it.each([
    ['a second before the start', '2026-11-23T08:59:59+08:00', 'notStarted', ['schedule', 'travel', 'microsite']],
    ['at the start', '2026-11-23T09:00:00+08:00', 'inProgress', [...all]],
    ['a second before the end', '2026-11-25T17:59:59+08:00', 'inProgress', [...all]],
    ['at the end', '2026-11-25T18:00:00+08:00', 'ended', [...all]],
  ])('%s', (_n, now, state, entries) => {
    const st = eventTimeState(event, Date.parse(now))
    expect(st).toBe(state)
    expect(entriesFor(all, st)).toEqual(entries)
  })
})
