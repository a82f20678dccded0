/** A file the server writes as XLSX or CSV (attendees, orders as filtered, a reconciliation's differences), a button each. */
import { useState } from 'react'
import { App, Button, Space } from 'antd'
import type { ExportFormat } from '@contracts/admin/attendee-io'
import { useT, type TextKey } from './i18n'

/** `download` fetches and saves the file, answering how many rows it holds; `doneKey` says so ({count}) */
export function FileExportButtons({
  download,
  doneKey,
  disabled = false,
}: {
  download: (format: ExportFormat) => Promise<number>
  doneKey: TextKey
  disabled?: boolean
}) {
  const t = useT()
  const { message } = App.useApp()
  const [busy, setBusy] = useState<ExportFormat | null>(null)
  const run = async (format: ExportFormat) => {
    setBusy(format)
    try {
      message.success(t(doneKey, { count: await download(format) }))
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(null)
    }
  }
  return (
    <Space wrap>
      <Button loading={busy === 'xlsx'} disabled={disabled || !!busy} onClick={() => run('xlsx')}>
        {t('io.exportXlsx')}
      </Button>
      <Button loading={busy === 'csv'} disabled={disabled || !!busy} onClick={() => run('csv')}>
        {t('io.exportCsv')}
      </Button>
    </Space>
  )
}
