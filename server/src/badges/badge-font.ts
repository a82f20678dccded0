/**
 * The badges' font: Debian's Noto Sans CJK (fonts-noto-cjk), simplified Chinese faces of its
 * collections. pdfkit embeds only the glyphs a PDF uses, so a PDF of a few names stays small
 * although the collections are tens of megabytes.
 */
import fs from 'node:fs'
import path from 'node:path'
import { AppError } from '../kernel/errors'

export interface BadgeFont {
  regular: { file: string; face: string }
  bold: { file: string; face: string }
}

export function badgeFont(dir: string): BadgeFont {
  const font: BadgeFont = {
    regular: { file: path.join(dir, 'NotoSansCJK-Regular.ttc'), face: 'NotoSansCJKsc-Regular' },
    bold: { file: path.join(dir, 'NotoSansCJK-Bold.ttc'), face: 'NotoSansCJKsc-Bold' },
  }
  // told before any work, in the organiser's language: a server set up without the font
  for (const { file } of [font.regular, font.bold]) if (!fs.existsSync(file)) throw new AppError('EADM7301', 200, { path: file })
  return font
}
