/**
 * The travel desk's reads: an event's train and air orders with their attendee, and the rows
 * behind the "needs a person" view. Read only; the desk's changes go through the domains.
 */
import { and, eq, ilike, inArray, isNotNull, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm'
import type { OrderKind } from '@contracts/calls/orders'
import type { Queryable } from '../../kernel/db/client'
import { airOrders, jobs, paymentAlerts, paymentRefunds, payments, trainOrders, users } from '../../kernel/db/schema'
import { containsPattern } from '../../register/rules/review-rules'

export interface DeskFilter {
  eventId: number
  kind: OrderKind | null
  trainStatuses: readonly string[] | null
  airStatuses: readonly string[] | null
  keyword: string
}

export interface OrderKey {
  kind: OrderKind
  id: number
  createdAt: Date
}

const keywordOf = (keyword: string, orderNo: SQL | typeof trainOrders.orderNo): SQL | undefined => {
  if (!keyword) return undefined
  const like = containsPattern(keyword)
  return or(ilike(users.name, like), ilike(users.mobile, like), ilike(orderNo as typeof trainOrders.orderNo, like))
}

/** every matching order of the event as (kind, id, created), newest first: the page is cut from it */
export async function deskOrderKeys(q: Queryable, f: DeskFilter): Promise<OrderKey[]> {
  const out: OrderKey[] = []
  if (f.kind !== 'air' && (f.trainStatuses === null || f.trainStatuses.length)) {
    const rows = await q
      .select({ id: trainOrders.id, createdAt: trainOrders.createdAt })
      .from(trainOrders)
      .innerJoin(users, eq(users.id, trainOrders.userId))
      .where(
        and(
          eq(trainOrders.eventId, f.eventId),
          f.trainStatuses ? inArray(trainOrders.status, f.trainStatuses as never[]) : undefined,
          keywordOf(f.keyword, trainOrders.orderNo),
        ),
      )
    out.push(...rows.map((r) => ({ kind: 'train' as const, ...r })))
  }
  if (f.kind !== 'train' && (f.airStatuses === null || f.airStatuses.length)) {
    const rows = await q
      .select({ id: airOrders.id, createdAt: airOrders.createdAt })
      .from(airOrders)
      .innerJoin(users, eq(users.id, airOrders.userId))
      .where(
        and(
          eq(airOrders.eventId, f.eventId),
          f.airStatuses ? inArray(airOrders.status, f.airStatuses as never[]) : undefined,
          keywordOf(f.keyword, airOrders.orderCode as never),
        ),
      )
    out.push(...rows.map((r) => ({ kind: 'air' as const, ...r })))
  }
  return out.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.kind.localeCompare(b.kind) || b.id - a.id)
}

const person = { name: users.name, mobile: users.mobile, userCode: users.userCode }

export async function trainOrdersWithPeople(q: Queryable, eventId: number, ids: number[]) {
  if (!ids.length) return []
  return q
    .select({ order: trainOrders, person })
    .from(trainOrders)
    .innerJoin(users, eq(users.id, trainOrders.userId))
    .where(and(eq(trainOrders.eventId, eventId), inArray(trainOrders.id, ids)))
}

export async function airOrdersWithPeople(q: Queryable, eventId: number, ids: number[]) {
  if (!ids.length) return []
  return q
    .select({ order: airOrders, person })
    .from(airOrders)
    .innerJoin(users, eq(users.id, airOrders.userId))
    .where(and(eq(airOrders.eventId, eventId), inArray(airOrders.id, ids)))
}

/** the payments of some orders of one payment kind, and their refunds */
export async function paymentsOfOrders(q: Queryable, paymentKind: string, orderIds: number[]) {
  const ps = orderIds.length
    ? await q
        .select()
        .from(payments)
        .where(and(eq(payments.kind, paymentKind), inArray(payments.orderId, orderIds)))
    : []
  const refunds = ps.length
    ? await q
        .select()
        .from(paymentRefunds)
        .where(
          inArray(
            paymentRefunds.paymentId,
            ps.map((p) => p.id),
          ),
        )
    : []
  return { payments: ps, refunds }
}

/**
 * Refunds of the event not back since `before`, and those WeChat Pay could not pay back and no
 * later refund of the same payment has given again (the desk's refund settles them).
 */
export async function stuckRefunds(q: Queryable, eventId: number, before: Date) {
  const givenAgain = sql`exists (select 1 from ${paymentRefunds} as later where later.payment_id = ${paymentRefunds.paymentId}
    and later.status <> 'abnormal' and later.id > ${paymentRefunds.id})`
  return q
    .select({ refund: paymentRefunds, payment: payments })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(
      and(
        eq(payments.eventId, eventId),
        or(
          and(eq(paymentRefunds.status, 'abnormal'), not(givenAgain)),
          and(inArray(paymentRefunds.status, ['pending', 'processing']), lt(paymentRefunds.createdAt, before)),
        ),
      ),
    )
    .orderBy(paymentRefunds.createdAt)
}

/** the open alerts of the event's payments: WeChat Pay took another amount than the order's */
export async function openAmountAlerts(q: Queryable, eventId: number) {
  return q
    .select({ alert: paymentAlerts, payment: payments })
    .from(paymentAlerts)
    .innerJoin(payments, eq(payments.id, paymentAlerts.paymentId))
    .where(and(eq(payments.eventId, eventId), isNull(paymentAlerts.resolvedAt)))
    .orderBy(paymentAlerts.raisedAt)
}

/** the ticketing jobs that gave up (JOB_RULES.maxAttempts failures), by order id */
export async function failedTicketingJobs(q: Queryable, kind: string, orderIds: number[]) {
  if (!orderIds.length) return []
  return q
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, kind),
        inArray(
          jobs.key,
          orderIds.map((id) => String(id)),
        ),
        isNotNull(jobs.failedAt),
      ),
    )
}

/** the event's orders in some statuses, oldest change first */
export async function trainOrderIdsIn(q: Queryable, eventId: number, statuses: readonly string[], updatedBefore?: Date) {
  const rows = await q
    .select({ id: trainOrders.id, at: trainOrders.updatedAt })
    .from(trainOrders)
    .where(
      and(
        eq(trainOrders.eventId, eventId),
        inArray(trainOrders.status, statuses as never[]),
        updatedBefore ? lt(trainOrders.updatedAt, updatedBefore) : undefined,
      ),
    )
    .orderBy(trainOrders.updatedAt)
  return rows
}

export async function airOrderIdsIn(q: Queryable, eventId: number, statuses: readonly string[], updatedBefore?: Date) {
  return q
    .select({ id: airOrders.id, at: airOrders.updatedAt })
    .from(airOrders)
    .where(
      and(eq(airOrders.eventId, eventId), inArray(airOrders.status, statuses as never[]), updatedBefore ? lt(airOrders.updatedAt, updatedBefore) : undefined),
    )
    .orderBy(airOrders.updatedAt)
}
