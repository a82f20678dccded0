/**
 * Air orders: booking (ticketBooking), reading one back (findOrderDetails), paying by the company
 * (payOnBusiness) or WeChat Pay (createOrderPay), the payment deadline and ticketing jobs, the
 * attendee's travellers, and the owner's order list for the orders feed.
 *
 * Booking holds the seats at the airline first (keyed by the attendee's idempotency key, so a
 * retry holds nothing more), then writes the order in one transaction with `once`; a booking
 * that fails after the hold gives the seats back unless an order already owns them. Statuses
 * change only through air/rules/order-machine.ts.
 */
import crypto from 'node:crypto'
import dayjs from 'dayjs'
import { and, eq } from 'drizzle-orm'
import type { AirDocumentType, PayMethod } from '@contracts/air'
import { isAirDocumentType } from '@contracts/air'
import type { AirOrderView, CreateOrderPayRequest, OrderPayView, PayRequest, TicketBookingRequest, TravellerView } from '@contracts/calls/flight'
import { birthDateFromDocument, isValidDocument, sexFromDocument } from '@contracts/documents'
import type { Lang } from '@contracts/messages'
import type { Tx } from '../kernel/db/client'
import { trainTravellers, users } from '../kernel/db/schema'
import type { Deps } from '../deps'
import { transition } from './rules/order-machine'
import { checkContact, checkPassengers } from './rules/passengers'
import { AIR_RULES, AIR_TICKETING_POLL_MS, faresFor, priceBreakdown } from './rules/air-rules'
import { overPolicyDecision, type TravelPolicy } from '../travel/rules/travel-policy'
import { AppError } from '../kernel/errors'
import { once } from '../kernel/http/idempotency'
import { ensureJob } from '../kernel/jobs/repository'
import { queueAirNotice } from './notices'
import {
  airOrderById,
  airOrderByPnr,
  insertAirOrder,
  loadOwnedAirOrder,
  passengersOf,
  setAirOrderStatus,
  setTicketNumbers,
  type AirOrderRow,
} from './repositories/air'
import type { Owner } from '../kernel/db/owned'
import { flightView, isBookable, offerOf, policyForCabin, routeKindOf } from './search'
import { countedPayment, openPaymentOf, openWechatPayment, payByCompany, requestRefund, type PaymentDeps } from '../payments/payments'
import { policyOf, requireProduct } from '../travel/travel'
import { KIND, cabinRuleOf, orderView, payMethodsOf, type OrderViewExtras } from './order-views'
import { countingFailures, refusalOutcome } from '../kernel/metrics/types'
import type { TicketingState } from './airline'

export const AIR_PAY_DEADLINE_JOB = 'air-pay-deadline'
/** the job that marks an order 'traveled' once its last flight has arrived (air/aftersales.ts) */
export const AIR_TRAVELED_JOB = 'air-traveled'

/** first due when the flight should have arrived; the job moves itself on after a change */
export async function ensureTraveledJob(tx: Tx, o: AirOrderRow, now: Date): Promise<void> {
  const dueAt = new Date(Date.parse(o.flight.arr.time) + AIR_RULES.traveledAfterArrivalMinutes * 60_000)
  await ensureJob(tx, { kind: AIR_TRAVELED_JOB, key: String(o.id), payload: { orderId: o.id }, dueAt, now })
}

type OrderDeps = Pick<Deps, 'db' | 'now' | 'log' | 'airline' | 'wechatPay' | 'payables' | 'metrics'>

const newOrderCode = (now: Date) => `AIR${dayjs(now).utcOffset(480).format('YYYYMMDD')}${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}`

/** the airline's sold-out answer (the cabin has fewer seats left than the booking asks for) */
const SOLD_OUT: readonly string[] = ['EAIR1004']

