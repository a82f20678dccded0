/**
 * A table as the desk's files are written: CSV (UTF-8 with a byte order mark, so Excel reads
 * Chinese right) or XLSX, as the attendee export writes them. A cell starting with = + - @ would be
 * a formula to Excel: escaped in the CSV, plain text in the XLSX.
 */
import Papa from 'papaparse'
import writeXlsxFile from 'write-excel-file/node'
import type { DeskExportFormat } from '@contracts/admin/orders'

const BOM = '\uFEFF'

export async function tableFile(header: string[], rows: string[][], format: DeskExportFormat): Promise<Buffer> {
  return format === 'csv'
    ? Buffer.from(BOM + Papa.unparse({ fields: header, data: rows }, { escapeFormulae: true }), 'utf8')
    : await writeXlsxFile([header, ...rows].map((r) => r.map((value) => ({ value, type: String })))).toBuffer()
}

/** fen as yuan with two decimals, as the files show money */
export const yuanText = (fen: number) => (fen / 100).toFixed(2)
