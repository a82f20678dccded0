/**
 * Air after-sales: cancel an unticketed order, refund tickets, remove an ended order, and the checks
 * a refund and a change share. Changing tickets to another flight (and paying for the change) is in
 * ticket-change.ts, its options and figures in change-options.ts; the jobs that follow the airline's answers, undo unpaid changes at their
 * deadline and mark flown orders 'traveled' are in air-aftersale-jobs.ts.
 *
 * - Every status change goes through air/rules/order-machine.ts `transition`; the order row is
 *   locked (FOR UPDATE) first in every path, so a refund and a change of the same ticket asked at
 *   the same moment serialise: the second finds the order 'refunding'/'changing' and is refused.
 * - The airline (provider) is asked for flights and fare rules before the transaction opens (the
 *   sandbox reads its own tables; PGlite has one connection); inside, the order is checked again.
 * - Refunds and changes are sent to the airline by the after-sales job (so a Payable, which may
 *   not call out, only has to schedule it), which then asks until the airline answers.
 * - Money: refunds go back to the payments the order took (the order's, then its changes'), by
 *   payments/payments.ts requestRefund (WeChat: a refund of that payment; company: a recorded
 *   company refund). A change's fee is a payment of kind 'flightChange' (payments/payables.ts).
 *
 * Outcomes in tests and demos: /dev/airline { refundOutcome, changeOutcome: 'accept'|'reject',
 * afterSaleDelayMs, disruptedFlights }, /dev/clock to pass the airline's delay and the change
 * deadline and run the jobs, /dev/wechatpay/pay to pay a change's WeChat payment.
 */