/** books a flight (below) and counts what became of the request; a retry answered by its idempotency key counts nothing */
export async function bookFlight(deps: OrderDeps, owner: Owner, path: string, body: TicketBookingRequest, lang: Lang): Promise<AirOrderView> {
  const booked = { now: false }
  try {
    const view = await holdAndWriteOrder(deps, owner, path, body, lang, booked)
    if (booked.now) deps.metrics.bookingOutcome('flight', 'booked')
    return view
  } catch (err) {
    deps.metrics.bookingOutcome('flight', refusalOutcome(err, SOLD_OUT))
    throw err
  }
}

async function holdAndWriteOrder(
  deps: OrderDeps,
  owner: Owner,
  path: string,
  body: TicketBookingRequest,
  lang: Lang,
  booked: { now: boolean },
): Promise<AirOrderView> {
  const now = deps.now()
  const policy = await policyOf(deps.db, owner.eventId)
  requireProduct(policy, 'flight')
  const offer = await offerOf(deps, body.flight)
  const cabin = offer.cabins.find((c) => c.cabinCode === body.cabinCode.trim().toUpperCase())
  if (!cabin) throw new AppError('EAIR1005')
  if (!isBookable(offer, now)) throw new AppError('EAIR1003')

  const checked = checkPassengers(body.passengers, offer.date, now)
  if (!checked.ok) throw new AppError(checked.problem.msgId, 200, checked.problem.params)
  const contactProblem = checkContact(body.contact, body.remark, body.agreementAccepted)
  if (contactProblem) throw new AppError(contactProblem.msgId, 200, contactProblem.params)

  const fares = faresFor(cabin.adultFareFen, offer.fullFareFen, offer.distanceKm, routeKindOf(offer.dep, offer.arr))
  const price = priceBreakdown(checked.passengers, fares)
  if (price.totalFen !== body.expectedTotalFen) throw new AppError('EAIR1010', 200, { total: (price.totalFen / 100).toFixed(2) })

  const verdict = policyForCabin(policy, offer, cabin, lang)
  const decision = overPolicyDecision(policy, verdict.breaches, body.overPolicyReason)
  if (decision === 'blocked' || decision === 'reasonMissing') {
    throw new AppError('EAIR1011', 200, { reasons: verdict.breaches.map((b) => b.text).join(lang === 'zh' ? '；' : '; ') })
  }

  // infants sit on an adult's lap: they take no seat
  const seats = checked.passengers.filter((p) => p.passengerType !== 'infant').length
  if (cabin.seatsLeft < seats) throw new AppError('EAIR1004')
  const held = await countingFailures(deps.metrics, 'airline', 'hold', () =>
    deps.airline.hold({
      clientRef: `air:${owner.userId}:${body.idempotencyKey}`,
      date: offer.date,
      flightNo: offer.flightNo,
      depAirport: offer.dep.code,
      arrAirport: offer.arr.code,
      cabinCode: cabin.cabinCode,
      seats,
    }),
  )
  if (!held.ok) throw new AppError(held.reason === 'soldOut' ? 'EAIR1004' : 'EAIR1003')

  try {
    return await deps.db.transaction((tx) =>
      once(tx, { scope: path, userId: owner.userId, key: body.idempotencyKey, request: body }, now, async () => {
        booked.now = true
        const flight = flightView(offer, now)
        const created = await insertAirOrder(
          tx,
          {
            orderCode: newOrderCode(now),
            userId: owner.userId,
            eventId: owner.eventId,
            status: 'new',
            flight,
            departureAt: new Date(flight.dep.time),
            cabinCode: cabin.cabinCode,
            cabinClass: cabin.cabinClass,
            pnr: held.pnr,
            contactName: body.contact.name.trim(),
            contactMobile: body.contact.mobile.trim(),
            contactEmail: body.contact.email.trim(),
            remark: body.remark.trim(),
            price,
            totalFen: price.totalFen,
            payDeadline: new Date(now.getTime() + AIR_RULES.payMinutes * 60_000),
            policy: verdict,
            overPolicyReason: decision === 'allowedWithReason' ? body.overPolicyReason.trim().slice(0, 200) : '',
            createdAt: now,
            updatedAt: now,
          },
          checked.passengers.map((p, i) => ({
            name: p.name,
            passengerType: p.passengerType,
            documentType: p.documentType,
            documentNumber: p.documentNumber,
            sex: p.sex,
            birthDate: p.birthDate,
            mobile: p.mobile,
            insurance: p.insurance,
            contactKey: p.contactKey.slice(0, 40),
            fare: fares[p.passengerType],
            sort: i,
          })),
        )
        // the airline has priced and held the seats: the order waits for payment
        await setAirOrderStatus(tx, created.id, transition('new', 'priced')!, now)
        await ensureJob(tx, { kind: AIR_PAY_DEADLINE_JOB, key: String(created.id), payload: { orderId: created.id }, dueAt: created.payDeadline, now })
        const rule = deps.airline.fareRule(offer, cabin.cabinCode)
        return orderView(tx, (await airOrderById(tx, created.id))!, policy, { rule: { refund: rule?.refund ?? [], change: rule?.change ?? [] }, lang })
      }),
    )
  } catch (err) {
    // give the seats back unless an order (this key's first request) holds them
    const owned = await airOrderByPnr(deps.db, held.pnr).catch(() => null)
    if (!owned)
      await deps.airline.release(held.pnr).catch((e) => {
        deps.metrics.providerFailure('airline', 'release')
        deps.log.error({ err: e, pnr: held.pnr }, 'airline: releasing a hold failed')
      })
    throw err
  }
}

