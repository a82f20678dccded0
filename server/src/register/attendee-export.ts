/**
 * Attendee export in the console ('attendee.read'): the list as filtered (the filters of the
 * attendee list), every attendee of it, as CSV (UTF-8 with a byte order mark, so Excel reads
 * Chinese right) or XLSX. The form's answers are read a page of attendees at a time.
 */
import Papa from 'papaparse'
import writeXlsxFile from 'write-excel-file/node'
import type { ExportFile, ExportRequest } from '@contracts/admin/attendee-io'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Lang } from '@contracts/messages'
import type { Deps } from '../deps'
import { eventForStaff } from '../staff/access'
import type { StaffSession } from '../staff/sessions'
import { findForm } from './repositories/register'
import { exportRows } from './repositories/attendee-list'
import { ATTENDEE_IO_RULES } from './rules/attendee-io-rules'
import { exportTable } from './export-columns'
import { matchingAttendeeIds } from './attendee-list'

const BOM = '\uFEFF'

export async function exportAttendees(deps: Pick<Deps, 'db' | 'now'>, session: StaffSession, req: ExportRequest, lang: Lang): Promise<ExportFile> {
  const { event } = await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['attendee.read'])
  const form = await findForm(deps.db, event.id)
  const ids = await matchingAttendeeIds(deps.db, event.id, req)
  const { header, row } = exportTable(form, lang)
  const rows: string[][] = []
  for (let i = 0; i < ids.length; i += ATTENDEE_IO_RULES.exportPage) {
    const page = ids.slice(i, i + ATTENDEE_IO_RULES.exportPage)
    const at = new Map(page.map((id, k) => [id, k]))
    const found = await exportRows(deps.db, page)
    found.sort((a, b) => at.get(a.attendeeId)! - at.get(b.attendeeId)!)
    for (const r of found) rows.push(row(r))
  }
  const stamp = deps.now().toISOString().slice(0, 10).replace(/-/g, '')
  const fileName = `attendees-${event.eventCode}-${stamp}.${req.format}`
  // a cell starting with = + - @ would be a formula to Excel: escaped in the CSV, plain text in the XLSX
  const bytes =
    req.format === 'csv'
      ? Buffer.from(BOM + Papa.unparse({ fields: header, data: rows }, { escapeFormulae: true }), 'utf8')
      : await writeXlsxFile([header, ...rows].map((r) => r.map((value) => ({ value, type: String })))).toBuffer()
  return { fileName, content: bytes.toString('base64'), count: rows.length }
}
