/**
 * Air after-sales (issue 13): cancel an unticketed order, refund tickets, change them to another
 * flight (and pay for the change), remove an ended order, and the jobs that follow the airline's
 * answers, undo unpaid changes at their deadline and mark flown orders 'traveled'.
 *
 * - Every status change goes through domain/air-order-machine.ts `transition`; the order row is
 *   locked (FOR UPDATE) first in every path, so a refund and a change of the same ticket asked at
 *   the same moment serialise: the second finds the order 'refunding'/'changing' and is refused.
 * - The airline (provider) is asked for flights and fare rules before the transaction opens (the
 *   sandbox reads its own tables; PGlite has one connection); inside, the order is checked again.
 * - Refunds and changes are sent to the airline by the after-sales job (so a Payable, which may
 *   not call out, only has to schedule it), which then asks until the airline answers.
 * - Money: refunds go back to the payments the order took (the order's, then its changes'), by
 *   services/payments.ts requestRefund (WeChat: a refund of that payment; company: a recorded
 *   company refund). A change's fee is a payment of kind 'flightChange' (services/payables.ts).
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
  CancelChangeRequest,
  ChangeLine,
  CreateOrderPayRequest,
  FareBreakdown,
  FindRebookListRequest,
  OrderPayView,
  PayRequest,
  RebookListView,
  RefundEstimateRequest,
  RefundEstimateView,
  RefundLine,
  TicketChangeRequest,
  TicketRefundRequest,
} from '@contracts/calls/flight'
import { AIR_AFTER_SALE_REASONS } from '@contracts/calls/flight'
import type { Lang } from '@contracts/messages'
import type { Tx } from '../db/client'
import type { Deps } from '../deps'
import { changeUndoneEvent, isEnded, transition, type AirOrderEvent } from '../domain/air-order-machine'
import { AIR_RULES, changeBackFen, changeFigures, faresFor, refundFigures, termAt, type FeeTerm } from '../domain/air-rules'
import { AppError } from '../errors'
import { once } from '../lib/idempotency'
import type { FareRule, FlightOffer } from '../providers/airline'
import { airOrderById, loadOwnedAirOrder, passengersOf, setAirOrderStatus, type AirOrderRow, type AirPassengerRow } from '../repositories/air'
import {
  airChangeById,
  airChangeByNo,
  airChangeByPnr,
  airRefundByNo,
  changesOfOrder,
  insertAirChange,
  insertAirRefund,
  markAirOrderRemoved,
  rescheduleJob,
  updateAirChange,
  updateAirRefund,
  updatePassenger,
  updatePassengers,
  type AirChangeRow,
  type AirRefundRow,
} from '../repositories/air-aftersales'
import { ensureJob } from '../repositories/jobs'
import { AIR_AFTERSALE_JOB } from './air-payable'
import type { Owner } from '../repositories/owned'
import { paymentsOfOrder, refundsOfPayment, type PaymentRow } from '../repositories/payments'
import { AIR_TRAVELED_JOB, CHANGE_KIND, cabinRuleOf, ensureTraveledJob, extrasFor, iso, orderView, payMethodsOf, type OrderViewExtras } from './air-orders'
import { checkDate, flightView, isBookable, offerOf, routeKindOf } from './air-search'
import { openWechatPayment, payByCompany, requestRefund } from './payments'
import { policyOf } from './travel'

export const AIR_CHANGE_DEADLINE_JOB = 'air-change-deadline'
const ORDER_KIND = 'flight'

type AfterSaleDeps = Pick<Deps, 'db' | 'now' | 'log' | 'airline' | 'wechatPay' | 'payables'>

const afterSaleNo = (prefix: string, now: Date) => `${prefix}${dayjs(now).utcOffset(480).format('YYYYMMDD')}${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}`

/** tickets that can still be refunded or changed (not being refunded/changed, not refunded, not flown) */
const isValidTicket = (p: AirPassengerRow) => p.ticketStatus === 'issued' || p.ticketStatus === 'changed'
const segmentOf = (o: AirOrderRow, p: AirPassengerRow) => p.segment ?? o.flight
const cabinOf = (o: AirOrderRow, p: AirPassengerRow) => p.segmentCabin ?? o.cabinCode
const pnrOf = (o: AirOrderRow, p: AirPassengerRow) => p.segmentPnr ?? o.pnr
const fareOf = (p: AirPassengerRow): FareBreakdown => p.segmentFare ?? p.fare
const ruleKey = (f: { date: string; flightNo: string }, cabin: string) => `${f.date}|${f.flightNo}|${cabin}`

