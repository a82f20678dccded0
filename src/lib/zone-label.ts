import type { Language } from '@/store'
import { translate } from './i18n'

/**
 * The label of an event time shown to a phone in another zone. The server writes every event time
 * with the offset of the event's zone on that day (contracts/event.ts EventInfo.timeZone), and the
 * screens show that wall clock, so 09:00 is 09:00 where the event is. A phone whose own offset at
 * that moment differs gets the time labelled: "北京时间" / "Beijing time" for an event in China, the
 * UTC offset ("UTC-04:00") for other zones. No dayjs timezone plugin: the offset written in the
 * time is all it takes (the mini-program's size budget).
 */

/** the offset an ISO time was written with, in minutes (null: none written, the device's zone applies) */
export function writtenOffset(iso: string): number | null {
  const m = /(Z|([+-])(\d{2}):?(\d{2}))$/.exec(iso.trim())
  if (!m) return null
  if (m[1] === 'Z') return 0
  return (m[2] === '-' ? -1 : 1) * (Number(m[3]) * 60 + Number(m[4]))
}

/** the device's offset from UTC at a moment, in minutes (east positive) */
export type DeviceOffset = (ms: number) => number
const deviceOffset: DeviceOffset = (ms) => -new Date(ms).getTimezoneOffset()

/** the zones whose label is a name in the catalogues rather than an offset */
const NAMED_ZONES: Record<string, 'zone.beijing'> = { 'Asia/Shanghai': 'zone.beijing' }

/** '' when the phone shows the same clock as the event at that moment; else the label */
export function zoneLabel(iso: string, timeZone: string | undefined, lang: Language, device: DeviceOffset = deviceOffset): string {
  const offset = writtenOffset(iso)
  const ms = Date.parse(iso.trim())
  if (offset === null || Number.isNaN(ms) || device(ms) === offset) return ''
  const named = timeZone ? NAMED_ZONES[timeZone] : undefined
  if (named) return translate(lang, named)
  const abs = Math.abs(offset)
  const hhmm = `${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
  return translate(lang, 'zone.offset', { offset: hhmm })
}

/** "09:00–10:30 北京时间": the text with its label, when there is one */
export const withZoneLabel = (text: string, label: string): string => (label ? `${text} ${label}` : text)
