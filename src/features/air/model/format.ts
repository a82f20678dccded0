import dayjs from 'dayjs'
import type { Language } from '@/store'
import { translate } from '../i18n'

/** '08:35' from an ISO time with offset, in the airport's own local time (never the phone's) */
export const clock = (iso: string): string => iso.slice(11, 16)

const MONTHS_EN = 'Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec'.split(',')

/** '12月1日' + '周二' / '1 Dec' + 'Tue' for a 'YYYY-MM-DD' date */
export function dayParts(date: string, lang: Language): { day: string; weekday: string } {
  const d = dayjs(date)
  return {
    day: lang === 'zh' ? `${d.month() + 1}月${d.date()}日` : `${d.date()} ${MONTHS_EN[d.month()]}`,
    weekday: translate(lang, 'air.weekdays').split(',')[d.day()],
  }
}

/** '12月1日 周二' / '1 Dec Tue' */
export function dayLabel(date: string, lang: Language): string {
  const { day, weekday } = dayParts(date, lang)
  return `${day} ${weekday}`
}

/** the name in the user's language of anything that comes as …Zh / …En */
export const pick = (lang: Language, zh: string, en: string): string => (lang === 'zh' ? zh || en : en || zh)

/** 'mm:ss' (or 'h:mm:ss') left until `deadlineMs` */
export function countdown(deadlineMs: number, nowMs: number): string {
  const s = Math.max(0, Math.floor((deadlineMs - nowMs) / 1000))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = s % 60
  const two = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`
}

/** the offset of an ISO time in minutes ('…+08:00' → 480; 'Z' → 0) */
export function offsetMinutes(iso: string): number {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(iso)
  if (!m) return 0
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]))
}

/** 'HH:mm' of an instant in the local time of the airport whose time `sameZoneIso` is (never the phone's) */
export function clockAt(ms: number, sameZoneIso: string): string {
  return new Date(ms + offsetMinutes(sameZoneIso) * 60_000).toISOString().slice(11, 16)
}

/** 'YYYY-MM-DD HH:mm' of an ISO time as written (the server's local time with its offset) */
export const dateTime = (iso: string): string => iso.slice(0, 16).replace('T', ' ')

/** 'MU5101 上海→北京' / 'MU5101 Shanghai→Beijing': a flight as a route */
export const routeText = (f: { flightNo: string; dep: { cityZh: string; cityEn: string }; arr: { cityZh: string; cityEn: string } }, lang: Language): string =>
  `${f.flightNo} ${pick(lang, f.dep.cityZh, f.dep.cityEn)}→${pick(lang, f.arr.cityZh, f.arr.cityEn)}`
