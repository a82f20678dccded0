/**
 * Export of an event's attendee list as filtered, as CSV or XLSX, downloaded with the staff
 * token through the console's request client. Self-contained: any page with the list's filters
 * places it.
 */
import type { AttendeeListRequest } from '@contracts/admin/attendees'
import { FileExportButtons } from '../lib/FileExportButtons'
import { downloadExport } from './api'

export type ExportFilters = Pick<AttendeeListRequest, 'keyword' | 'userType' | 'status' | 'checkin' | 'disabled'>

export function ExportButtons({ eventCode, filters }: { eventCode: string; filters: ExportFilters }) {
  const { keyword, userType, status, checkin, disabled } = filters
  return <FileExportButtons doneKey='io.exported' download={(format) => downloadExport({ eventCode, keyword, userType, status, checkin, disabled, format })} />
}