/** what orderView needs from outside the transaction: the cabin's rule (asked of the airline) */
export async function extrasFor(deps: Pick<Deps, 'db' | 'airline'>, owner: Owner, orderId: number, lang: Lang): Promise<OrderViewExtras> {
  const o = await loadOwnedAirOrder(deps.db, orderId, owner)
  return { rule: await cabinRuleOf(deps, o.flight, o.cabinCode), lang }
}

export async function orderDetails(deps: Pick<Deps, 'db' | 'airline'>, owner: Owner, orderId: number, lang: Lang): Promise<AirOrderView> {
  const policy = await policyOf(deps.db, owner.eventId)
  const extras = await extrasFor(deps, owner, orderId, lang)
  return deps.db.transaction(async (tx) => orderView(tx, await loadOwnedAirOrder(tx, orderId, owner), policy, extras))
}

/** the order, locked, if it may be paid now; the answer for an order paid already; errors otherwise */
async function payable(
  tx: Tx,
  owner: Owner,
  orderId: number,
  now: Date,
  method: PayMethod,
  policy: TravelPolicy,
): Promise<AirOrderRow | { alreadyPaid: AirOrderRow }> {
  const o = await loadOwnedAirOrder(tx, orderId, owner, { forUpdate: true })
  if (o.status === 'cancelled') throw new AppError('EAIR1020')
  if (o.status !== 'toBePaid') {
    if (o.paidBy) return { alreadyPaid: o }
    throw new AppError('EAIR1021')
  }
  if (now.getTime() >= o.payDeadline.getTime()) throw new AppError('EAIR1020')
  if (!payMethodsOf(policy).includes(method)) throw new AppError(method === 'company' ? 'EAIR1022' : 'EPAY1001')
  return o
}

const subjectOf = (o: AirOrderRow, owner: Owner) => ({
  kind: KIND,
  orderId: o.id,
  owner,
  amountFen: o.totalFen,
  description: `机票 ${o.flight.dep.cityZh}-${o.flight.arr.cityZh} ${o.flight.flightNo} ${o.flight.date}`,
})

