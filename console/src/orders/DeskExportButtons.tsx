/** A desk file as XLSX or CSV, written by the server (the orders as filtered, the reconciliation's differences). */
import { useState } from 'react'
import { App, Button, Space } from 'antd'
import type { DeskExportFormat } from '@contracts/admin/orders'
import { useT, type TextKey } from '../lib/i18n'

/** `download` fetches and saves the file, answering how many rows it holds; `doneKey` says so ({count}) */
export function DeskExportButtons({
  download,
  doneKey,
  disabled = false,
}: {
  download: (format: DeskExportFormat) => Promise<number>
  doneKey: TextKey
  disabled?: boolean
}) {
  const t = useT()
  const { message } = App.useApp()
  const [busy, setBusy] = useState<DeskExportFormat | null>(null)
  const run = async (format: DeskExportFormat) => {
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
