/**
 * Reading a PDF as a person would: its text (poppler's pdftotext) and the QR codes on a page as
 * rendered (pdftoppm's PPM, read by hand into RGBA, decoded with jsqr). Shared by the server's
 * badge tests and the console's browser test.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import jsQR from 'jsqr'

/** whether poppler's tools are installed (CI installs poppler-utils); the tests say why they skip */
export const hasPoppler = (): boolean => !spawnSync('pdftoppm', ['-v']).error

function run(cmd: string, args: string[]): Buffer {
  const r = spawnSync(cmd, args, { maxBuffer: 256 * 1024 * 1024 })
  if (r.error) throw r.error
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr.toString()}`)
  return r.stdout
}

function withFile<T>(pdf: Buffer, use: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-pages-'))
  const file = path.join(dir, 'doc.pdf')
  fs.writeFileSync(file, pdf)
  try {
    return use(file)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** the text of every page, one string per page (pdftotext ends each page with a form feed) */
export function pdfPagesText(pdf: Buffer): string[] {
  const text = withFile(pdf, (file) => run('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8'))
  return text.split('\f').slice(0, -1)
}

export interface Rgba {
  width: number
  height: number
  data: Uint8ClampedArray
}

/** a binary PPM (P6, 8 bits) as RGBA */
export function ppmToRgba(ppm: Buffer): Rgba {
  const fields: string[] = []
  let at = 0
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(ppm[at]))) at++
    let field = ''
    while (!/\s/.test(String.fromCharCode(ppm[at]))) field += String.fromCharCode(ppm[at++])
    fields.push(field)
  }
  at++ // the one whitespace after the maximum value
  const [magic, w, h, max] = fields
  if (magic !== 'P6' || max !== '255') throw new Error(`not an 8-bit P6 PPM: ${fields.join(' ')}`)
  const width = Number(w)
  const height = Number(h)
  const data = new Uint8ClampedArray(width * height * 4)
  for (let i = 0, j = at; i < width * height; i++, j += 3) {
    data[i * 4] = ppm[j]
    data[i * 4 + 1] = ppm[j + 1]
    data[i * 4 + 2] = ppm[j + 2]
    data[i * 4 + 3] = 255
  }
  return { width, height, data }
}

/** page `page` (1-based) rendered at `dpi`, as RGBA */
export function renderPage(pdf: Buffer, page: number, dpi = 150): Rgba {
  const ppm = withFile(pdf, (file) => run('pdftoppm', ['-f', String(page), '-l', String(page), '-r', String(dpi), '-singlefile', file]))
  return ppmToRgba(ppm)
}

/** the text of the QR code on a rendered page, null when none is found */
export function qrOnPage(pdf: Buffer, page: number): string | null {
  const { width, height, data } = renderPage(pdf, page)
  return jsQR(data, width, height)?.data ?? null
}

/** page `page` rendered as a PNG file at `file` (a picture to look at) */
export function savePagePng(pdf: Buffer, page: number, file: string, dpi = 150): void {
  withFile(pdf, (src) => run('pdftoppm', ['-f', String(page), '-l', String(page), '-r', String(dpi), '-png', '-singlefile', src, file.replace(/\.png$/, '')]))
}
