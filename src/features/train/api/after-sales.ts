import { pageOrders, type OrderStatusGroup } from '@contracts/calls/orders'
import { askChangeOrderTicket, type ChangeOptionsRequest, getChange, saveChange, type SaveChangeRequest } from '@contracts/calls/train/change'
import { getTrainOrderInfo, removeTrainOrder } from '@contracts/calls/train/orders'
import { paymentOrder, type PaymentOrderRequest } from '@contracts/calls/train/payment'
import { estimatedRefund, type RefundTicketsRequest, saveRefund, type SaveRefundRequest } from '@contracts/calls/train/refund'
import { call, quietCall } from '@/lib/request'

/**
 * My orders reads the orders feed (/api/pay/basicOrderInfo/pageOrder) restricted to train orders:
 * it is the spec's paged list call, already labels every row with its spec §4 status in the
 * caller's language, and filters by the same status groups as the event-day orders tab.
 */
export const fetchTrainOrderPage = (pageNo: number, pageSize: number, statusGroup?: OrderStatusGroup) =>
  call(pageOrders, { pageNo, pageSize, kind: 'train', statusGroup })

/** the order asked again without a loading indicator and without a toast (the details page's quiet refresh) */
export const refreshOrderQuietly = (orderId: number) => quietCall(getTrainOrderInfo, { orderId })

/** takes an ended order off the attendee's lists */
export const removeOrder = (orderId: number) => call(removeTrainOrder, { orderId })

export const estimateRefund = (req: RefundTicketsRequest) => call(estimatedRefund, req)
export const requestRefund = (req: SaveRefundRequest) => call(saveRefund, req)

export const askChange = (req: ChangeOptionsRequest) => call(askChangeOrderTicket, req)
export const requestChange = (req: SaveChangeRequest) => call(saveChange, req)
export const fetchChange = (changeId: number) => call(getChange, { changeId })
/** a change asked again quietly (succeededInreSigning follows the railway's answer) */
export const refreshChangeQuietly = (changeId: number) => quietCall(getChange, { changeId })

/** starts (or, with the same key, gets again) the attendee's WeChat payment of a change's fare difference */
export const startChangePayment = (req: PaymentOrderRequest & { changeId: number }) => call(paymentOrder, req)
