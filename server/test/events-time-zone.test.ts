/**
 * Events carry their time zone: every event time (the event itself, its agenda and activities) is
 * written in the event's zone with that zone's offset on the day (daylight saving included), so
 * the app shows 09:00 where the event is, wherever the phone is. DEMO is in Asia/Shanghai.
 */
import { eq } from 'drizzle-orm'
import { getEvent } from '@contracts/calls/event'
import { listSchedule, listScheduleSummary } from '@contracts/calls/register'
import { events } from '../src/kernel/db/schema'
import { fromZoneMinute, isTimeZone, toZoneIso, toZoneMinute, zoneDay } from '../src/kernel/time/time'
import { setup, type TestContext } from './helper'

describe('a moment written in a zone', () => {
  it.each([
    ['2026-11-22T01:00:00Z', 'Asia/Shanghai', '2026-11-22T09:00:00+08:00'],
    ['2026-07-01T13:00:00Z', 'America/New_York', '2026-07-01T09:00:00-04:00'], // summer time
    ['2026-12-01T14:00:00Z', 'America/New_York', '2026-12-01T09:00:00-05:00'],
    ['2026-03-08T06:59:00Z', 'America/New_York', '2026-03-08T01:59:00-05:00'], // a minute before the clocks go forward
    ['2026-03-08T07:00:00Z', 'America/New_York', '2026-03-08T03:00:00-04:00'],
    ['2026-11-22T03:30:00Z', 'Asia/Kolkata', '2026-11-22T09:00:00+05:30'],
    ['2026-11-22T09:00:00Z', 'UTC', '2026-11-22T09:00:00+00:00'],
  ])('%s in %s → %s', (utc, zone, iso) => {
    expect(toZoneIso(new Date(utc), zone)).toBe(iso)
  })
  it("the zone's calendar day", () => {
    expect(zoneDay(new Date('2026-11-22T17:00:00Z'), 'Asia/Shanghai')).toBe('2026-11-23')
    expect(zoneDay(new Date('2026-11-22T17:00:00Z'), 'America/New_York')).toBe('2026-11-22')
  })
  it('only IANA zone names are zones', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })
})

describe('a wall clock typed for a zone (the organisers console)', () => {
  it.each([
    ['2026-11-22T09:00', 'Asia/Shanghai', '2026-11-22T01:00:00.000Z'],
    ['2026-07-01T09:00', 'America/New_York', '2026-07-01T13:00:00.000Z'],
    ['2026-12-01T09:00', 'America/New_York', '2026-12-01T14:00:00.000Z'],
    ['2026-03-08T01:59', 'America/New_York', '2026-03-08T06:59:00.000Z'],
    ['2026-03-08T03:00', 'America/New_York', '2026-03-08T07:00:00.000Z'],
    // the hour repeated when summer time ends: the first of the two
    ['2026-11-01T01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    ['2026-11-22T09:00', 'Asia/Kolkata', '2026-11-22T03:30:00.000Z'],
    ['2026-11-22T09:00', 'Pacific/Kiritimati', '2026-11-21T19:00:00.000Z'],
  ])('%s in %s → %s, and back', (wall, zone, utc) => {
    expect(fromZoneMinute(wall, zone)?.toISOString()).toBe(utc)
    expect(toZoneMinute(new Date(utc), zone)).toBe(wall)
  })
  it.each([
    ['2026-03-08T02:30', 'America/New_York'], // the hour skipped when summer time starts
    ['2026-02-30T09:00', 'Asia/Shanghai'],
    ['2026-11-22 09:00', 'Asia/Shanghai'],
    ['2026-11-22T24:00', 'Asia/Shanghai'],
    ['2026-11-22T09:00', 'Mars/Olympus'],
  ])('%s in %s is no time', (wall, zone) => {
    expect(fromZoneMinute(wall, zone)).toBeNull()
  })
})

describe('the event answers in its own zone', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await setup()
  })
  afterAll(async () => t.close())

  it('DEMO is in Asia/Shanghai: its zone and +08:00 times', async () => {
    const r = await t.post(getEvent.path, { eventCode: 'DEMO' })
    expect(r.body.data).toMatchObject({ timeZone: 'Asia/Shanghai', startTime: expect.stringMatching(/\+08:00$/) })
  })

  it('an event moved to London: the event, its agenda and its activities in London time, the agenda days London days', async () => {
    const before = (await t.post(getEvent.path, { eventCode: 'DEMO' })).body.data
    await t.db.db.update(events).set({ timeZone: 'Europe/London' }).where(eq(events.eventCode, 'DEMO'))
    const r = (await t.post(getEvent.path, { eventCode: 'DEMO' })).body.data
    expect(r.timeZone).toBe('Europe/London')
    expect(r.startTime).toMatch(/\+0[01]:00$/)
    expect(Date.parse(r.startTime)).toBe(Date.parse(before.startTime))
    const agenda = (await t.post(listSchedule.path, { eventCode: 'DEMO' })).body.data
    expect(agenda.timeZone).toBe('Europe/London')
    for (const s of agenda.items) {
      expect(s.startTime).toMatch(/\+0[01]:00$/)
      expect(s.day).toBe(s.startTime.slice(0, 10))
    }
    const activities = (await t.post(listScheduleSummary.path, { eventCode: 'DEMO' })).body.data
    for (const a of activities.items) expect(a.startTime).toMatch(/\+0[01]:00$/)
  })
})
