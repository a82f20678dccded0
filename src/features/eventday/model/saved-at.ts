import dayjs from 'dayjs'
import type { Language } from '@/store'

/**
 * When an offline copy was kept, on the phone's own clock (it says when this phone last loaded it,
 * not an event time): "11-27 09:12" in Chinese, "27 Nov 09:12" in English.
 */
export function savedAtLabel(savedAt: number, lang: Language): string {
  return dayjs(savedAt).format(lang === 'en' ? 'D MMM HH:mm' : 'MM-DD HH:mm')
}