import crypto from 'node:crypto'
import dayjs from 'dayjs'
import type {
  AirAfterSaleReason,
  AirAfterSaleType,
  AirOrderView,
  FareBreakdown,
  RefundEstimateRequest,
  RefundEstimateView,
  RefundLine,
  TicketRefundRequest,
} from '@contracts/calls/flight'
import { AIR_AFTER_SALE_REASONS } from '@contracts/calls/flight'
import type { Lang } from '@contracts/messages'
import type { Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import { isEnded, transition, type AirOrderEvent } from './rules/order-machine'
import { AIR_RULES, refundFigures, termAt, type FeeTerm } from './rules/air-rules'
import { AppError } from '../kernel/errors'
import { once } from '../kernel/http/idempotency'
import type { FareRule } from './airline'
import type { AfterSaleAnswer, AfterSaleAsk } from './airline-calls'
import { airOrderById, loadOwnedAirOrder, passengersOf, setAirOrderStatus, type AirOrderRow, type AirPassengerRow } from './repositories/air'
import {
  airRefundByNo,
  changesOfOrder,
  insertAirRefund,
  markAirOrderRemoved,
  updateAirRefund,
  updatePassenger,
  updatePassengers,
  type AirRefundRow,
} from './repositories/aftersales'
import { ensureJob } from '../kernel/jobs/repository'
import { queueAirNotice } from './notices'
import { AIR_AFTERSALE_JOB } from './payable'
import type { Owner } from '../kernel/db/owned'
import { paymentsOfOrder, refundsOfPayment, type PaymentRow } from '../payments/repositories/payments'
import { extrasFor } from './orders'
import { CHANGE_KIND } from './order-views'
import { cabinRuleOf, orderView, type OrderViewExtras } from './order-views'
import { requestRefund } from '../payments/payments'
import { policyOf } from '../travel/travel'

export const AIR_CHANGE_DEADLINE_JOB = 'air-change-deadline'
const ORDER_KIND = 'flight'

export type AfterSaleDeps = Pick<Deps, 'db' | 'now' | 'log' | 'airline' | 'wechatPay' | 'payables' | 'metrics'>

export const afterSaleNo = (prefix: string, now: Date) =>
  `${prefix}${dayjs(now).utcOffset(480).format('YYYYMMDD')}${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}`

/** tickets that can still be refunded or changed (not being refunded/changed, not refunded, not flown) */
export const isValidTicket = (p: AirPassengerRow) => p.ticketStatus === 'issued' || p.ticketStatus === 'changed'
export const segmentOf = (o: AirOrderRow, p: AirPassengerRow) => p.segment ?? o.flight
export const cabinOf = (o: AirOrderRow, p: AirPassengerRow) => p.segmentCabin ?? o.cabinCode
export const pnrOf = (o: AirOrderRow, p: AirPassengerRow) => p.segmentPnr ?? o.pnr
export const fareOf = (p: AirPassengerRow): FareBreakdown => p.segmentFare ?? p.fare
export const ruleKey = (f: { date: string; flightNo: string }, cabin: string) => `${f.date}|${f.flightNo}|${cabin}`

// --- checks shared by the calls ------------------------------------------------------------------

/** the reason fields of a refund or change (spec §5: type and reason required) */
export function checkReason(type: AirAfterSaleType, reason: AirAfterSaleReason, text: string, missing: 'EAIR1039' | 'EAIR1045'): string {
  if (!(AIR_AFTER_SALE_REASONS[type] as readonly string[]).includes(reason)) throw new AppError(missing)
  const t = text.trim()
  if (t.length > AIR_RULES.reasonTextMax || (reason === 'other' && !t)) throw new AppError('EAIR1046', 200, { max: String(AIR_RULES.reasonTextMax) })
  return t
}

/** the order may start a refund / change now; EAIR1038 while one is in progress, EAIR1033 otherwise */
export function requireEvent(o: AirOrderRow, event: AirOrderEvent): void {
  if (transition(o.status, event)) return
  if (o.status === 'refunding' || o.status === 'changing' || o.status === 'changeToBePaid') throw new AppError('EAIR1038')
  throw new AppError('EAIR1033')
}

/** the passengers asked for, of this order, in the order's order; EAIR1034 for none or a stranger */
export function pick(passengers: AirPassengerRow[], ids: number[]): AirPassengerRow[] {
  const wanted = new Set(ids)
  const picked = passengers.filter((p) => wanted.has(p.id))
  if (!picked.length || picked.length !== wanted.size || ids.length > AIR_RULES.maxPassengers) throw new AppError('EAIR1034')
  return picked
}

/** infants and children must keep an adult on the order's remaining valid tickets (spec §5) */
function checkNotAlone(passengers: AirPassengerRow[], leaving: AirPassengerRow[]): void {
  const gone = new Set(leaving.map((p) => p.id))
  const staying = passengers.filter((p) => isValidTicket(p) && !gone.has(p.id))
  if (staying.some((p) => p.passengerType !== 'adult') && !staying.some((p) => p.passengerType === 'adult')) throw new AppError('EAIR1037')
}

/** the cabins' rules of the tickets' current flights, asked of the airline before any transaction */
export async function rulesOf(deps: Pick<Deps, 'airline'>, o: AirOrderRow, passengers: AirPassengerRow[]): Promise<Map<string, FareRule | null>> {
  const out = new Map<string, FareRule | null>()
  for (const p of passengers) {
    const f = segmentOf(o, p)
    const key = ruleKey(f, cabinOf(o, p))
    if (out.has(key)) continue
    const offer = await deps.airline.flight(f.date, f.flightNo, f.depAirport, f.arrAirport)
    out.set(key, offer ? deps.airline.fareRule(offer, cabinOf(o, p)) : null)
  }
  return out
}

export const NO_TERM = (msBefore: number): FeeTerm => termAt([], msBefore)

function refundLine(o: AirOrderRow, p: AirPassengerRow, rules: Map<string, FareRule | null>, type: AirAfterSaleType, now: Date): RefundLine {
  const segment = segmentOf(o, p)
  const msBefore = Date.parse(segment.dep.time) - now.getTime()
  const rule = rules.get(ruleKey(segment, cabinOf(o, p)))
  const term = rule ? termAt(rule.refund, msBefore) : NO_TERM(msBefore)
  const fare = fareOf(p)
  const base = {
    passengerId: p.id,
    name: p.name,
    passengerType: p.passengerType,
    ticketNo: p.ticketNo,
    segment,
    cabinCode: cabinOf(o, p),
    fareFen: fare.fareFen,
    window: term.window,
  }
  if (!isValidTicket(p)) {
    return { ...base, feePercent: term.feePercent, feeFen: 0, taxesFen: 0, insuranceFen: 0, refundFen: 0, refundable: false, problem: 'notRefundableNow' }
  }
  const f = refundFigures(fare, p.insurance, term, type)
  return {
    ...base,
    feePercent: f.feePercent,
    feeFen: f.feeFen,
    taxesFen: f.taxesFen,
    insuranceFen: f.insuranceFen,
    refundFen: f.refundFen,
    refundable: f.problem === null,
    problem: f.problem,
  }
}

function estimateOf(o: AirOrderRow, lines: RefundLine[], type: AirAfterSaleType): RefundEstimateView {
  const ok = lines.filter((l) => l.refundable)
  return {
    orderId: o.id,
    type,
    lines,
    count: lines.length,
    feeFen: ok.reduce((s, l) => s + l.feeFen, 0),
    refundFen: ok.reduce((s, l) => s + l.refundFen, 0),
    refundable: lines.every((l) => l.refundable),
    refundTo: o.paidBy ?? 'wechat',
    needsVerification: type === 'involuntary',
  }
}

export async function viewOf(tx: Tx, owner: Owner, orderId: number, extras: OrderViewExtras): Promise<AirOrderView> {
  const policy = await policyOf(tx, owner.eventId)
  return orderView(tx, (await airOrderById(tx, orderId))!, policy, extras)
}

// --- cancel and remove ---------------------------------------------------------------------------

/** ticketCancel: only an order without tickets (spec §4); seats released */
export async function cancelOrder(deps: AfterSaleDeps, owner: Owner, orderId: number, lang: Lang): Promise<AirOrderView> {
  const now = deps.now()
  const extras = await extrasFor(deps, owner, orderId, lang)
  return deps.db.transaction(async (tx) => {
    const o = await loadOwnedAirOrder(tx, orderId, owner, { forUpdate: true })
    if (o.status !== 'cancelled') {
      const next = transition(o.status, 'cancelledByAttendee')
      if (!next) {
        if (o.status === 'awaitingIssue') throw new AppError('EAIR1030')
        if (transition(o.status, 'refundRequested') || o.status === 'refunding' || o.status === 'changing' || o.status === 'changeToBePaid')
          throw new AppError('EAIR1031')
        throw new AppError('EAIR1033')
      }
      // a WeChat payment still open and paid later finds the order cancelled: payments refunds it in full
      await setAirOrderStatus(tx, o.id, next, now, {}, 'cancelled by the attendee')
      await deps.airline.release(o.pnr, tx)
    }
    return viewOf(tx, owner, o.id, extras)
  })
}

/** removeTicketOrder: an ended order leaves the lists (kept for accounting) */
export async function removeOrder(deps: Pick<Deps, 'db' | 'now'>, owner: Owner, orderId: number): Promise<{ removed: true }> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const o = await loadOwnedAirOrder(tx, orderId, owner, { forUpdate: true })
    if (!isEnded(o.status)) throw new AppError('EAIR1032')
    await markAirOrderRemoved(tx, o.id, now)
    return { removed: true as const }
  })
}