// --- checks shared by the calls ------------------------------------------------------------------

/** the reason fields of a refund or change (spec §5: type and reason required) */
function checkReason(type: AirAfterSaleType, reason: AirAfterSaleReason, text: string, missing: 'EAIR1039' | 'EAIR1045'): string {
  if (!(AIR_AFTER_SALE_REASONS[type] as readonly string[]).includes(reason)) throw new AppError(missing)
  const t = text.trim()
  if (t.length > AIR_RULES.reasonTextMax || (reason === 'other' && !t)) throw new AppError('EAIR1046', 200, { max: String(AIR_RULES.reasonTextMax) })
  return t
}

/** the order may start a refund / change now; EAIR1038 while one is in progress, EAIR1033 otherwise */
function requireEvent(o: AirOrderRow, event: AirOrderEvent): void {
  if (transition(o.status, event)) return
  if (o.status === 'refunding' || o.status === 'changing' || o.status === 'changeToBePaid') throw new AppError('EAIR1038')
  throw new AppError('EAIR1033')
}

/** the passengers asked for, of this order, in the order's order; EAIR1034 for none or a stranger */
function pick(passengers: AirPassengerRow[], ids: number[]): AirPassengerRow[] {
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
async function rulesOf(deps: Pick<Deps, 'airline'>, o: AirOrderRow, passengers: AirPassengerRow[]): Promise<Map<string, FareRule | null>> {
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

const NO_TERM = (msBefore: number): FeeTerm => termAt([], msBefore)

function refundLine(o: AirOrderRow, p: AirPassengerRow, rules: Map<string, FareRule | null>, type: AirAfterSaleType, now: Date): RefundLine {
  const segment = segmentOf(o, p)
  const msBefore = Date.parse(segment.dep.time) - now.getTime()
  const rule = rules.get(ruleKey(segment, cabinOf(o, p)))
  const term = rule ? termAt(rule.refund, msBefore) : NO_TERM(msBefore)
  const fare = fareOf(p)
  const base = { passengerId: p.id, name: p.name, passengerType: p.passengerType, ticketNo: p.ticketNo, segment, cabinCode: cabinOf(o, p), fareFen: fare.fareFen, window: term.window }
  if (!isValidTicket(p)) {
    return { ...base, feePercent: term.feePercent, feeFen: 0, taxesFen: 0, insuranceFen: 0, refundFen: 0, refundable: false, problem: 'notRefundableNow' }
  }
  const f = refundFigures(fare, p.insurance, term, type)
  return { ...base, feePercent: f.feePercent, feeFen: f.feeFen, taxesFen: f.taxesFen, insuranceFen: f.insuranceFen, refundFen: f.refundFen, refundable: f.problem === null, problem: f.problem }
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

async function viewOf(tx: Tx, owner: Owner, orderId: number, extras: OrderViewExtras): Promise<AirOrderView> {
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
        if (transition(o.status, 'refundRequested') || o.status === 'refunding' || o.status === 'changing' || o.status === 'changeToBePaid') throw new AppError('EAIR1031')
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
  const rules = await rulesOf(deps, o, picked)
  return estimateOf(o, picked.map((p) => refundLine(o, p, rules, body.type, now)), body.type)
}

/** ticketRefund: asks the airline to refund; 'refunding' until it answers (the after-sales job) */
export async function askRefund(deps: AfterSaleDeps, owner: Owner, path: string, body: TicketRefundRequest, lang: Lang): Promise<AirOrderView> {
  const now = deps.now()
  const reasonText = checkReason(body.type, body.reason, body.reasonText, 'EAIR1039')
  const o0 = await loadOwnedAirOrder(deps.db, body.orderId, owner)
  const rules = await rulesOf(deps, o0, await passengersOf(deps.db, o0.id))
  const extras = { rule: await cabinRuleOf(deps, o0.flight, o0.cabinCode), lang }
  return deps.db.transaction((tx) =>
    once(tx, { scope: path, userId: owner.userId, key: body.idempotencyKey, request: body }, now, async () => {
      const o = await loadOwnedAirOrder(tx, body.orderId, owner, { forUpdate: true })
      requireEvent(o, 'refundRequested')
      const passengers = await passengersOf(tx, o.id)
      const picked = pick(passengers, body.passengerIds)
      const estimate = estimateOf(o, picked.map((p) => refundLine(o, p, rules, body.type, now)), body.type)
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
      await updatePassengers(tx, o.id, picked.map((p) => p.id), { ticketStatus: 'refunding' })
      await setAirOrderStatus(tx, o.id, transition(o.status, 'refundRequested')!, now, {}, `refund ${refund.refundNo}`)
      await ensureJob(tx, { kind: AIR_AFTERSALE_JOB, key: `refund:${refund.refundNo}`, payload: { refundNo: refund.refundNo }, dueAt: now, now })
      return viewOf(tx, owner, o.id, extras)
    }),
  )
}

/**
 * Pays `amountFen` back to whoever paid the order: from the order's payment first, then from its
 * changes' payments, each up to what is left of it.
 */
async function payBack(tx: Tx, deps: Pick<Deps, 'log' | 'payables'>, o: AirOrderRow, amountFen: number, reason: string, payload: Record<string, unknown>, now: Date): Promise<void> {
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

async function finishRefund(tx: Tx, deps: Pick<Deps, 'airline' | 'log' | 'payables'>, r: AirRefundRow, now: Date): Promise<{ nextDueAt: Date } | void> {
  const o = (await airOrderById(tx, r.orderId, { forUpdate: true }))!
  const fresh = (await airRefundByNo(tx, r.refundNo, { forUpdate: true }))!
  if (fresh.state !== 'processing' || o.status !== 'refunding') return
  if (!fresh.airlineRef) {
    const passengers = await passengersOf(tx, o.id)
    const ids = new Set(fresh.lines.map((l) => l.passengerId))
    const leaving = passengers.filter((p) => ids.has(p.id))
    const seats = new Map<string, number>()
    for (const p of leaving) seats.set(pnrOf(o, p), (seats.get(pnrOf(o, p)) ?? 0) + (p.passengerType === 'infant' ? 0 : 1))
    await deps.airline.requestAfterSale(
      { ref: fresh.refundNo, kind: 'refund', release: [...seats].map(([pnr, n]) => ({ pnr, seats: n })), tickets: leaving.length, involuntary: fresh.type === 'involuntary', flight: segmentOf(o, leaving[0]) },
      tx,
    )
    await updateAirRefund(tx, fresh.id, { airlineRef: fresh.refundNo })
    return { nextDueAt: new Date(now.getTime() + AIR_RULES.afterSalePollMs) }
  }
  const state = await deps.airline.afterSale(fresh.airlineRef, tx)
  if (state.state === 'processing') return { nextDueAt: new Date(now.getTime() + AIR_RULES.afterSalePollMs) }
  const ids = fresh.lines.map((l) => l.passengerId)
  if (state.state === 'rejected') {
    const passengers = await passengersOf(tx, o.id)
    for (const p of passengers.filter((x) => ids.includes(x.id))) await updatePassenger(tx, p.id, { ticketStatus: p.segment ? 'changed' : 'issued' })
    await updateAirRefund(tx, fresh.id, { state: 'rejected', decidedAt: now, rejectMsgId: state.reason === 'unverified' ? 'EAIR1050' : 'EAIR1051' })
    await setAirOrderStatus(tx, o.id, transition(o.status, 'refundRejected')!, now, {}, `refund ${fresh.refundNo} rejected`)
    return
  }
  await updatePassengers(tx, o.id, ids, { ticketStatus: 'refunded' })
  await updateAirRefund(tx, fresh.id, { state: 'refunded', decidedAt: now })
  const after = await passengersOf(tx, o.id)
  const event = after.every((p) => p.ticketStatus === 'refunded') ? 'refunded' : 'partiallyRefunded'
  await setAirOrderStatus(tx, o.id, transition(o.status, event)!, now, {}, `refund ${fresh.refundNo} done`)
  if (fresh.refundFen > 0) await payBack(tx, deps, o, fresh.refundFen, 'airRefund', { refundNo: fresh.refundNo, passengerIds: ids }, now)
}

// --- change ----------------------------------------------------------------------------------------

interface ChangePlan {
  offer: FlightOffer
  cabinCode: string
  lines: ChangeLine[]
  newFares: Record<string, FareBreakdown>
  feeFen: number
  fareDiffFen: number
  dueFen: number
  backFen: number
}

/** the passengers to change must all hold valid, not yet changed tickets on one flight */
function changeable(o: AirOrderRow, picked: AirPassengerRow[]): void {
  for (const p of picked) if (!isValidTicket(p) || p.changeCount >= AIR_RULES.maxChangesPerTicket) throw new AppError('EAIR1040', 200, { name: p.name })
  const first = segmentOf(o, picked[0])
  if (picked.some((p) => segmentOf(o, p).flightNo !== first.flightNo || segmentOf(o, p).date !== first.date)) throw new AppError('EAIR1040', 200, { name: picked[picked.length - 1].name })
}

/** the change's figures per passenger for one cabin of a new flight */
function planFor(o: AirOrderRow, picked: AirPassengerRow[], rule: FareRule | null, offer: FlightOffer, cabinCode: string, type: AirAfterSaleType, now: Date): ChangePlan | null {
  const cabin = offer.cabins.find((c) => c.cabinCode === cabinCode)
  if (!cabin) return null
  const fares = faresFor(cabin.adultFareFen, offer.fullFareFen, offer.distanceKm, routeKindOf(offer.dep, offer.arr))
  const current = segmentOf(o, picked[0])
  const term = rule ? termAt(rule.change, Date.parse(current.dep.time) - now.getTime()) : NO_TERM(Date.parse(current.dep.time) - now.getTime())
  const lines: ChangeLine[] = []
  const newFares: Record<string, FareBreakdown> = {}
  for (const p of picked) {
    const old = fareOf(p)
    const fresh = fares[p.passengerType]
    const f = changeFigures(old.fareFen, fresh.fareFen, term, type)
    if (!f.allowed) return null
    // the ticket is worth what is paid for it in the end: the new fare, or the old one when a lower fare gave nothing back
    newFares[String(p.id)] = { ...fresh, fareFen: f.newTicketFareFen, totalFen: f.newTicketFareFen + fresh.taxFen + fresh.fuelFeeFen + fresh.constructionFeeFen }
    lines.push({
      passengerId: p.id,
      name: p.name,
      passengerType: p.passengerType,
      ticketNo: p.ticketNo,
      segment: current,
      cabinCode: cabinOf(o, p),
      fareFen: old.fareFen,
      window: term.window,
      feePercent: f.feePercent,
      feeFen: f.feeFen,
      fareDiffFen: f.fareDiffFen,
      dueFen: f.dueFen,
      backFen: f.backFen,
    })
  }
  const sum = (k: 'feeFen' | 'fareDiffFen' | 'dueFen') => lines.reduce((s, l) => s + l[k], 0)
  return { offer, cabinCode, lines, newFares, feeFen: sum('feeFen'), fareDiffFen: sum('fareDiffFen'), dueFen: sum('dueFen'), backFen: changeBackFen(lines) }
}

const changeAllowedNow = (o: AirOrderRow, picked: AirPassengerRow[], rule: FareRule | null, type: AirAfterSaleType, now: Date) =>
  type === 'involuntary' || (rule ? termAt(rule.change, Date.parse(segmentOf(o, picked[0]).dep.time) - now.getTime()).allowed : false)

/** the change costs what the attendee saw (EAIR1035) and gives back what they saw (EAIR1049, when they sent it) */
function requireAmountsSeen(plan: ChangePlan, body: Pick<TicketChangeRequest, 'expectedDueFen' | 'expectedBackFen'>): void {
  if (plan.dueFen !== body.expectedDueFen) throw new AppError('EAIR1035', 200, { amount: (plan.dueFen / 100).toFixed(2) })
  if (body.expectedBackFen !== undefined && plan.backFen !== body.expectedBackFen) throw new AppError('EAIR1049', 200, { amount: (plan.backFen / 100).toFixed(2) })
}

/** findRebookList: the same route's other flights on a date, with fee and fare difference */
export async function rebookList(deps: Pick<Deps, 'db' | 'now' | 'airline'>, owner: Owner, body: FindRebookListRequest): Promise<RebookListView> {
  const now = deps.now()
  checkDate(body.date, now)
  const o = await loadOwnedAirOrder(deps.db, body.orderId, owner)
  requireEvent(o, 'changeRequested')
  const picked = pick(await passengersOf(deps.db, o.id), body.passengerIds)
  changeable(o, picked)
  const current = segmentOf(o, picked[0])
  const rule = (await rulesOf(deps, o, picked.slice(0, 1))).get(ruleKey(current, cabinOf(o, picked[0]))) ?? null
  if (!changeAllowedNow(o, picked, rule, body.type, now)) return { flights: [], changeAllowed: false }
  const seatsNeeded = picked.filter((p) => p.passengerType !== 'infant').length
  const offers = await deps.airline.searchFlights(current.depAirport, current.arrAirport, body.date)
  const flights = []
  for (const offer of offers) {
    if (offer.flightNo === current.flightNo && offer.date === current.date) continue
    const cabins = []
    if (isBookable(offer, now)) {
      for (const c of offer.cabins) {
        if (c.cabinClass !== o.cabinClass || c.seatsLeft < seatsNeeded) continue
        const plan = planFor(o, picked, rule, offer, c.cabinCode, body.type, now)
        if (!plan) continue
        cabins.push({ cabinCode: c.cabinCode, cabinClass: c.cabinClass, discount: c.discount, seatsLeft: c.seatsLeft, adultFareFen: c.adultFareFen, lines: plan.lines, feeFen: plan.feeFen, fareDiffFen: plan.fareDiffFen, dueFen: plan.dueFen, backFen: plan.backFen })
      }
    }
    cabins.sort((a, b) => a.dueFen - b.dueFen || a.adultFareFen - b.adultFareFen)
    flights.push({ flight: flightView(offer, now), cabins })
  }
  return { flights, changeAllowed: true }
}

/** ticketChange: holds the new seats, then the change waits for payment or goes to the airline */
export async function askChange(deps: AfterSaleDeps, owner: Owner, path: string, body: TicketChangeRequest, lang: Lang): Promise<AirOrderView> {
  const now = deps.now()
  const causeText = checkReason(body.type, body.cause, body.causeText, 'EAIR1045')
  const o0 = await loadOwnedAirOrder(deps.db, body.orderId, owner)
  requireEvent(o0, 'changeRequested')
  const picked0 = pick(await passengersOf(deps.db, o0.id), body.passengerIds)
  changeable(o0, picked0)
  const current = segmentOf(o0, picked0[0])
  if (body.flight.depAirport !== current.depAirport || body.flight.arrAirport !== current.arrAirport) throw new AppError('EAIR1042')
  if (body.flight.flightNo === current.flightNo && body.flight.date === current.date) throw new AppError('EAIR1042')
  checkDate(body.flight.date, now)
  const offer = await offerOf(deps, body.flight)
  if (!isBookable(offer, now)) throw new AppError('EAIR1003')
  const cabinCode = body.cabinCode.trim().toUpperCase()
  const cabin = offer.cabins.find((c) => c.cabinCode === cabinCode)
  if (!cabin || cabin.cabinClass !== o0.cabinClass) throw new AppError('EAIR1005')
  const rule = (await rulesOf(deps, o0, picked0.slice(0, 1))).get(ruleKey(current, cabinOf(o0, picked0[0]))) ?? null
  if (!changeAllowedNow(o0, picked0, rule, body.type, now)) throw new AppError('EAIR1041')
  const plan0 = planFor(o0, picked0, rule, offer, cabinCode, body.type, now)
  if (!plan0) throw new AppError('EAIR1041')
  requireAmountsSeen(plan0, body)
  const seats = picked0.filter((p) => p.passengerType !== 'infant').length
  if (cabin.seatsLeft < seats) throw new AppError('EAIR1004')
  const extras = { rule: await cabinRuleOf(deps, o0.flight, o0.cabinCode), lang }

  const held = await deps.airline.hold({ clientRef: `airchange:${owner.userId}:${body.idempotencyKey}`, date: offer.date, flightNo: offer.flightNo, depAirport: offer.dep.code, arrAirport: offer.arr.code, cabinCode, seats })
  if (!held.ok) throw new AppError(held.reason === 'soldOut' ? 'EAIR1004' : 'EAIR1003')
  try {
    return await deps.db.transaction((tx) =>
      once(tx, { scope: path, userId: owner.userId, key: body.idempotencyKey, request: body }, now, async () => {
        const o = await loadOwnedAirOrder(tx, body.orderId, owner, { forUpdate: true })
        requireEvent(o, 'changeRequested')
        const picked = pick(await passengersOf(tx, o.id), body.passengerIds)
        changeable(o, picked)
        const plan = planFor(o, picked, rule, offer, cabinCode, body.type, now)
        if (!plan) throw new AppError('EAIR1035', 200, { amount: '0.00' })
        requireAmountsSeen(plan, body)
        const change = await insertAirChange(tx, {
          orderId: o.id,
          changeNo: afterSaleNo('AC', now),
          state: plan.dueFen > 0 ? 'toBePaid' : 'processing',
          type: body.type,
          cause: body.cause,
          causeText,
          newFlight: flightView(offer, now),
          newCabinCode: cabinCode,
          newCabinClass: cabin.cabinClass,
          newPnr: held.pnr,
          lines: plan.lines,
          newFares: plan.newFares,
          feeFen: plan.feeFen,
          fareDiffFen: plan.fareDiffFen,
          dueFen: plan.dueFen,
          payDeadline: plan.dueFen > 0 ? new Date(now.getTime() + AIR_RULES.changePayMinutes * 60_000) : null,
          priorStatus: o.status,
          requestedAt: now,
        })
        await updatePassengers(tx, o.id, picked.map((p) => p.id), { ticketStatus: 'changing' })
        const changing = transition(o.status, 'changeRequested')!
        await setAirOrderStatus(tx, o.id, changing, now, {}, `change ${change.changeNo}`)
        if (plan.dueFen > 0) {
          await setAirOrderStatus(tx, o.id, transition(changing, 'changeNeedsPayment')!, now, {}, `change ${change.changeNo}: ${plan.dueFen} fen due`)
          await ensureJob(tx, { kind: AIR_CHANGE_DEADLINE_JOB, key: change.changeNo, payload: { changeNo: change.changeNo }, dueAt: change.payDeadline!, now })
        } else {
          await ensureJob(tx, { kind: AIR_AFTERSALE_JOB, key: `change:${change.changeNo}`, payload: { changeNo: change.changeNo }, dueAt: now, now })
        }
        return viewOf(tx, owner, o.id, extras)
      }),
    )
  } catch (err) {
    // give the new seats back unless a change (this key's first request) holds them
    const owned = await airChangeByPnr(deps.db, held.pnr).catch(() => null)
    if (!owned) await deps.airline.release(held.pnr).catch((e) => deps.log.error({ err: e, pnr: held.pnr }, 'airline: releasing a change hold failed'))
    throw err
  }
}

/** undoes an unpaid change: new seats released, tickets and order as before (attendee or deadline) */
async function undoChange(tx: Tx, deps: Pick<Deps, 'airline'>, o: AirOrderRow, c: AirChangeRow, now: Date, why: '' | 'EAIR1052'): Promise<void> {
  await updateAirChange(tx, c.id, { state: 'cancelled', decidedAt: now, rejectMsgId: why })
  await updatePassengers(tx, o.id, c.lines.map((l) => l.passengerId), { ticketStatus: 'issued' })
  await setAirOrderStatus(tx, o.id, transition(o.status, changeUndoneEvent(c.priorStatus))!, now, {}, `change ${c.changeNo} undone`)
  await deps.airline.release(c.newPnr, tx)
}

async function openChangeOf(tx: Tx, o: AirOrderRow): Promise<AirChangeRow> {
  const c = (await changesOfOrder(tx, o.id)).find((x) => x.state === 'toBePaid')
  if (!c || o.status !== 'changeToBePaid') throw new AppError('EAIR1043')
  return (await airChangeById(tx, c.id, { forUpdate: true }))!
}

/** ticketCancelChange */
export async function cancelChange(deps: AfterSaleDeps, owner: Owner, body: CancelChangeRequest, lang: Lang): Promise<AirOrderView> {
  const now = deps.now()
  const extras = await extrasFor(deps, owner, body.orderId, lang)
  return deps.db.transaction(async (tx) => {
    const o = await loadOwnedAirOrder(tx, body.orderId, owner, { forUpdate: true })
    const c = await openChangeOf(tx, o)
    // a WeChat payment of the change paid later finds it cancelled: payments refunds it in full
    await undoChange(tx, deps, o, c, now, '')
    return viewOf(tx, owner, o.id, extras)
  })
}

const changeSubject = (c: AirChangeRow, owner: Owner) => ({
  kind: CHANGE_KIND,
  orderId: c.id,
  owner,
  amountFen: c.dueFen,
  description: `机票改签 ${c.newFlight.dep.cityZh}-${c.newFlight.arr.cityZh} ${c.newFlight.flightNo} ${c.newFlight.date}`,
})

/** createChangeOrderPay: a WeChat payment of the open change's amount due */
export async function openChangePay(deps: AfterSaleDeps, owner: Owner, path: string, body: CreateOrderPayRequest, payerIp: string): Promise<OrderPayView> {
  const now = deps.now()
  const policy = await policyOf(deps.db, owner.eventId)
  return deps.db.transaction((tx) =>
    once(tx, { scope: path, userId: owner.userId, key: body.idempotencyKey, request: body }, now, async () => {
      const o = await loadOwnedAirOrder(tx, body.orderId, owner, { forUpdate: true })
      const c = await openChangeOf(tx, o)
      if (now.getTime() >= c.payDeadline!.getTime()) throw new AppError('EAIR1044')
      if (!payMethodsOf(policy).includes('wechat')) throw new AppError('EPAY1001')
      const p = await openWechatPayment(tx, deps, { ...changeSubject(c, owner), tradeType: body.tradeType, wxCode: body.wxCode.trim(), wxCodeSource: body.wxCodeSource, payerIp, expiresAt: c.payDeadline! }, now)
      return { paymentNo: p.paymentNo, tradeType: body.tradeType, amountFen: p.amountFen, expiresAt: iso(p.expiresAt), jsapi: p.jsapi, codeUrl: p.codeUrl }
    }),
  )
}

/** confirmChangeOrder: the company pays the open change */
export async function payChangeByCompany(deps: AfterSaleDeps, owner: Owner, path: string, body: PayRequest, lang: Lang): Promise<AirOrderView> {
  const now = deps.now()
  const policy = await policyOf(deps.db, owner.eventId)
  const extras = await extrasFor(deps, owner, body.orderId, lang)
  return deps.db.transaction((tx) =>
    once(tx, { scope: path, userId: owner.userId, key: body.idempotencyKey, request: body }, now, async () => {
      const o = await loadOwnedAirOrder(tx, body.orderId, owner, { forUpdate: true })
      const c = await openChangeOf(tx, o)
      if (now.getTime() >= c.payDeadline!.getTime()) throw new AppError('EAIR1044')
      if (!payMethodsOf(policy).includes('company')) throw new AppError('EAIR1022')
      await payByCompany(tx, deps, changeSubject(c, owner), now)
      return viewOf(tx, owner, o.id, extras)
    }),
  )
}

async function finishChange(tx: Tx, deps: Pick<Deps, 'airline' | 'log' | 'payables'>, c0: AirChangeRow, now: Date): Promise<{ nextDueAt: Date } | void> {
  const o = (await airOrderById(tx, c0.orderId, { forUpdate: true }))!
  const c = (await airChangeById(tx, c0.id, { forUpdate: true }))!
  if (c.state !== 'processing' || o.status !== 'changing') return
  const ids = c.lines.map((l) => l.passengerId)
  const passengers = await passengersOf(tx, o.id)
  const moving = passengers.filter((p) => ids.includes(p.id))
  if (!c.airlineRef) {
    const seats = new Map<string, number>()
    for (const p of moving) seats.set(pnrOf(o, p), (seats.get(pnrOf(o, p)) ?? 0) + (p.passengerType === 'infant' ? 0 : 1))
    await deps.airline.requestAfterSale(
      { ref: c.changeNo, kind: 'change', release: [...seats].map(([pnr, n]) => ({ pnr, seats: n })), tickets: moving.length, involuntary: c.type === 'involuntary', flight: segmentOf(o, moving[0]), newPnr: c.newPnr },
      tx,
    )
    await updateAirChange(tx, c.id, { airlineRef: c.changeNo })
    return { nextDueAt: new Date(now.getTime() + AIR_RULES.afterSalePollMs) }
  }
  const state = await deps.airline.afterSale(c.airlineRef, tx)
  if (state.state === 'processing') return { nextDueAt: new Date(now.getTime() + AIR_RULES.afterSalePollMs) }
  if (state.state === 'rejected') {
    await updatePassengers(tx, o.id, ids, { ticketStatus: 'issued' })
    await updateAirChange(tx, c.id, { state: 'rejected', decidedAt: now, rejectMsgId: state.reason === 'unverified' ? 'EAIR1050' : 'EAIR1051' })
    await setAirOrderStatus(tx, o.id, transition(o.status, 'changeRejected')!, now, {}, `change ${c.changeNo} rejected`)
    await deps.airline.release(c.newPnr, tx)
    for (const p of (await paymentsOfOrder(tx, CHANGE_KIND, c.id)).filter((x) => x.counted)) {
      const committed = (await refundsOfPayment(tx, p.id)).filter((r) => r.status !== 'abnormal').reduce((s, r) => s + r.amountFen, 0)
      if (p.amountFen > committed) await requestRefund(tx, deps, p, { amountFen: p.amountFen - committed, reason: 'airChangeRejected', payload: { changeNo: c.changeNo } }, now)
    }
    return
  }
  for (const [i, p] of moving.entries()) {
    await updatePassenger(tx, p.id, {
      ticketStatus: 'changed',
      ticketNo: state.ticketNos[i] ?? p.ticketNo,
      segment: c.newFlight,
      segmentCabin: c.newCabinCode,
      segmentPnr: c.newPnr,
      segmentFare: c.newFares[String(p.id)] ?? fareOf(p),
      changeCount: p.changeCount + 1,
    })
  }
  await updateAirChange(tx, c.id, { state: 'changed', decidedAt: now })
  const after = await passengersOf(tx, o.id)
  const remaining = after.filter((p) => p.ticketStatus !== 'refunded')
  const event = remaining.every((p) => p.ticketStatus === 'changed') ? 'changed' : 'partiallyChanged'
  // a lower fare: the difference less the fee goes back to whoever paid, decided here with the change.
  // A company-paid order's amount becomes the lower one (the orders list shows what the company pays);
  // the company's credit is recorded by the same refund path (a company refund, credited at once).
  const backFen = changeBackFen(c.lines)
  const lowered = backFen > 0 && o.paidBy === 'company' ? { totalFen: o.totalFen - backFen } : {}
  await setAirOrderStatus(tx, o.id, transition(o.status, event)!, now, lowered, `change ${c.changeNo} done`)
  if (backFen > 0) await payBack(tx, deps, o, backFen, 'airChangeFareDrop', { changeNo: c.changeNo }, now)
  // 'traveled' follows the last valid ticket's arrival, which the change may have moved either way
  const lastArrival = Math.max(...after.filter(isValidTicket).map((p) => Date.parse(segmentOf(o, p).arr.time)))
  await ensureTraveledJob(tx, o, now)
  await rescheduleJob(tx, AIR_TRAVELED_JOB, String(o.id), new Date(lastArrival + AIR_RULES.traveledAfterArrivalMinutes * 60_000))
}

// --- jobs --------------------------------------------------------------------------------------------

/** sends a refund or change to the airline, then asks until it answers */
export async function afterSaleJob(tx: Tx, deps: Pick<Deps, 'airline' | 'log' | 'payables'>, payload: { refundNo?: string; changeNo?: string }, now: Date): Promise<{ nextDueAt: Date } | void> {
  if (payload.refundNo) {
    const r = await airRefundByNo(tx, payload.refundNo)
    return r ? finishRefund(tx, deps, r, now) : undefined
  }
  if (payload.changeNo) {
    const c = await airChangeByNo(tx, payload.changeNo)
    return c ? finishChange(tx, deps, c, now) : undefined
  }
}

/** an unpaid change past its deadline is undone */
export async function changeDeadlineJob(tx: Tx, deps: Pick<Deps, 'airline'>, changeNo: string, now: Date): Promise<void> {
  const c0 = await airChangeByNo(tx, changeNo)
  if (!c0) return
  const o = (await airOrderById(tx, c0.orderId, { forUpdate: true }))!
  const c = (await airChangeById(tx, c0.id, { forUpdate: true }))!
  if (c.state !== 'toBePaid' || o.status !== 'changeToBePaid' || now.getTime() < c.payDeadline!.getTime()) return
  await undoChange(tx, deps, o, c, now, 'EAIR1052')
}

/**
 * 'traveled' once the last valid ticket's flight has arrived (plus a margin for delays). While a
 * refund or change is in progress the job waits for it; an ended order needs nothing more.
 */
export async function traveledJob(tx: Tx, orderId: number, now: Date): Promise<{ nextDueAt: Date } | void> {
  const o = await airOrderById(tx, orderId, { forUpdate: true })
  if (!o || isEnded(o.status)) return
  const later = (ms: number) => ({ nextDueAt: new Date(now.getTime() + ms) })
  if (!transition(o.status, 'flown')) return later(30 * 60_000)
  const passengers = await passengersOf(tx, o.id)
  const valid = passengers.filter(isValidTicket)
  if (!valid.length) return
  const lastArrival = Math.max(...valid.map((p) => Date.parse(segmentOf(o, p).arr.time)))
  const due = lastArrival + AIR_RULES.traveledAfterArrivalMinutes * 60_000
  if (now.getTime() < due) return { nextDueAt: new Date(due) }
  await updatePassengers(tx, o.id, valid.map((p) => p.id), { ticketStatus: 'flown' })
  await setAirOrderStatus(tx, o.id, transition(o.status, 'flown')!, now, {}, 'flight arrived')
}
