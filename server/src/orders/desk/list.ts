/**
 * The travel desk's lists ('orders.read'): every train and air order of an event, filtered by
 * kind and status group and searched by the attendee, paged; and the orders that need a person,
 * each with why and since when (the thresholds are TRAVEL_DESK_RULES).
 */
import type { AttentionItem, AttentionKind, DeskOrder, DeskOrderListRequest, DeskOrderPage } from '@contracts/admin/orders'
import { TRAVEL_DESK_RULES } from '@contracts/admin/orders-rules'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { OrderKind } from '@contracts/calls/orders'
import type { Lang } from '@contracts/messages'
import { AIR_ORDER_STATUS, statusesIn, TRAIN_ORDER_STATUS } from '@contracts/order-status'
import type { Deps } from '../../deps'
import type { Queryable } from '../../kernel/db/client'
import { toShanghaiIso } from '../../kernel/time/time'
import { eventForStaff } from '../../staff/access'
import type { StaffSession } from '../../staff/sessions'
import { airOrderIdsIn, deskOrderKeys, openAmountAlerts, type DeskFilter, stuckRefunds, trainOrderIdsIn } from '../repositories/desk'
import { ordersOfPayments } from '../repositories/payment-orders'
import { deskOrdersOf } from './views'

/** the list's filters as the repository takes them: the page and the export alike */
export function deskFilterOf(eventId: number, req: Pick<DeskOrderListRequest, 'kind' | 'statusGroup' | 'keyword'>): DeskFilter {
  const groups = req.statusGroup ? [req.statusGroup] : null
  return {
    eventId,
    kind: req.kind,
    trainStatuses: groups && statusesIn(TRAIN_ORDER_STATUS, groups),
    airStatuses: groups && statusesIn(AIR_ORDER_STATUS, groups),
    keyword: req.keyword.trim(),
  }
}

export async function listDeskOrders(deps: Pick<Deps, 'db'>, session: StaffSession, req: DeskOrderListRequest, lang: Lang): Promise<DeskOrderPage> {
  const { event } = await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['orders.read'])
  const keys = await deskOrderKeys(deps.db, deskFilterOf(event.id, req))
  const page = keys.slice((req.page - 1) * req.pageSize, req.page * req.pageSize)
  return { total: keys.length, list: await deskOrdersOf(deps.db, event.id, page, lang) }
}

interface Found {
  kind: AttentionKind
  orderKind: OrderKind
  orderId: number
  since: Date
  amountFen: number
}

async function findAttention(q: Queryable, eventId: number, now: Date): Promise<Found[]> {
  const found: Found[] = []
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000)
  for (const r of await trainOrderIdsIn(q, eventId, ['failed']))
    found.push({ kind: 'ticketingFailed', orderKind: 'train', orderId: r.id, since: r.at, amountFen: 0 })
  for (const r of await airOrderIdsIn(q, eventId, ['issueFailed']))
    found.push({ kind: 'ticketingFailed', orderKind: 'air', orderId: r.id, since: r.at, amountFen: 0 })
  for (const r of await trainOrderIdsIn(q, eventId, ['ticketing']))
    found.push({ kind: 'ticketingStuck', orderKind: 'train', orderId: r.id, since: r.at, amountFen: 0 })
  for (const r of await airOrderIdsIn(q, eventId, ['awaitingIssue']))
    found.push({ kind: 'ticketingStuck', orderKind: 'air', orderId: r.id, since: r.at, amountFen: 0 })
  const unpaidSince = minutesAgo(TRAVEL_DESK_RULES.changeUnpaidMinutes)
  for (const r of await trainOrderIdsIn(q, eventId, ['changeToProcess'], unpaidSince))
    found.push({ kind: 'changeUnpaid', orderKind: 'train', orderId: r.id, since: r.at, amountFen: 0 })
  for (const r of await airOrderIdsIn(q, eventId, ['changeToBePaid'], unpaidSince))
    found.push({ kind: 'changeUnpaid', orderKind: 'air', orderId: r.id, since: r.at, amountFen: 0 })
  const refunds = await stuckRefunds(q, eventId, minutesAgo(TRAVEL_DESK_RULES.refundSlowMinutes))
  const alerts = await openAmountAlerts(q, eventId)
  const orders = await ordersOfPayments(
    q,
    [...refunds, ...alerts].map((r) => r.payment),
  )
  for (const { refund, payment } of refunds) {
    const order = orders.get(payment.id)
    if (order)
      found.push({
        kind: refund.status === 'abnormal' ? 'refundFailed' : 'refundSlow',
        orderKind: order.orderKind,
        orderId: order.orderId,
        since: refund.createdAt,
        amountFen: refund.amountFen,
      })
  }
  for (const { alert, payment } of alerts) {
    const order = orders.get(payment.id)
    if (order) found.push({ kind: 'amountMismatch', orderKind: order.orderKind, orderId: order.orderId, since: alert.raisedAt, amountFen: alert.receivedFen })
  }
  return found
}

/** whether a found order still needs a person once its money and jobs are known */
function stillNeeded(f: Found, o: DeskOrder): boolean {
  // a failed ticketing whose money is back or on its way is done; one with money left needs the desk
  if (f.kind === 'ticketingFailed') return o.payer !== null && o.refundedFen + o.refundingFen < o.totalFen
  // ticketing that is still being asked is fine; one whose job gave up needs a retry
  if (f.kind === 'ticketingStuck') return o.actions.includes('retryTicketing')
  return true
}

export async function listAttention(deps: Pick<Deps, 'db' | 'now'>, session: StaffSession, eventCode: string, lang: Lang): Promise<{ list: AttentionItem[] }> {
  const { event } = await eventForStaff(deps.db, session, eventCode, ROLE_PERMISSIONS['orders.read'])
  const found = (await findAttention(deps.db, event.id, deps.now())).sort((a, b) => a.since.getTime() - b.since.getTime())
  const orders = await deskOrdersOf(
    deps.db,
    event.id,
    found.map((f) => ({ kind: f.orderKind, id: f.orderId })),
    lang,
  )
  const byKey = new Map(orders.map((o) => [`${o.kind}:${o.orderId}`, o]))
  const list: AttentionItem[] = []
  for (const f of found) {
    const order = byKey.get(`${f.orderKind}:${f.orderId}`)
    if (order && stillNeeded(f, order)) list.push({ kind: f.kind, order, since: toShanghaiIso(f.since), amountFen: f.amountFen || order.totalFen })
  }
  return { list: list.slice(0, TRAVEL_DESK_RULES.attentionMax) }
}
