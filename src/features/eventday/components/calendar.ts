import Taro from '@tarojs/taro'
import type { SubEventView } from '@contracts/calls/register'
import { utcParts } from '../model/schedule'

export interface CalendarEntry {
  uid: string
  title: string
  location: string
  description: string
  startTime: string
  endTime: string
}

export function calendarEntryOf(s: SubEventView, eventCode: string, lang: 'zh' | 'en'): CalendarEntry {
  const pick = (zh: string, en: string) => (lang === 'en' ? en || zh : zh || en)
  return {
    uid: `${eventCode}-${s.code}@attendee-app`,
    title: pick(s.titleZh, s.titleEn),
    location: pick(s.venueZh, s.venueEn),
    description: [pick(s.speakerZh, s.speakerEn), pick(s.summaryZh, s.summaryEn)].filter(Boolean).join('\n'),
    startTime: s.startTime,
    endTime: s.endTime,
  }
}

/** the .ics text of one session (H5), built with the `ics` library */
export async function icsOf(e: CalendarEntry): Promise<string> {
  // a constant condition at build time (not an early return): the mini-program bundle leaves ics out
  if (process.env.TARO_ENV === 'h5') {
    const { createEvent } = await import('ics')
    const r = createEvent({
      uid: e.uid,
      title: e.title,
      location: e.location,
      description: e.description,
      start: utcParts(e.startTime),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: utcParts(e.endTime),
      endInputType: 'utc',
      endOutputType: 'utc',
      productId: 'attendee-app',
    })
    if (r.error || !r.value) throw r.error ?? new Error('ics')
    return r.value
  }
  throw new Error('ics files are made on H5 only')
}

/**
 * Adds a session to the phone's calendar: Taro.addPhoneCalendar on weapp; on H5 an .ics file the
 * phone's calendar opens. Resolves false when it did not happen (refused, cancelled).
 */
export async function addToCalendar(e: CalendarEntry): Promise<boolean> {
  if (process.env.TARO_ENV === 'h5') {
    const text = await icsOf(e)
    const blob = new Blob([text], { type: 'text/calendar;charset=utf-8' })
    const url = URL.createObjectURL(blob)
    const a = document.createElement('a')
    a.href = url
    a.download = `${e.uid.split('@')[0]}.ics`
    document.body.appendChild(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
    return true
  }
  try {
    await Taro.addPhoneCalendar({
      title: e.title,
      startTime: Math.floor(Date.parse(e.startTime) / 1000),
      // Taro types endTime as a string (a unix time in seconds, as WeChat takes it)
      endTime: String(Math.floor(Date.parse(e.endTime) / 1000)),
      location: e.location,
      description: e.description,
      alarm: true,
      alarmOffset: 900,
    })
    return true
  } catch {
    return false
  }
}