export async function payByCompanyAccount(deps: OrderDeps, owner: Owner, path: string, body: PayRequest, lang: Lang): Promise<AirOrderView> {
  const now = deps.now()
  const policy = await policyOf(deps.db, owner.eventId)
  const extras = await extrasFor(deps, owner, body.orderId, lang)
  return deps.db.transaction((tx) =>
    once(tx, { scope: path, userId: owner.userId, key: body.idempotencyKey, request: body }, now, async () => {
      const o = await payable(tx, owner, body.orderId, now, 'company', policy)
      if ('alreadyPaid' in o) return orderView(tx, o.alreadyPaid, policy, extras)
      if (await openPaymentOf(tx, KIND, o.id)) {
        // payByCompany closes it at WeChat first (or is refused if the attendee already paid it)
        deps.log.info({ orderId: o.id }, 'company pays an order with an open WeChat payment')
      }
      await payByCompany(tx, deps, subjectOf(o, owner), now)
      return orderView(tx, (await airOrderById(tx, o.id))!, policy, extras)
    }),
  )
}

export async function openOrderPay(
  deps: OrderDeps & PaymentDeps,
  owner: Owner,
  path: string,
  body: CreateOrderPayRequest,
  payerIp: string,
): Promise<OrderPayView> {
  const now = deps.now()
  const policy = await policyOf(deps.db, owner.eventId)
  return deps.db.transaction((tx) =>
    once(tx, { scope: path, userId: owner.userId, key: body.idempotencyKey, request: body }, now, async () => {
      const o = await payable(tx, owner, body.orderId, now, 'wechat', policy)
      if ('alreadyPaid' in o) throw new AppError('EAIR1023')
      const p = await openWechatPayment(
        tx,
        deps,
        { ...subjectOf(o, owner), tradeType: body.tradeType, wxCode: body.wxCode.trim(), wxCodeSource: body.wxCodeSource, payerIp, expiresAt: o.payDeadline },
        now,
      )
      return {
        paymentNo: p.paymentNo,
        tradeType: body.tradeType,
        amountFen: p.amountFen,
        expiresAt: dayjs(p.expiresAt).utcOffset(480).format('YYYY-MM-DDTHH:mm:ssZ'),
        jsapi: p.jsapi,
        codeUrl: p.codeUrl,
      }
    }),
  )
}

// --- jobs ----------------------------------------------------------------------------------------

// Both ask the airline, so each is a CallingJob (air/jobs.ts): the order is read (and the deadline's
// cancellation committed) first, the airline is asked with no transaction open, its answer applied after.

/**
 * The payment deadline: an order still unpaid is cancelled (committed before the airline is asked,
 * so no payment can land meanwhile), then its seats go back to the airline. Returns the PNR to
 * release; also for an order already cancelled, so a failed release is retried (it is idempotent).
 */
export async function payDeadlinePassed(tx: Tx, orderId: number, now: Date): Promise<{ pnr: string } | null> {
  const o = await airOrderById(tx, orderId, { forUpdate: true })
  if (!o) return null
  if (o.status === 'cancelled') return { pnr: o.pnr }
  if (o.status !== 'toBePaid' || now.getTime() < o.payDeadline.getTime()) return null
  await setAirOrderStatus(tx, o.id, transition(o.status, 'payDeadlinePassed')!, now, {}, 'payment deadline passed')
  return { pnr: o.pnr }
}

/** what the ticketing job asks the airline about: an order awaiting its tickets */
export async function ticketingPlan(tx: Tx, orderId: number): Promise<{ pnr: string; passengers: number } | null> {
  const o = await airOrderById(tx, orderId)
  if (!o || o.status !== 'awaitingIssue') return null
  return { pnr: o.pnr, passengers: (await passengersOf(tx, o.id)).length }
}

/** the airline's state of a PNR; a held one (paid, not yet issuing) is told to issue */
export async function ticketingCall(deps: Pick<Deps, 'airline' | 'metrics'>, plan: { pnr: string; passengers: number }): Promise<TicketingState> {
  const state = await countingFailures(deps.metrics, 'airline', 'ticketing', () => deps.airline.ticketing(plan.pnr))
  if (state.state === 'held') await countingFailures(deps.metrics, 'airline', 'issue', () => deps.airline.issue(plan.pnr, plan.passengers))
  return state
}

