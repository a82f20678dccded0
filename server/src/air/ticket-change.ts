/**
 * Changing air tickets to another flight: the change with its fee and fare difference (its options
 * and figures are in change-options.ts), paying for it (company at once, or WeChat: a payment of
 * kind 'flightChange', payable.ts), cancelling an unpaid one, and the airline's answer.
 * The order row is locked first in every path, as in aftersales.ts.
 */
import type { AirOrderView, CancelChangeRequest, CreateOrderPayRequest, OrderPayView, PayRequest, TicketChangeRequest } from '@contracts/calls/flight'
import type { Lang } from '@contracts/messages'
import type { Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import { changeUndoneEvent, transition } from './rules/order-machine'
import { AIR_RULES, changeBackFen } from './rules/air-rules'
import { AppError } from '../kernel/errors'
import { once } from '../kernel/http/idempotency'
import { airOrderById, loadOwnedAirOrder, passengersOf, setAirOrderStatus, type AirOrderRow } from './repositories/air'
import {
  airChangeById,
  airChangeByPnr,
  changesOfOrder,
  insertAirChange,
  rescheduleJob,
  updateAirChange,
  updatePassenger,
  updatePassengers,
  type AirChangeRow,
} from './repositories/aftersales'
import { ensureJob } from '../kernel/jobs/repository'
import { queueAirNotice } from './notices'
import { AIR_AFTERSALE_JOB } from './payable'
import type { Owner } from '../kernel/db/owned'
import { paymentsOfOrder, refundsOfPayment } from '../payments/repositories/payments'
import { AIR_TRAVELED_JOB, ensureTraveledJob, extrasFor } from './orders'
import { CHANGE_KIND, payMethodsOf } from './order-views'
import { cabinRuleOf, iso } from './order-views'
import { checkDate, flightView, isBookable, offerOf } from './search'
import { openWechatPayment, payByCompany, requestRefund } from '../payments/payments'
import { policyOf } from '../travel/travel'
import {
  AIR_CHANGE_DEADLINE_JOB,
  AfterSaleDeps,
  afterSaleNo,
  cabinOf,
  checkReason,
  fareOf,
  isValidTicket,
  payBack,
  pick,
  pnrOf,
  requireEvent,
  ruleKey,
  rulesOf,
  segmentOf,
  viewOf,
} from './aftersales'
import { changeAllowedNow, changeable, planFor, requireAmountsSeen } from './change-options'
import type { AfterSaleAnswer, AfterSaleAsk } from './airline-calls'

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

  const held = await deps.airline.hold({
    clientRef: `airchange:${owner.userId}:${body.idempotencyKey}`,
    date: offer.date,
    flightNo: offer.flightNo,
    depAirport: offer.dep.code,
    arrAirport: offer.arr.code,
    cabinCode,
    seats,
  })
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
        await updatePassengers(
          tx,
          o.id,
          picked.map((p) => p.id),
          { ticketStatus: 'changing' },
        )
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

/** undoes an unpaid change in the database: tickets and order as before (attendee or deadline); its new seats are the caller's to release */
export async function undoChangeRows(tx: Tx, o: AirOrderRow, c: AirChangeRow, now: Date, why: '' | 'EAIR1052'): Promise<void> {
  await updateAirChange(tx, c.id, { state: 'cancelled', decidedAt: now, rejectMsgId: why })
  await updatePassengers(
    tx,
    o.id,
    c.lines.map((l) => l.passengerId),
    { ticketStatus: 'issued' },
  )
  await setAirOrderStatus(tx, o.id, transition(o.status, changeUndoneEvent(c.priorStatus))!, now, {}, `change ${c.changeNo} undone`)
}

/** undoes an unpaid change: new seats released, tickets and order as before (the attendee cancels it) */
export async function undoChange(tx: Tx, deps: Pick<Deps, 'airline'>, o: AirOrderRow, c: AirChangeRow, now: Date, why: '' | 'EAIR1052'): Promise<void> {
  await undoChangeRows(tx, o, c, now, why)
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
      const p = await openWechatPayment(
        tx,
        deps,
        {
          ...changeSubject(c, owner),
          tradeType: body.tradeType,
          wxCode: body.wxCode.trim(),
          wxCodeSource: body.wxCodeSource,
          payerIp,
          expiresAt: c.payDeadline!,
        },
        now,
      )
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

/** what the after-sales job asks the airline about a change: send it (not sent yet), or how it goes; null: nothing (decided) */
export async function changeAsk(tx: Tx, c: AirChangeRow): Promise<AfterSaleAsk | null> {
  const o = (await airOrderById(tx, c.orderId))!
  if (c.state !== 'processing' || o.status !== 'changing') return null
  // a rejected change gives its new seats back: the call releases them when the airline says so
  if (c.airlineRef) return { airlineRef: c.airlineRef, releaseOnReject: c.newPnr }
  const ids = c.lines.map((l) => l.passengerId)
  const moving = (await passengersOf(tx, o.id)).filter((p) => ids.includes(p.id))
  const seats = new Map<string, number>()
  for (const p of moving) seats.set(pnrOf(o, p), (seats.get(pnrOf(o, p)) ?? 0) + (p.passengerType === 'infant' ? 0 : 1))
  return {
    request: {
      ref: c.changeNo,
      kind: 'change',
      release: [...seats].map(([pnr, n]) => ({ pnr, seats: n })),
      tickets: moving.length,
      involuntary: c.type === 'involuntary',
      flight: segmentOf(o, moving[0]),
      newPnr: c.newPnr,
    },
  }
}

/** applies the airline's answer on a change (sent or processing: asked later; rejected: as before, refunded; done) */
export async function finishChange(
  tx: Tx,
  deps: Pick<Deps, 'log' | 'payables' | 'metrics'>,
  c0: AirChangeRow,
  answer: AfterSaleAnswer,
  now: Date,
): Promise<{ nextDueAt: Date } | void> {
  const o = (await airOrderById(tx, c0.orderId, { forUpdate: true }))!
  const c = (await airChangeById(tx, c0.id, { forUpdate: true }))!
  if (c.state !== 'processing' || o.status !== 'changing') return
  const ids = c.lines.map((l) => l.passengerId)
  const passengers = await passengersOf(tx, o.id)
  const moving = passengers.filter((p) => ids.includes(p.id))
  if ('requested' in answer) {
    if (!c.airlineRef) await updateAirChange(tx, c.id, { airlineRef: c.changeNo })
    return { nextDueAt: new Date(now.getTime() + AIR_RULES.afterSalePollMs) }
  }
  const { state } = answer
  if (state.state === 'processing') return { nextDueAt: new Date(now.getTime() + AIR_RULES.afterSalePollMs) }
  const changeNotice = { kind: 'changeResult' as const, key: `change:${c.changeNo}`, passengers: moving }
  if (state.state === 'rejected') {
    await updatePassengers(tx, o.id, ids, { ticketStatus: 'issued' })
    await updateAirChange(tx, c.id, { state: 'rejected', decidedAt: now, rejectMsgId: state.reason === 'unverified' ? 'EAIR1050' : 'EAIR1051' })
    await setAirOrderStatus(tx, o.id, transition(o.status, 'changeRejected')!, now, {}, `change ${c.changeNo} rejected`)
    await queueAirNotice(tx, o, { ...changeNotice, flight: moving[0] ? segmentOf(o, moving[0]) : o.flight, result: 'ENOTE1013', amountFen: 0 }, now)
    for (const p of (await paymentsOfOrder(tx, CHANGE_KIND, c.id)).filter((x) => x.counted)) {
      const committed = (await refundsOfPayment(tx, p.id)).filter((r) => r.status !== 'abnormal').reduce((s, r) => s + r.amountFen, 0)
      if (p.amountFen > committed)
        await requestRefund(tx, deps, p, { amountFen: p.amountFen - committed, reason: 'airChangeRejected', payload: { changeNo: c.changeNo } }, now)
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
  await queueAirNotice(tx, o, { ...changeNotice, flight: c.newFlight, result: 'ENOTE1012', amountFen: backFen }, now)
  // 'traveled' follows the last valid ticket's arrival, which the change may have moved either way
  const lastArrival = Math.max(...after.filter(isValidTicket).map((p) => Date.parse(segmentOf(o, p).arr.time)))
  await ensureTraveledJob(tx, o, now)
  await rescheduleJob(tx, AIR_TRAVELED_JOB, String(o.id), new Date(lastArrival + AIR_RULES.traveledAfterArrivalMinutes * 60_000))
}
