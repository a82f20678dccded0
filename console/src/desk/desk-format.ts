/** How the desk writes a time (the event's clock, hours and minutes) and a check-in point. */
import type { DeskSnapshot } from '@contracts/admin/desk'
import type { Translate } from '../lib/i18n'

export const timeOf = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso))

export function pointName(s: DeskSnapshot, pointCode: string | null, lang: 'zh' | 'en', t: Translate): string {
  const p = pointCode ? s.points.find((x) => x.pointCode === pointCode) : undefined
  if (!p) return pointCode ?? t('desk.noPoint')
  return lang === 'en' ? p.nameEn : p.nameZh
}
