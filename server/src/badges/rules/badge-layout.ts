/**
 * Where each part of a badge goes on its page, as fractions of the page: data, so a size's look
 * changes here alone. Portrait sizes stack the parts; the card puts the QR beside the text.
 */
import type { BadgeSize } from '@contracts/admin/badge-rules'

export const POINTS_PER_MM = 72 / 25.4

export interface BadgeLayout {
  /** the margin all round, a fraction of the page's shorter side */
  margin: number
  /** the QR's side, a fraction of the page's shorter side */
  qr: number
  /** 'below': under the text, centred; 'beside': right of the text */
  qrPlace: 'below' | 'beside'
  /** type sizes, in points */
  titlePt: number
  companyPt: number
  typePt: number
  codePt: number
}

export const BADGE_LAYOUTS: Record<BadgeSize, BadgeLayout> = {
  A6: { margin: 0.08, qr: 0.42, qrPlace: 'below', titlePt: 12, companyPt: 14, typePt: 12, codePt: 10 },
  A7: { margin: 0.08, qr: 0.42, qrPlace: 'below', titlePt: 9, companyPt: 10, typePt: 9, codePt: 8 },
  card: { margin: 0.07, qr: 0.62, qrPlace: 'beside', titlePt: 7, companyPt: 8, typePt: 7, codePt: 6 },
}
