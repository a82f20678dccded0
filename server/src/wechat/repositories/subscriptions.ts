/** wechat_subscriptions rows: SQL only (wechat/tables.ts says what they are). */
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { events } from '../../kernel/db/core-tables'
import { wechatSubscriptions } from '../tables'
import type { SubscriptionCutoffs } from '../rules/subscription-rules'

export type SubscriptionRow = typeof wechatSubscriptions.$inferSelect
export type NewSubscription = typeof wechatSubscriptions.$inferInsert

export async function addSubscriptions(q: Queryable, rows: NewSubscription[]): Promise<void> {
  if (rows.length) await q.insert(wechatSubscriptions).values(rows)
}

/**
 * Marks the oldest unused subscription of a notice used and answers it; null when there is none.
 * SKIP LOCKED: two notices of one order and kind at once take two different rows (or one takes
 * none and goes by SMS), never the same one.
 */
export async function takeSubscription(
  q: Queryable,
  s: { userId: number; orderKind: string; orderId: number; kind: string },
  now: Date,
): Promise<SubscriptionRow | null> {
  const t = wechatSubscriptions
  const next = q
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.userId, s.userId), eq(t.orderKind, s.orderKind), eq(t.orderId, s.orderId), eq(t.kind, s.kind), isNull(t.usedAt)))
    .orderBy(asc(t.id))
    .limit(1)
    .for('update', { skipLocked: true })
  const [row] = await q
    .update(t)
    .set({ usedAt: now })
    .where(sql`${t.id} = (${next})`)
    .returning()
  return row ?? null
}

/** deletes the rows past their keeping (rules/subscription-rules.ts); answers how many */
export async function deleteEndedSubscriptions(q: Queryable, cut: SubscriptionCutoffs): Promise<number> {
  const t = wechatSubscriptions
  const gone = await q
    .delete(t)
    .where(or(lt(t.usedAt, cut.usedBefore), and(isNull(t.usedAt), lt(t.createdAt, cut.unusedMadeBefore))))
    .returning({ id: t.id })
  return gone.length
}

/** the subscriptions of an order (tests, support) */
export async function subscriptionsOfOrder(q: Queryable, orderKind: string, orderId: number): Promise<SubscriptionRow[]> {
  const t = wechatSubscriptions
  return q
    .select()
    .from(t)
    .where(and(eq(t.orderKind, orderKind), eq(t.orderId, orderId)))
    .orderBy(asc(t.id))
}

/** the event's codes every page address carries (ehc, ec) */
export async function eventCodesOf(q: Queryable, eventId: number): Promise<{ ehc: string; ec: string } | null> {
  const [row] = await q.select({ ehc: events.eventHashCode, ec: events.eventCode }).from(events).where(eq(events.id, eventId))
  return row ?? null
}
