/** The orders as filtered, for finance, as XLSX or CSV (one row per order, amounts in yuan). */
import { useState } from 'react'
import { App, Button, Space } from 'antd'
import type { DeskExportFormat, DeskOrderListRequest } from '@contracts/admin/orders'
import { useT } from '../lib/i18n'
import { downloadOrders } from './api'

export function DeskExportButtons({ filters }: { filters: DeskOrderListRequest }) {
  const t = useT()
  const { message } = App.useApp()
  const [busy, setBusy] = useState<DeskExportFormat | null>(null)
  const download = async (format: DeskExportFormat) => {
    setBusy(format)
    try {
      const { eventCode, kind, statusGroup, keyword } = filters
      const count = await downloadOrders({ eventCode, kind, statusGroup, keyword, format })
      message.success(t('orders.exported', { count }))
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
