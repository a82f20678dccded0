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

/** the orders as filtered, as the server wrote the file, downloaded; answers how many orders it holds */
export async function downloadOrders(req: DeskExportRequest): Promise<number> {
  const file = await call(exportDeskOrders, req)
  const bytes = Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0))
  saveBlob(new Blob([bytes], { type: MIME[req.format] }), file.fileName)
  return file.count
}
