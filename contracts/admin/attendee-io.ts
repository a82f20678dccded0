/**
 * Attendee import and export in the organisers' console. An import is two calls on the same file:
 * the preview checks every row and writes nothing; the import checks again and writes every row in
 * one transaction, or none. The file travels base64-encoded inside the JSON call, as does the
 * export's file on its way back.
 */
import { defineCall } from '../call'
import type { Lang } from '../messages'
import type { AttendeeListRequest } from './attendees'
import type { ReviewStatus } from './review'

/** the largest file an import takes, in bytes: the console refuses a larger one before sending it, the server again */
export const IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024

export const IMPORT_COLUMNS = ['name', 'mobile', 'email', 'company', 'userType', 'status'] as const
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]

/** the header of each column in both languages: the template has the user's, the import accepts either */
export const IMPORT_HEADERS: Record<ImportColumn, Record<Lang, string>> = {
  name: { zh: '姓名', en: 'Name' },
  mobile: { zh: '手机号', en: 'Mobile' },
  email: { zh: '邮箱', en: 'E-mail' },
  company: { zh: '单位', en: 'Company' },
  userType: { zh: '参会人类型', en: 'Attendee type' },
  status: { zh: '报名状态', en: 'Registration status' },
}

/** a file without these columns is refused whole; company and status may be left out */
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['name', 'mobile', 'email', 'userType']

/** a registration status by its names (an import cell may hold the code or either name) */
export const STATUS_NAMES: Record<ReviewStatus, Record<Lang, string>> = {
  auditing: { zh: '审核中', en: 'Under review' },
  approved: { zh: '已通过', en: 'Approved' },
  rejected: { zh: '已拒绝', en: 'Rejected' },
}

export interface ImportFileRequest {
  eventCode: string
  /** the file's name as picked: its extension says CSV or XLSX, and it goes into the audit row */
  fileName: string
  /** the file's bytes, base64 */
  content: string
}

export interface ImportProblem {
  /** the row as the spreadsheet numbers it (the header is row 1); 0: the file as a whole */
  row: number
  /** '' when the problem is not one cell's */
  column: ImportColumn | ''
  msgId: string
  /** in the caller's language */
  message: string
}

export interface ImportRow {
  row: number
  cells: Record<ImportColumn, string>
}

export interface ImportReport {
  /** every row read, as read */
  rows: ImportRow[]
  /** every problem found, by row; empty: the file can be imported */
  problems: ImportProblem[]
  /** attendees written: 0 for a preview and for a file with problems */
  imported: number
}

export type ExportFormat = 'csv' | 'xlsx'

export type ExportRequest = Pick<AttendeeListRequest, 'eventCode' | 'keyword' | 'userType' | 'status' | 'checkin' | 'disabled'> & { format: ExportFormat }

export interface ExportFile {
  fileName: string
  /** the file's bytes, base64 */
  content: string
  /** attendees in it */
  count: number
}

export const previewImport = defineCall<ImportFileRequest, ImportReport>({ path: '/api/admin/attendees/import/preview', auth: 'staff' })
export const importAttendees = defineCall<ImportFileRequest, ImportReport>({ path: '/api/admin/attendees/import', auth: 'staff' })
export const exportAttendees = defineCall<ExportRequest, ExportFile>({ path: '/api/admin/attendees/export', auth: 'staff' })
