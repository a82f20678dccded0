import {
  getReissueRefundPriceMultiPlayer,
  type RefundEstimateRequest,
  removeTicketOrder,
  ticketCancel,
  ticketRefund,
  type TicketRefundRequest,
} from '@contracts/calls/flight/cancel-refund'
import {
  confirmChangeOrder,
  createChangeOrderPay,
  findRebookList,
  type FindRebookListRequest,
  ticketCancelChange,
  ticketChange,
  type TicketChangeRequest,
} from '@contracts/calls/flight/change'
import type { PayerCode } from '@contracts/wx-code'
import { call, quietCall } from '@/lib/request'

/** spec §4: an order without tickets only (the server refuses a ticketed one with a message) */
export const cancelOrder = (orderId: number) => call(ticketCancel, { orderId })
/** an ended order leaves the attendee's lists */
export const removeOrder = (orderId: number) => call(removeTicketOrder, { orderId })

/**
 * The refund estimate, asked again whenever the refunders or the type change: quiet (the form says
 * "working it out" beside the amount; a mask over the form on every tick would be in the way)
 */
export const estimateRefund = (req: RefundEstimateRequest) => quietCall(getReissueRefundPriceMultiPlayer, req)
export const requestRefund = (req: TicketRefundRequest) => call(ticketRefund, req)

/** flights to change to on a date: asked by the attendee (a date chosen), so with the loading mask */
export const fetchRebookList = (req: FindRebookListRequest) => call(findRebookList, req)
export const requestChange = (req: TicketChangeRequest) => call(ticketChange, req)
export const undoChange = (orderId: number) => call(ticketCancelChange, { orderId })

/** paying the change: the company (confirmChangeOrder) or WeChat Pay (createChangeOrderPay) */
export const payChangeByCompany = (orderId: number, idempotencyKey: string) => call(confirmChangeOrder, { orderId, idempotencyKey })
export const createChangePayment = (orderId: number, tradeType: 'JSAPI' | 'NATIVE', payer: PayerCode, idempotencyKey: string) =>
  call(createChangeOrderPay, { orderId, tradeType, ...payer, idempotencyKey })