// --- refund ----------------------------------------------------------------------------------------

/** getReissueRefundPriceMultiPlayer: the refund estimate per passenger */
export async function refundEstimate(deps: Pick<Deps, 'db' | 'now' | 'airline'>, owner: Owner, body: RefundEstimateRequest): Promise<RefundEstimateView> {
  const now = deps.now()
  const o = await loadOwnedAirOrder(deps.db, body.orderId, owner)
  requireEvent(o, 'refundRequested')
  const passengers = await passengersOf(deps.db, o.id)
  const picked = pick(passengers, body.passengerIds)
  return estimateWith(o, picked, await rulesOf(deps, o, picked), body.type, now)
}

/** what a refund needs of the airline, asked before any transaction: the cabins' rules and the order view's extras */
export interface RefundAsked {
  rules: Map<string, FareRule | null>
  extras: OrderViewExtras
}

export async function askAirlineForRefund(deps: Pick<Deps, 'db' | 'airline'>, o: AirOrderRow, lang: Lang): Promise<RefundAsked> {
  const rules = await rulesOf(deps, o, await passengersOf(deps.db, o.id))
  return { rules, extras: { rule: await cabinRuleOf(deps, o.flight, o.cabinCode), lang } }
}

/** the estimate of refunding `picked` now, from rules already asked of the airline */
export const estimateWith = (o: AirOrderRow, picked: AirPassengerRow[], rules: RefundAsked['rules'], type: AirAfterSaleType, now: Date): RefundEstimateView =>
  estimateOf(
    o,
    picked.map((p) => refundLine(o, p, rules, type, now)),
    type,
  )

