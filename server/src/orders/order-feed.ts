/**
 * The attendee's orders of every kind (/api/pay/basicOrderInfo/pageOrder, /api/pay/businessInfo/page)
 * as a registry of feeds: each order domain (train, air) has one feed that reads ITS orders of one
 * owner; the order list merges them newest first and pages. With no feed the list is empty.
 *
 * ## Plugging a domain in (a few lines)
 *
 * ```ts
 * // server/src/orders/order-feeds.ts
 * export const trainOrderFeed: OrderFeed = {
 *   kind: 'train',
 *   async list(q, { owner, lang, statusGroups, payer, limit }) {
 *     // SELECT … FROM train_orders WHERE user_id = owner.userId AND event_id = owner.eventId
 *     //   [AND status IN (statuses of statusGroups)] [AND payer = payer]
 *     //   ORDER BY created_at DESC, id DESC LIMIT limit            (+ a COUNT(*) for total)
 *     return { total, rows: rows.map((r) => toOrderSummary(r, lang)) }
 *   },
 * }
 * ```
 * and add it to `new OrderFeeds([…])` in `server/src/app.ts` (deps.orderFeeds).
 *
 * What a feed must keep:
 * - only the owner's orders at the owner's event (the owner comes from the session, never the body);
 * - `rows` newest first by `createdAt`, at most `limit` of them; `total` counts every match;
 * - each row's `statusGroup` from the domain's own status table (its state machine), `statusLabel`
 *   in `lang` (spec §4's wording), `amountFen` an integer;
 * - read only (it runs outside any transaction of the domain's).
 */
import type { Lang } from '@contracts/messages'
import type { OrderKind, OrderPage, OrderPayer, OrderStatusGroup, OrderSummary, PageOrderRequest } from '@contracts/calls/orders'
import type { Queryable } from '../kernel/db/client'
import type { Deps } from '../deps'
import { EVENTDAY_RULES } from '../eventday/rules/eventday-rules'
import { AppError } from '../kernel/errors'
import { ownerOf, type Owner } from '../kernel/db/owned'
import type { SessionInfo } from '../auth/sessions'

export interface OrderFeedQuery {
  owner: Owner
  lang: Lang
  /** absent: every status */
  statusGroups?: readonly OrderStatusGroup[]
  /** absent: whoever pays */
  payer?: OrderPayer
  /** at most this many rows, newest first */
  limit: number
}

export interface OrderFeed {
  kind: OrderKind
  list(q: Queryable, query: OrderFeedQuery): Promise<{ total: number; rows: OrderSummary[] }>
}

/** the app's feeds, one per kind (deps.orderFeeds, built in app.ts) */
export class OrderFeeds {
  private readonly byKind = new Map<OrderKind, OrderFeed>()

  constructor(feeds: readonly OrderFeed[] = []) {
    for (const feed of feeds) this.byKind.set(feed.kind, feed)
  }

  /** registers (or replaces) the feed of a kind; returns its removal, which puts back the feed it replaced (tests) */
  register(feed: OrderFeed): () => void {
    const replaced = this.byKind.get(feed.kind)
    this.byKind.set(feed.kind, feed)
    return () => {
      if (this.byKind.get(feed.kind) !== feed) return
      if (replaced) this.byKind.set(feed.kind, replaced)
      else this.byKind.delete(feed.kind)
    }
  }

  all(): OrderFeed[] {
    return [...this.byKind.values()]
  }
}

/** newest first; equal times in a fixed order (kind, then order number) so pages never overlap */
const newestFirst = (a: OrderSummary, b: OrderSummary): number =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || a.kind.localeCompare(b.kind) || b.orderNo.localeCompare(a.orderNo)

export async function pageOrders(
  { db, orderFeeds }: Pick<Deps, 'db' | 'orderFeeds'>,
  session: SessionInfo,
  lang: Lang,
  req: PageOrderRequest,
  payer?: OrderPayer,
): Promise<OrderPage> {
  if (req.pageNo > EVENTDAY_RULES.orders.maxPageNo) throw new AppError('EVAL0001')
  const owner = ownerOf(session)
  const limit = req.pageNo * req.pageSize
  const chosen = orderFeeds.all().filter((f) => !req.kind || f.kind === req.kind)
  const results = await Promise.all(chosen.map((f) => f.list(db, { owner, lang, statusGroups: req.statusGroup ? [req.statusGroup] : undefined, payer, limit })))
  const merged = results.flatMap((r) => r.rows.slice(0, limit)).sort(newestFirst)
  return {
    total: results.reduce((n, r) => n + r.total, 0),
    pageNo: req.pageNo,
    pageSize: req.pageSize,
    list: merged.slice((req.pageNo - 1) * req.pageSize, limit),
  }
}
