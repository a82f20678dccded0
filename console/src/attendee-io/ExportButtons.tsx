/**
 * Export of an event's attendee list as filtered, as CSV or XLSX, downloaded with the staff
 * token through the console's request client. Self-contained: any page with the list's filters
 * places it.
 */
import { useState } from 'react'
import { App, Button, Space } from 'antd'
import type { ExportFormat } from '@contracts/admin/attendee-io'
import type { AttendeeListRequest } from '@contracts/admin/attendees'
import { useT } from '../lib/i18n'
import { downloadExport } from './api'

export type ExportFilters = Pick<AttendeeListRequest, 'keyword' | 'userType' | 'status' | 'checkin' | 'disabled'>

export function ExportButtons({ eventCode, filters }: { eventCode: string; filters: ExportFilters }) {
  const t = useT()
  const { message } = App.useApp()
  const [busy, setBusy] = useState<ExportFormat | null>(null)
  const download = async (format: ExportFormat) => {
    setBusy(format)
    try {
      const { keyword, userType, status, checkin, disabled } = filters
      const count = await downloadExport({ eventCode, keyword, userType, status, checkin, disabled, format })
      message.success(t('io.exported', { count }))
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(null)
    }
  }
  return (
    <Space wrap>
      <Button loading={busy === 'xlsx'} disabled={!!busy} onClick={() => download('xlsx')}>
        {t('io.exportXlsx')}
      </Button>
      <Button loading={busy === 'csv'} disabled={!!busy} onClick={() => download('csv')}>
        {t('io.exportCsv')}
      </Button>
    </Space>
  )
}
