/**
 * The numbers of printed badges, read alike by the console (its size choice, the cap it tells) and
 * the server (server/src/badges/). A size is the page of one badge, width by height, in millimetres.
 */
export const BADGE_SIZES = {
  A6: { widthMm: 105, heightMm: 148 },
  A7: { widthMm: 74, heightMm: 105 },
  // a business card, landscape: the name beside the QR
  card: { widthMm: 90, heightMm: 54 },
} as const

export type BadgeSize = keyof typeof BADGE_SIZES
export const BADGE_SIZE_NAMES = Object.keys(BADGE_SIZES) as BadgeSize[]

export const BADGE_RULES = {
  defaultSize: 'A6' as BadgeSize,
  /** badges of one PDF: 2,000 A6 pages stay a few megabytes and a few seconds of one core */
  maxPerPdf: 2000,
  /** the name's type size, in points, at the largest and at the least a long name shrinks to */
  nameMaxPt: { A6: 40, A7: 28, card: 22 } satisfies Record<BadgeSize, number>,
  nameMinPt: 6,
} as const
