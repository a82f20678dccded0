/** The console's travel desk calls. */
import {
  actOnDeskOrder,
  exportDeskOrders,
  listDeskAttention,
  listDeskOrders,
  listDeskSpend,
  type DeskAction,
  type DeskExportFormat,
  type DeskExportRequest,
  type DeskOrder,
  type DeskOrderListRequest,
} from '@contracts/admin/orders'
import { exportReconciliation, reconcileWechatPay, type ReconcileRequest } from '@contracts/admin/reconcile'
import { call } from '../lib/request'
import { saveBlob } from '../attendee-io/api'

export const fetchOrders = (req: DeskOrderListRequest) => call(listDeskOrders, req)
export const fetchAttention = (eventCode: string) => call(listDeskAttention, { eventCode })
/** `idempotencyKey`: one per confirmed click, so a second click of the same dialog gets the first answer */
export const actOn = (eventCode: string, order: Pick<DeskOrder, 'kind' | 'orderId'>, action: DeskAction, idempotencyKey: string) =>
  call(actOnDeskOrder, { eventCode, kind: order.kind, orderId: order.orderId, action, idempotencyKey })

export const fetchSpend = (eventCode: string) => call(listDeskSpend, { eventCode })

const MIME: Record<DeskExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

export const reconcile = (req: ReconcileRequest) => call(reconcileWechatPay, req)

/** the file the server wrote, saved; answers how many rows it holds */
function saveDeskFile(file: { fileName: string; content: string; count: number }, format: DeskExportFormat): number {
  const bytes = Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0))
  saveBlob(new Blob([bytes], { type: MIME[format] }), file.fileName)
  return file.count
}

/** the orders as filtered, downloaded; answers how many orders it holds */
export const downloadOrders = async (req: DeskExportRequest) => saveDeskFile(await call(exportDeskOrders, req), req.format)

/** the reconciliation's differences, downloaded; answers how many */
export const downloadDifferences = async (req: ReconcileRequest, format: DeskExportFormat) =>
  saveDeskFile(await call(exportReconciliation, { ...req, format }), format)