/**
 * Writes a refund in `tx`: the order locked, its state, passengers and figures checked again
 * against the estimate the asker saw (`expectedRefundFen`); the airline is asked by the job.
 */
export async function writeRefund(tx: Tx, owner: Owner, body: TicketRefundRequest, asked: RefundAsked, now: Date): Promise<AirOrderView> {
  const reasonText = checkReason(body.type, body.reason, body.reasonText, 'EAIR1039')
  const o = await loadOwnedAirOrder(tx, body.orderId, owner, { forUpdate: true })
  requireEvent(o, 'refundRequested')
  const passengers = await passengersOf(tx, o.id)
  const picked = pick(passengers, body.passengerIds)
  const estimate = estimateWith(o, picked, asked.rules, body.type, now)
  for (const l of estimate.lines) {
    if (l.problem === 'feeOverFare') throw new AppError('EAIR1036', 200, { name: l.name })
    if (l.problem === 'notAllowed') throw new AppError('EAIR1047', 200, { name: l.name })
    if (l.problem) throw new AppError('EAIR1048', 200, { name: l.name })
  }
  checkNotAlone(passengers, picked)
  if (estimate.refundFen !== body.expectedRefundFen) throw new AppError('EAIR1035', 200, { amount: (estimate.refundFen / 100).toFixed(2) })
  const refund = await insertAirRefund(tx, {
    orderId: o.id,
    refundNo: afterSaleNo('AR', now),
    state: 'processing',
    type: body.type,
    reason: body.reason,
    reasonText,
    lines: estimate.lines,
    feeFen: estimate.feeFen,
    refundFen: estimate.refundFen,
    refundTo: estimate.refundTo,
    priorStatus: o.status,
    airlineRef: '',
    requestedAt: now,
  })
  await updatePassengers(
    tx,
    o.id,
    picked.map((p) => p.id),
    { ticketStatus: 'refunding' },
  )
  await setAirOrderStatus(tx, o.id, transition(o.status, 'refundRequested')!, now, {}, `refund ${refund.refundNo}`)
  await ensureJob(tx, { kind: AIR_AFTERSALE_JOB, key: `refund:${refund.refundNo}`, payload: { refundNo: refund.refundNo }, dueAt: now, now })
  return viewOf(tx, owner, o.id, asked.extras)
}

/** ticketRefund: asks the airline to refund; 'refunding' until it answers (the after-sales job) */
export async function askRefund(deps: AfterSaleDeps, owner: Owner, path: string, body: TicketRefundRequest, lang: Lang): Promise<AirOrderView> {
  const now = deps.now()
  checkReason(body.type, body.reason, body.reasonText, 'EAIR1039')
  const asked = await askAirlineForRefund(deps, await loadOwnedAirOrder(deps.db, body.orderId, owner), lang)
  return deps.db.transaction((tx) =>
    once(tx, { scope: path, userId: owner.userId, key: body.idempotencyKey, request: body }, now, () => writeRefund(tx, owner, body, asked, now)),
  )
}

/**
 * Pays `amountFen` back to whoever paid the order: from the order's payment first, then from its
 * changes' payments, each up to what is left of it.
 */
export async function payBack(
  tx: Tx,
  deps: Pick<Deps, 'log' | 'payables' | 'metrics'>,
  o: AirOrderRow,
  amountFen: number,
  reason: string,
  payload: Record<string, unknown>,
  now: Date,
): Promise<void> {
  let left = amountFen
  const changes = await changesOfOrder(tx, o.id)
  const payments: PaymentRow[] = [...(await paymentsOfOrder(tx, ORDER_KIND, o.id))]
  for (const c of changes) payments.push(...(await paymentsOfOrder(tx, CHANGE_KIND, c.id)))
  for (const p of payments.filter((x) => x.counted)) {
    if (left <= 0) break
    const committed = (await refundsOfPayment(tx, p.id)).filter((r) => r.status !== 'abnormal').reduce((s, r) => s + r.amountFen, 0)
    const take = Math.min(left, p.amountFen - committed)
    if (take <= 0) continue
    await requestRefund(tx, deps, p, { amountFen: take, reason, payload }, now)
    left -= take
  }
  if (left > 0) deps.log.error({ orderId: o.id, left }, 'air refund: more to pay back than the order took (needs a person)')
}

