/**
 * The attendee's orders of every kind (spec §7 /api/pay/basicOrderInfo/pageOrder and
 * /api/pay/businessInfo/page). The server merges what each order domain (train, air …) registers
 * as a feed (server/src/orders/order-feed.ts), newest first; with none registered the list is
 * empty.
 */
import { defineCall } from '../call'

export const ORDER_KINDS = ['train', 'air'] as const
export type OrderKind = (typeof ORDER_KINDS)[number]

/**
 * The statuses of spec §4 differ per kind; every domain maps each of its statuses to one of these
 * groups, which the list filters by, and gives its own label in the caller's language.
 */
export const ORDER_STATUS_GROUPS = ['toPay', 'processing', 'done', 'refund', 'closed'] as const
export type OrderStatusGroup = (typeof ORDER_STATUS_GROUPS)[number]

export type OrderPayer = 'self' | 'company'

export interface OrderSummary {
  kind: OrderKind
  /** the domain's order number, as shown */
  orderNo: string
  /** the order's id within its kind: what its pages take (`orderId`) */
  orderId: number
  /** e.g. "北京南 → 上海虹桥 G1" */
  title: string
  /** ISO 8601 with offset; null when the order has no departure */
  departAt: string | null
  statusGroup: OrderStatusGroup
  /** the domain's own status code */
  status: string
  /** that status as spec §4 names it, in the caller's language */
  statusLabel: string
  /** in fen (1/100 yuan), integers only */
  amountFen: number
  payer: OrderPayer
  createdAt: string
}

export interface PageOrderRequest {
  /** from 1 */
  pageNo: number
  /** 1 to 50 */
  pageSize: number
  kind?: OrderKind
  statusGroup?: OrderStatusGroup
}
export interface OrderPage {
  total: number
  pageNo: number
  pageSize: number
  list: OrderSummary[]
}

/** every order of the caller at the caller's event, newest first */
export const pageOrders = defineCall<PageOrderRequest, OrderPage>({ path: '/api/pay/basicOrderInfo/pageOrder', auth: 'required' })

/** only the orders the company pays (payOnBusiness) */
export const pageBusinessOrders = defineCall<PageOrderRequest, OrderPage>({ path: '/api/pay/businessInfo/page', auth: 'required' })
