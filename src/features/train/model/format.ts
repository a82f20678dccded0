/** How train times and money are written on screen. */
import type { Language } from '@/store'
import type { t as Translate } from '@/lib/i18n'

/** "5h 28m" / "5小时28分" */
export function formatDuration(minutes: number, lang: Language): string {
  const m = Math.max(0, Math.round(minutes))
  const h = Math.floor(m / 60)
  const rest = m % 60
  if (lang === 'zh') return h ? `${h}小时${rest ? `${rest}分` : ''}` : `${rest}分`
  return h ? `${h}h${rest ? ` ${rest}m` : ''}` : `${rest}m`
}

/** fen (the contract's integers) as yuan, cents only when there are some: 55300 → "553", 55350 → "553.50" */
export function formatYuan(fen: number): string {
  return fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2)
}

/** "+1" when the train arrives the day after it leaves (or later) */
export const dayOffsetLabel = (days: number): string => (days > 0 ? `+${days}` : '')

/**
 * 'YYYY-MM-DD HH:mm' of a server instant as the server wrote it (China time, with its offset), so
 * a booking time reads the same on a phone set to any time zone
 */
export const wallClockOf = (iso: string): string => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? iso.slice(0, 16).replace('T', ' ') : iso)

/**
 * Where a ticket puts its passenger: "05车 12F"; a standing ticket (无座) has a carriage and no
 * seat number (domain/train-seats.ts seatLabel): "05车 无座"; null while the railway has given no
 * seat yet (before issue, or a change it has not confirmed).
 */
export function seatPlace(t: typeof Translate, carriage: string | null | undefined, seatNo: string | null | undefined): string | null {
  if (!carriage) return null
  return `${t('train.issue.carriage', { n: carriage })} ${seatNo || t('train.seat.noSeat')}`
}
