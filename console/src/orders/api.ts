/** The console's travel desk calls. */
import { actOnDeskOrder, listDeskAttention, listDeskOrders, type DeskAction, type DeskOrder, type DeskOrderListRequest } from '@contracts/admin/orders'
import { call } from '../lib/request'

export const fetchOrders = (req: DeskOrderListRequest) => call(listDeskOrders, req)
export const fetchAttention = (eventCode: string) => call(listDeskAttention, { eventCode })
/** `idempotencyKey`: one per confirmed click, so a second click of the same dialog gets the first answer */
export const actOn = (eventCode: string, order: Pick<DeskOrder, 'kind' | 'orderId'>, action: DeskAction, idempotencyKey: string) =>
  call(actOnDeskOrder, { eventCode, kind: order.kind, orderId: order.orderId, action, idempotencyKey })
