/** The travel desk's filters as its address keeps them (?q=&kind=&status=&page=&size=). */
import type { DeskOrderListRequest } from '@contracts/admin/orders'
import { ORDER_KINDS, ORDER_STATUS_GROUPS, type OrderKind, type OrderStatusGroup } from '@contracts/calls/orders'

export const PAGE_SIZES = [20, 50, 100] as const

const oneOf = <T extends string>(all: readonly T[], v: string | null): T | null => (all.includes(v as T) ? (v as T) : null)
const positive = (v: string | null, fallback: number) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : fallback)

export function filtersOf(eventCode: string, q: URLSearchParams): DeskOrderListRequest {
  return {
    eventCode,
    keyword: q.get('q') ?? '',
    kind: oneOf<OrderKind>(ORDER_KINDS, q.get('kind')),
    statusGroup: oneOf<OrderStatusGroup>(ORDER_STATUS_GROUPS, q.get('status')),
    page: positive(q.get('page'), 1),
    pageSize: Number(oneOf(PAGE_SIZES.map(String), q.get('size')) ?? PAGE_SIZES[0]),
  }
}

/** fen as yuan with two decimals */
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

/** a new key for one confirmed action */
export const newActionKey = () => crypto.randomUUID().replace(/-/g, '')