/** applies the airline's answer on issuing: asked again while issuing, the tickets drawn, or the issue failed (then refunds) */
export async function ticketingApply(
  tx: Tx,
  deps: Pick<Deps, 'log' | 'payables' | 'metrics'>,
  orderId: number,
  state: TicketingState,
  now: Date,
): Promise<{ nextDueAt: Date } | void> {
  const o = await airOrderById(tx, orderId, { forUpdate: true })
  if (!o || o.status !== 'awaitingIssue') return
  if (state.state === 'held' || state.state === 'issuing') return { nextDueAt: new Date(now.getTime() + AIR_TICKETING_POLL_MS) }
  if (state.state === 'issued') {
    await setTicketNumbers(tx, o.id, state.ticketNos)
    await setAirOrderStatus(tx, o.id, transition(o.status, 'ticketIssued')!, now)
    await ensureTraveledJob(tx, o, now)
    deps.metrics.bookingOutcome('flight', 'ticketed')
    const passengers = await passengersOf(tx, o.id)
    await queueAirNotice(tx, o, { kind: 'ticketIssued', key: `ticketIssued:${o.id}`, passengers, result: 'ENOTE1010', amountFen: o.totalFen }, now)
    return
  }
  await setAirOrderStatus(tx, o.id, transition(o.status, 'issueFailed')!, now, {}, 'the airline could not issue')
  deps.metrics.bookingOutcome('flight', 'ticketing_failed')
  const passengers = await passengersOf(tx, o.id)
  await queueAirNotice(tx, o, { kind: 'ticketingFailed', key: `ticketingFailed:${o.id}`, passengers, result: 'ENOTE1011', amountFen: o.totalFen }, now)
  const paid = await countedPayment(tx, KIND, o.id)
  if (paid) await requestRefund(tx, deps, paid, { amountFen: paid.amountFen - paid.refundedFen, reason: 'issueFailed', payload: {} }, now)
}

// --- travellers and the orders feed ----------------------------------------------------------------

/** the attendee and the travellers saved at this event (train_travellers), to pick passengers from */
export async function travellers(deps: Pick<Deps, 'db'>, owner: Owner): Promise<TravellerView[]> {
  const [me] = await deps.db.select().from(users).where(eq(users.id, owner.userId))
  const out: TravellerView[] = []
  if (me) {
    const id = me.idNumber && isValidDocument('idCard', me.idNumber) ? me.idNumber : ''
    out.push({
      contactKey: 'self',
      self: true,
      name: me.name,
      documents: id ? [{ documentType: 'idCard', documentNumber: id }] : [],
      mobile: me.mobile ?? '',
      birthDate: id ? (birthDateFromDocument('idCard', id) ?? '') : '',
      sex: id ? (sexFromDocument('idCard', id) ?? '') : '',
    })
  }
  const saved = await deps.db
    .select()
    .from(trainTravellers)
    .where(and(eq(trainTravellers.userId, owner.userId), eq(trainTravellers.eventId, owner.eventId)))
  // the attendee's own ID card is often saved among the railway travellers too: one person, one entry
  const listed = new Set(out.flatMap((x) => x.documents.map((d) => `${d.documentType}:${d.documentNumber}`)))
  for (const t of saved) {
    const docType: AirDocumentType | null = isAirDocumentType(t.documentType) ? t.documentType : null
    if (docType && listed.has(`${docType}:${t.documentNumber}`)) continue
    out.push({
      contactKey: `traveller:${t.id}`,
      self: false,
      name: t.name,
      documents: docType ? [{ documentType: docType, documentNumber: t.documentNumber }] : [],
      mobile: t.mobile,
      birthDate: docType ? (birthDateFromDocument(docType, t.documentNumber) ?? '') : '',
      sex: docType ? (sexFromDocument(docType, t.documentNumber) ?? '') : '',
    })
  }
  return out
}