/** what the after-sales job asks the airline about a refund: send it (not sent yet), or how it goes; null: nothing (decided) */
export async function refundAsk(tx: Tx, r: AirRefundRow): Promise<AfterSaleAsk | null> {
  const o = (await airOrderById(tx, r.orderId))!
  if (r.state !== 'processing' || o.status !== 'refunding') return null
  if (r.airlineRef) return { airlineRef: r.airlineRef, releaseOnReject: null }
  const passengers = await passengersOf(tx, o.id)
  const ids = new Set(r.lines.map((l) => l.passengerId))
  const leaving = passengers.filter((p) => ids.has(p.id))
  const seats = new Map<string, number>()
  for (const p of leaving) seats.set(pnrOf(o, p), (seats.get(pnrOf(o, p)) ?? 0) + (p.passengerType === 'infant' ? 0 : 1))
  return {
    request: {
      ref: r.refundNo,
      kind: 'refund',
      release: [...seats].map(([pnr, n]) => ({ pnr, seats: n })),
      tickets: leaving.length,
      involuntary: r.type === 'involuntary',
      flight: segmentOf(o, leaving[0]),
    },
  }
}

/** applies the airline's answer on a refund (sent: asked later; processing: asked later; rejected; refunded and paid back) */
export async function finishRefund(
  tx: Tx,
  deps: Pick<Deps, 'log' | 'payables' | 'metrics'>,
  r: AirRefundRow,
  answer: AfterSaleAnswer,
  now: Date,
): Promise<{ nextDueAt: Date } | void> {
  const o = (await airOrderById(tx, r.orderId, { forUpdate: true }))!
  const fresh = (await airRefundByNo(tx, r.refundNo, { forUpdate: true }))!
  if (fresh.state !== 'processing' || o.status !== 'refunding') return
  if ('requested' in answer) {
    if (!fresh.airlineRef) await updateAirRefund(tx, fresh.id, { airlineRef: fresh.refundNo })
    return { nextDueAt: new Date(now.getTime() + AIR_RULES.afterSalePollMs) }
  }
  const { state } = answer
  if (state.state === 'processing') return { nextDueAt: new Date(now.getTime() + AIR_RULES.afterSalePollMs) }
  const ids = fresh.lines.map((l) => l.passengerId)
  const refundNotice = {
    kind: 'refundResult' as const,
    key: `refund:${fresh.refundNo}`,
    passengers: (await passengersOf(tx, o.id)).filter((p) => ids.includes(p.id)),
  }
  if (state.state === 'rejected') {
    const passengers = await passengersOf(tx, o.id)
    for (const p of passengers.filter((x) => ids.includes(x.id))) await updatePassenger(tx, p.id, { ticketStatus: p.segment ? 'changed' : 'issued' })
    await updateAirRefund(tx, fresh.id, { state: 'rejected', decidedAt: now, rejectMsgId: state.reason === 'unverified' ? 'EAIR1050' : 'EAIR1051' })
    await setAirOrderStatus(tx, o.id, transition(o.status, 'refundRejected')!, now, {}, `refund ${fresh.refundNo} rejected`)
    await queueAirNotice(tx, o, { ...refundNotice, result: 'ENOTE1015', amountFen: 0 }, now)
    return
  }
  await updatePassengers(tx, o.id, ids, { ticketStatus: 'refunded' })
  await updateAirRefund(tx, fresh.id, { state: 'refunded', decidedAt: now })
  const after = await passengersOf(tx, o.id)
  const event = after.every((p) => p.ticketStatus === 'refunded') ? 'refunded' : 'partiallyRefunded'
  await setAirOrderStatus(tx, o.id, transition(o.status, event)!, now, {}, `refund ${fresh.refundNo} done`)
  if (fresh.refundFen > 0) await payBack(tx, deps, o, fresh.refundFen, 'airRefund', { refundNo: fresh.refundNo, passengerIds: ids }, now)
  await queueAirNotice(tx, o, { ...refundNotice, result: 'ENOTE1014', amountFen: fresh.refundFen }, now)
}
