/** Whether a set of badges may be one PDF: none is told rather than printed blank, over the cap is refused. */
import { BADGE_RULES } from '@contracts/admin/badge-rules'

export type BadgeCountRefusal = { msgId: 'EADM7303' } | { msgId: 'EADM7302'; params: { count: number; max: number } }

export function badgeCountRefusal(count: number): BadgeCountRefusal | null {
  if (count === 0) return { msgId: 'EADM7303' }
  if (count > BADGE_RULES.maxPerPdf) return { msgId: 'EADM7302', params: { count, max: BADGE_RULES.maxPerPdf } }
  return null
}
