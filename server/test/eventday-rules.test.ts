/** The event-day rules table at its edges (fixed clock), and the reading of check-in texts. */
import { parseCheckinText } from '@contracts/checkin'
import { EVENTDAY_RULES, checkinTiming } from '../src/eventday/rules/eventday-rules'
import { base32, checkinCode, signatureMatches } from '../src/eventday/rules/checkin-sign'

const H = 3600_000
const start = new Date('2026-11-22T00:00:00+08:00')
const event = { startTime: start, endTime: new Date(start.getTime() + 72 * H) }
const r = EVENTDAY_RULES.checkin

describe('checkinTiming', () => {
  const now = new Date(start.getTime() + 10 * H)
  it.each([
    ['now', now, true],
    ['at the skew limit', new Date(now.getTime() + r.maxClockSkewMs), true],
    ['just past the skew', new Date(now.getTime() + r.maxClockSkewMs + 1), 'ECHK1006'],
  ])('%s', (_n, at, want) => {
    const got = checkinTiming(event, at as Date, now)
    expect(got.ok ? true : got.msgId).toBe(want)
  })
  it('opens opensBeforeStartMs before the start, closes at the end', () => {
    const opens = start.getTime() - r.opensBeforeStartMs
    expect(checkinTiming(event, new Date(opens), new Date(opens)).ok).toBe(true)
    const before = checkinTiming(event, new Date(opens - 1), new Date(opens - 1))
    expect(before).toEqual({ ok: false, msgId: 'ECHK1004', opensAt: new Date(opens) })
    const end = event.endTime.getTime()
    expect(checkinTiming(event, new Date(end - 1), new Date(end - 1)).ok).toBe(true)
    expect(checkinTiming(event, new Date(end), new Date(end))).toEqual({ ok: false, msgId: 'ECHK1005' })
  })
  it('a queued scan is kept maxQueuedAgeMs, not a millisecond more', () => {
    const now2 = new Date(start.getTime() + 71 * H)
    const scanned = new Date(now2.getTime() - r.maxQueuedAgeMs)
    const longEvent = { startTime: new Date(start.getTime() - 10 * 24 * H), endTime: event.endTime }
    expect(checkinTiming(longEvent, scanned, now2).ok).toBe(true)
    expect(checkinTiming(longEvent, new Date(scanned.getTime() - 1), now2)).toEqual({ ok: false, msgId: 'ECHK1006' })
  })
})

describe('check-in codes', () => {
  it('base32 as RFC 4648', () => {
    expect(base32(Buffer.from('foobar'))).toBe('MZXW6YTBOI')
    expect(base32(Buffer.from('f'))).toBe('MY')
  })
  it('are signed per event and point', () => {
    const code = checkinCode('secret-1', 'demo', 'MAIN')
    expect(code).toMatch(/^MAIN-[A-Z2-7]{10}$/)
    expect(checkinCode('secret-1', 'locked', 'MAIN')).not.toBe(code)
    expect(checkinCode('secret-2', 'demo', 'MAIN')).not.toBe(code)
    expect(signatureMatches('secret-1', 'demo', 'MAIN', code.slice(5))).toBe(true)
    expect(signatureMatches('secret-1', 'demo', 'HALL_B', code.slice(5))).toBe(false)
    expect(signatureMatches('secret-1', 'demo', 'MAIN', code.slice(5, 14))).toBe(false)
  })
})

describe('parseCheckinText (spec §5 scan messages)', () => {
  it.each([
    ['', 'empty'],
    ['  \n ', 'empty'],
    [null, 'empty'],
    ['hello world', 'unrecognised'],
    ['MAIN-ABC', 'unrecognised'],
    ['https://example.com/', 'unrecognised'],
    ['https://example.com/signIn?ehc=demo', 'unrecognised'],
    ['https://example.com/home?ehc=demo&code=MAIN-AAAAAAAAAA', 'unrecognised'],
    ['ftp://example.com/signIn?ehc=demo&code=MAIN-AAAAAAAAAA', 'unrecognised'],
    ['https://example.com/signIn?ehc=demo&code=%E0%A4%A', 'unrecognised'],
    ['x'.repeat(2001), 'unrecognised'],
  ])('%p → %s', (text, kind) => {
    expect(parseCheckinText(text as string).kind).toBe(kind)
  })
  it('reads a typed code (any case) and the poster address (history or hash routing)', () => {
    expect(parseCheckinText(' main-abcdefghjk ')).toEqual({
      kind: 'code',
      eventHashCode: null,
      code: 'MAIN-ABCDEFGHJK',
      pointCode: 'MAIN',
      signature: 'ABCDEFGHJK',
    })
    expect(parseCheckinText('https://m.example.com/signIn?ehc=demo&ec=DEMO&code=MAIN-ABCDEFGHJK')).toMatchObject({
      eventHashCode: 'demo',
      code: 'MAIN-ABCDEFGHJK',
    })
    expect(parseCheckinText('http://localhost:3000/pages/pagesUser/signIn/signIn?eventHashCode=demo&code=HALL_B-ABCDEFGHJK')).toMatchObject({
      eventHashCode: 'demo',
      pointCode: 'HALL_B',
    })
    expect(parseCheckinText('https://m.example.com/#/signIn?ehc=demo&code=MAIN-ABCDEFGHJK')).toMatchObject({ eventHashCode: 'demo' })
  })
})
