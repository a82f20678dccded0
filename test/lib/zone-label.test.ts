/**
 * Event times are shown in the event's zone (the server writes them with that zone's offset); a
 * phone in another zone gets them labelled: "09:00 北京时间" for an event in China, the UTC offset
 * for other zones. The phone's zone is given to the rule, so no test depends on the machine's.
 */
import { translate } from '@/lib/i18n'
import { zoneLabel } from '@/lib/zone-label'

const NEW_YORK_WINTER = () => -5 * 60
const SHANGHAI = () => 8 * 60
const zh = (...a: Parameters<typeof zoneLabel>) => zoneLabel(...a)

describe('the zone label of an event time', () => {
  it('a phone in the event zone: no label', () => {
    expect(zh('2026-11-22T09:00:00+08:00', 'Asia/Shanghai', 'zh', SHANGHAI)).toBe('')
  })
  it('a phone in New York, an event in China: 北京时间 / Beijing time', () => {
    expect(zoneLabel('2026-11-22T09:00:00+08:00', 'Asia/Shanghai', 'zh', NEW_YORK_WINTER)).toBe('北京时间')
    expect(zoneLabel('2026-11-22T09:00:00+08:00', 'Asia/Shanghai', 'en', NEW_YORK_WINTER)).toBe('Beijing time')
    expect(translate('zh', 'zone.beijing')).toBe('北京时间')
  })
  it('another zone: its UTC offset, half hours and negative offsets included', () => {
    expect(zoneLabel('2026-11-22T09:00:00+05:30', 'Asia/Kolkata', 'zh', SHANGHAI)).toBe('UTC+05:30')
    expect(zoneLabel('2026-07-01T09:00:00-04:00', 'America/New_York', 'en', SHANGHAI)).toBe('UTC-04:00')
  })
  it('the phone’s offset on that day counts (summer time in New York is -04:00)', () => {
    const newYork = (ms: number) => (ms >= Date.parse('2026-03-08T07:00:00Z') && ms < Date.parse('2026-11-01T06:00:00Z') ? -4 * 60 : -5 * 60)
    expect(zoneLabel('2026-07-01T09:00:00-04:00', 'America/New_York', 'en', newYork)).toBe('')
    expect(zoneLabel('2026-12-01T09:00:00-04:00', 'America/New_York', 'en', newYork)).toBe('UTC-04:00')
  })
  it('a time without an offset is the phone’s own: no label', () => {
    expect(zoneLabel('2026-11-22 09:00', 'Asia/Shanghai', 'zh', NEW_YORK_WINTER)).toBe('')
  })
})
