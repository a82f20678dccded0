/**
 * A PDF of badges, one a page (pdfkit): the event's name, the attendee's name in large bold type
 * (a long name shrinks until it fits the width, and only at the least size wraps: never cut), the
 * company, the attendee type in the event's languages, and the attendance code as a QR with the
 * code printed under it.
 */
import PDFDocument from 'pdfkit'
import QRCode from 'qrcode'
import { BADGE_RULES, BADGE_SIZES, type BadgeSize } from '@contracts/admin/badge-rules'
import type { BadgeFont } from './badge-font'
import { BADGE_LAYOUTS, POINTS_PER_MM } from './rules/badge-layout'

export interface BadgeContent {
  /** the event's name in each of its languages (one when they are alike) */
  eventTitles: string[]
  name: string
  company: string
  /** the attendee type's name in each of the event's languages (one when they are alike) */
  types: string[]
  /** the attendance code the check-in desk scans */
  code: string
}

type Doc = PDFKit.PDFDocument
const REGULAR = 'badge-regular'
const BOLD = 'badge-bold'
const PAGES_BETWEEN_YIELDS = 20

/** the largest size up to `maxPt` at which the text is one line of `width` (never under `minPt`) */
export function fittedSize(doc: Doc, font: string, text: string, width: number, maxPt: number, minPt: number): number {
  doc.font(font).fontSize(maxPt)
  const w = doc.widthOfString(text)
  // a little under the width: pdfkit wraps a line that is exactly full
  const fit = w > 0 ? (maxPt * width * 0.98) / w : maxPt
  return Math.max(minPt, Math.min(maxPt, Math.floor(fit * 4) / 4))
}

/** a line of text centred in [x, x + width] from y, shrunk to fit; answers the y under it */
function fitted(doc: Doc, a: { font: string; text: string; x: number; y: number; width: number; maxPt: number; minPt: number; align?: 'center' | 'left' }) {
  if (!a.text) return a.y
  const pt = fittedSize(doc, a.font, a.text, a.width, a.maxPt, a.minPt)
  doc.font(a.font).fontSize(pt)
  const opts = { width: a.width, align: a.align ?? 'center' }
  doc.text(a.text, a.x, a.y, opts)
  return a.y + doc.heightOfString(a.text, opts)
}

/** the QR's dark modules as runs of a row, one rectangle each: no seams between neighbours */
function drawQr(doc: Doc, code: string, x: number, y: number, side: number) {
  const qr = QRCode.create(code, { errorCorrectionLevel: 'M' })
  const n = qr.modules.size
  const m = side / n
  for (let row = 0; row < n; row++) {
    let col = 0
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++
        continue
      }
      const start = col
      while (col < n && qr.modules.get(row, col)) col++
      doc.rect(x + start * m, y + row * m, (col - start) * m, m)
    }
  }
  doc.fillColor('#000000').fill()
}

function drawBadge(doc: Doc, size: BadgeSize, b: BadgeContent) {
  const layout = BADGE_LAYOUTS[size]
  const W = BADGE_SIZES[size].widthMm * POINTS_PER_MM
  const H = BADGE_SIZES[size].heightMm * POINTS_PER_MM
  const short = Math.min(W, H)
  const margin = short * layout.margin
  const qrSide = short * layout.qr
  const beside = layout.qrPlace === 'beside'
  const codeHeight = layout.codePt * 1.6
  // the text's column: the whole width, or what the QR leaves beside it
  const textW = beside ? W - 3 * margin - qrSide : W - 2 * margin
  const align = beside ? 'left' : 'center'
  const minPt = BADGE_RULES.nameMinPt
  doc.fillColor('#000000')

  let y = margin
  for (const title of b.eventTitles) y = fitted(doc, { font: REGULAR, text: title, x: margin, y, width: textW, maxPt: layout.titlePt, minPt, align })
  y += layout.titlePt * 0.6
  doc
    .moveTo(margin, y)
    .lineTo(margin + textW, y)
    .lineWidth(0.75)
    .strokeColor('#999999')
    .stroke()
  y += layout.titlePt * (beside ? 0.8 : 1.6)
  y = fitted(doc, { font: BOLD, text: b.name, x: margin, y, width: textW, maxPt: BADGE_RULES.nameMaxPt[size], minPt, align })
  y += layout.companyPt * 0.4
  y = fitted(doc, { font: REGULAR, text: b.company, x: margin, y, width: textW, maxPt: layout.companyPt, minPt, align })
  y += layout.typePt * 0.4
  fitted(doc, { font: REGULAR, text: b.types.join(' / '), x: margin, y, width: textW, maxPt: layout.typePt, minPt, align })

  const qrX = beside ? W - margin - qrSide : (W - qrSide) / 2
  const qrY = beside ? (H - qrSide - codeHeight) / 2 : H - margin - codeHeight - qrSide
  drawQr(doc, b.code, qrX, qrY, qrSide)
  doc.font(REGULAR).fontSize(layout.codePt).fillColor('#000000')
  doc.text(b.code, qrX - margin / 2, qrY + qrSide + layout.codePt * 0.3, { width: qrSide + margin, align: 'center', lineBreak: false })
}

/** the PDF's bytes: one page of `size` per badge, in the order given */
export async function renderBadges(font: BadgeFont, size: BadgeSize, badges: BadgeContent[], title: string): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: title, Creator: 'badges' } })
  doc.registerFont(REGULAR, font.regular.file, font.regular.face)
  doc.registerFont(BOLD, font.bold.file, font.bold.face)
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const pageSize: [number, number] = [BADGE_SIZES[size].widthMm * POINTS_PER_MM, BADGE_SIZES[size].heightMm * POINTS_PER_MM]
  for (const [i, b] of badges.entries()) {
    // a PDF at the cap is seconds of work: other requests are served between its pages
    if (i > 0 && i % PAGES_BETWEEN_YIELDS === 0) await new Promise((resolve) => setImmediate(resolve))
    doc.addPage({ size: pageSize, margin: 0 })
    drawBadge(doc, size, b)
  }
  doc.end()
  return done
}
