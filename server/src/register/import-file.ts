/**
 * Reading an import file into rows of text: XLSX (read-excel-file) or CSV (papaparse), told apart
 * by their bytes (an XLSX is a zip), not by the name a user may have changed. A CSV is read as
 * UTF-8, or as GB18030 when it is not UTF-8 (what Excel saves on a Chinese Windows). Whatever
 * cannot be read is refused as a whole with a message, never a 5xx.
 */
import Papa from 'papaparse'
import { readSheet } from 'read-excel-file/node'
import { IMPORT_COLUMNS, IMPORT_HEADERS, REQUIRED_IMPORT_COLUMNS, type ImportColumn, type ImportRow } from '@contracts/admin/attendee-io'
import type { Lang } from '@contracts/messages'
import { AppError } from '../kernel/errors'
import { ATTENDEE_IO_RULES, fileFits, rowsFit } from './rules/attendee-io-rules'

const isZip = (b: Buffer) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04

function cellText(v: unknown): string {
  if (v === null || v === undefined) return ''
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10)
  // a mobile typed into Excel is a number: 13800138000 reads back as its digits
  return String(v).trim()
}

function decodeText(bytes: Buffer): string {
  if (bytes.includes(0)) throw new AppError('EADM4003')
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '')
  } catch {
    return new TextDecoder('gb18030').decode(bytes)
  }
}

async function sheetOf(bytes: Buffer): Promise<string[][]> {
  if (isZip(bytes)) {
    try {
      return (await readSheet(bytes)).map((r) => r.map(cellText))
    } catch {
      throw new AppError('EADM4003')
    }
  }
  const parsed = Papa.parse<string[]>(decodeText(bytes), { skipEmptyLines: false })
  return parsed.data.map((r) => (Array.isArray(r) ? r.map(cellText) : []))
}

/** the column a header names, in either language or by its code */
const headerKey = (h: string) => h.replace(/[\s*＊:：]/g, '').toLowerCase()
const COLUMN_BY_HEADER = new Map<string, ImportColumn>(
  IMPORT_COLUMNS.flatMap((c) => [headerKey(c), headerKey(IMPORT_HEADERS[c].zh), headerKey(IMPORT_HEADERS[c].en)].map((k) => [k, c] as const)),
)

/**
 * The attendee rows of a file, each numbered as the spreadsheet shows it (the header is the first
 * non-empty row); blank rows are skipped. A file that is empty, too large, unreadable, without the
 * template's columns, without rows or with too many is refused whole.
 */
export async function readImportFile(bytes: Buffer, lang: Lang): Promise<ImportRow[]> {
  if (bytes.length === 0) throw new AppError('EADM4002')
  if (!fileFits(bytes.length)) throw new AppError('EADM4001', 200, { mb: ATTENDEE_IO_RULES.maxFileBytes / 1024 / 1024 })
  const sheet = await sheetOf(bytes)
  const blank = (r: string[]) => r.every((c) => c === '')
  const headerAt = sheet.findIndex((r) => !blank(r))
  if (headerAt < 0) throw new AppError('EADM4002')
  const columns = sheet[headerAt].map((h) => {
    if (h === '') return null
    const column = COLUMN_BY_HEADER.get(headerKey(h))
    if (!column) throw new AppError('EADM4006', 200, { column: h.slice(0, 40) })
    return column
  })
  const missing = REQUIRED_IMPORT_COLUMNS.filter((c) => !columns.includes(c))
  if (missing.length > 0) throw new AppError('EADM4005', 200, { columns: missing.map((c) => IMPORT_HEADERS[c][lang]).join(lang === 'zh' ? '、' : ', ') })
  const rows: ImportRow[] = []
  sheet.forEach((r, i) => {
    if (i <= headerAt || blank(r)) return
    const cells = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, ''])) as Record<ImportColumn, string>
    columns.forEach((c, k) => {
      if (c) cells[c] = r[k] ?? ''
    })
    rows.push({ row: i + 1, cells })
  })
  if (rows.length === 0) throw new AppError('EADM4007')
  if (!rowsFit(rows.length)) throw new AppError('EADM4004', 200, { max: ATTENDEE_IO_RULES.maxRows })
  return rows
}
