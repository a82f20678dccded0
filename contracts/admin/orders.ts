/**
 * The console's travel desk (server/src/orders/desk/): every train and air order of an event,
 * the orders that need a person, and what the desk does to an order under the attendee's own rules.
 */
import { defineCall } from '../call'
import type { OrderKind, OrderStatusGroup } from '../calls/orders'

/** what the desk may do to an order now (the server answers them with each row) */
export const DESK_ACTIONS = ['cancel', 'refund', 'retryTicketing'] as const
export type DeskAction = (typeof DESK_ACTIONS)[number]

export interface DeskOrder {
  kind: OrderKind
  orderId: number
  orderNo: string
  /** the domain's own status, its label in the caller's language and its group */
  status: string
  statusLabel: string
  statusGroup: OrderStatusGroup
  attendeeName: string
  attendeeMobile: string
  userCode: string
  /** e.g. "上海虹桥 → 北京南 G2" */
  title: string
  departAt: string
  totalFen: number
  /** who paid: null while unpaid */
  payer: 'company' | 'attendee' | null
  /** given back so far, and under way */
  refundedFen: number
  refundingFen: number
  /** outside the travel policy when booked, with the attendee's reason */
  overPolicy: boolean
  overPolicyReason: string
  createdAt: string
  actions: DeskAction[]
}

export interface DeskOrderListRequest {
  eventCode: string
  kind: OrderKind | null
  statusGroup: OrderStatusGroup | null
  /** over the attendee's name and mobile, and the order number */
  keyword: string
  page: number
  pageSize: number
}

export interface DeskOrderPage {
  total: number
  list: DeskOrder[]
}

/**
 * Why an order needs a person: the railway or airline could not issue and money is still out;
 * ticketing gave up asking (the job failed); a refund slow or refused by WeChat Pay; a change
 * waiting to be paid; WeChat Pay took another amount than the order's.
 */
export const ATTENTION_KINDS = ['ticketingFailed', 'ticketingStuck', 'refundSlow', 'refundFailed', 'changeUnpaid', 'amountMismatch'] as const
export type AttentionKind = (typeof ATTENTION_KINDS)[number]

export interface AttentionItem {
  kind: AttentionKind
  order: DeskOrder
  /** since when (ISO) */
  since: string
  /** the money concerned, in fen (a refund's amount; for a mismatch, what WeChat took) */
  amountFen: number
}

export interface DeskActionRequest {
  eventCode: string
  kind: OrderKind
  orderId: number
  action: DeskAction
  /** one per click: a second click with the same key gets the first answer */
  idempotencyKey: string
}

export interface DeskActionResult {
  /** the order as it is after the action */
  order: DeskOrder
}

export const listDeskOrders = defineCall<DeskOrderListRequest, DeskOrderPage>({ path: '/api/admin/orders/list', auth: 'staff' })
export const listDeskAttention = defineCall<{ eventCode: string }, { list: AttentionItem[] }>({ path: '/api/admin/orders/attention', auth: 'staff' })
export const actOnDeskOrder = defineCall<DeskActionRequest, DeskActionResult>({ path: '/api/admin/orders/act', auth: 'staff' })

/** one attendee's travel spend at the event: what was paid and not given back, by payer, and the orders outside the policy */
export interface SpendRow {
  userCode: string
  attendeeName: string
  attendeeMobile: string
  orders: number
  spentFen: number
  companyFen: number
  attendeeFen: number
  overPolicyOrders: number
  /** the attendee's reasons for those orders */
  overPolicyReasons: string[]
}

export type DeskExportFormat = 'csv' | 'xlsx'
export type DeskExportRequest = Omit<DeskOrderListRequest, 'page' | 'pageSize'> & { format: DeskExportFormat }

export interface DeskExportFile {
  fileName: string
  /** the file's bytes, base64 */
  content: string
  /** orders in it */
  count: number
}

export const listDeskSpend = defineCall<{ eventCode: string }, { list: SpendRow[] }>({ path: '/api/admin/orders/spend', auth: 'staff' })
export const exportDeskOrders = defineCall<DeskExportRequest, DeskExportFile>({ path: '/api/admin/orders/export', auth: 'staff' })
