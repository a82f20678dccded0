/**
 * Train orders (oneWayReservation, tobePaid, paymentPage, ticketing, ticketsissuedPage): save with
 * seats held, company payment, ticketing through the railway, cancel, the deadline.
 *
 * Every change runs in one transaction that locks what it changes (the run's row for seats, the
 * order's row for payment and status), so two requests never sell one seat twice or pay one order
 * twice; save and pay run under an idempotency key (lib/idempotency.ts), so a retry gets the first
 * answer. Status moves are checked against domain/train-order-states.ts; `move` here is the only
 * writer of an order's status (the grab service through createHeldOrder of train-held-orders.ts, after-sales through move).
 */
import crypto from 'node:crypto'
import type {
  OrderTickets,
  PaymentOrderRequest,
  PaymentStart,
  PayOrderRequest,
  SaveTrainOrderRequest,
  TrainOrderSummary,
  TrainOrderView,
} from '@contracts/calls/train'
import { payOnBusiness, paymentOrder } from '@contracts/calls/train'
import type { PolicyBreach } from '@contracts/calls/travel'
import { normaliseDocumentNumber } from '@contracts/documents'
import { messageText, type Lang } from '@contracts/messages'
import type { SeatType, TrainOrderEventKind, TrainOrderStatus } from '@contracts/train'
import type { Deps } from '../deps'
import type { Tx } from '../db/client'
import { trainOrders } from '../db/schema'
import { AppError } from '../errors'
import { once, type ClaimedKey } from '../lib/idempotency'
import { ensureJob } from '../repositories/jobs'
import { userLang } from '../repositories/users'
import { loadOwned, type Owner } from '../repositories/owned'
import { releaseHoldsOfOrder, type RunRow } from '../repositories/train-inventory'
import {
  addOrderEvent,
  type BookingTraveller,
  type HeldOrderWrite,
  type HeldSeat,
  listOwnerTrainOrders,
  lockOrder,
  orderParts,
  setOrderStatus,
  updateOrder,
  updatePassenger,
  type OrderPassengerRow,
  type OrderRow,
  type OrderWithParts,
} from '../repositories/train-orders'
import { formProblem, seatChoiceFits, ticketKinds, type BookingProblem } from '../domain/train-booking'
import { assertMove, orderActions } from '../domain/train-order-states'
import { chinaMinuteOfDay, hhmm, isPastDeadline, onSale, payDeadline, trainRules, type TrainRules } from '../domain/train-rules'
import { occupiedSeats, pickSeats, seatLabel } from '../domain/train-seats'
import { serialNumber } from '../domain/order-numbers'
import { shanghaiDay, toShanghaiIso } from '../domain/time'
import { checkTrainOffer, overPolicyDecision, type TravelPolicy } from '../domain/travel-policy'
import { childFareFen } from '../providers/railway/timetable'
import type { RailwayProvider } from '../providers/railway'
import * as payments from './payments'
import { requireRailway } from './railway-login'
import { changedToOf, changeRecordView, refundRecordView, stationName, stationRef, ticketActionsOf, ticketNow } from './train-tickets'
import { requireOnSaleDate, stillSold } from './train-search'
import { resolveSegment, type Segment } from './train-segments'
import { cachedPolicyOf, policyOf, requireProduct } from './travel'

export const TRAIN_JOBS = {
  /** an unpaid order's deadline: cancelled (overdue) if still unpaid */
  payDeadline: 'train.payDeadline',
  /** the railway's answer on a paid order's tickets */
  ticketing: 'train.ticketing',
  /** seats came back on a train: fulfil grab requests */
  grabCheck: 'train.grabCheck',
  /** an SMS to send (grab fulfilled, payment, refund and change done) */
  sms: 'train.sms',
  /** issue 11: the railway's answer on a refund of tickets */
  refund: 'train.refund',
  /** issue 11: the railway's answer on a change */
  change: 'train.change',
  /** issue 11: a change waiting for its fare difference: cancelled if still unpaid */
  changePayDeadline: 'train.changePayDeadline',
} as const

const problem = (p: BookingProblem): AppError => new AppError(p.msgId, 200, p.params)

// ------------------------------------------------------------------------------------------------
// Views
// ------------------------------------------------------------------------------------------------

const maskDocument = (n: string): string => (n.length <= 8 ? `${n.slice(0, 2)}****${n.slice(-2)}` : `${n.slice(0, 4)}${'*'.repeat(n.length - 8)}${n.slice(-4)}`)

export function toOrderView({ order, passengers, events, refunds, changes }: OrderWithParts, lang: Lang, now: Date): TrainOrderView {
  const r = trainRules(order.rulesProfile)
  const tickets = passengers.map((p) => ticketNow(order, p, changes))
  const ticketActions = tickets.map((t) => ticketActionsOf(r, order, t, now))
  const toPay = changes.find((c) => c.state === 'toPay')
  const departMinute = chinaMinuteOfDay(order.departAt)
  const arriveMinute = chinaMinuteOfDay(order.arriveAt)
  const dayDiff = Math.round((Date.parse(shanghaiDay(order.arriveAt)) - Date.parse(shanghaiDay(order.departAt))) / 86_400_000)
  return {
    id: order.id,
    orderNo: order.orderNo,
    status: order.status,
    actions: orderActions(order.status, ticketActions, order.removedAt !== null),
    trainCode: order.trainCode,
    trainNo: order.trainNo,
    trainType: order.trainType,
    date: shanghaiDay(order.departAt),
    from: stationRef(order.fromCode),
    to: stationRef(order.toCode),
    departTime: hhmm(departMinute),
    arriveTime: hhmm(arriveMinute),
    departAt: toShanghaiIso(order.departAt),
    arriveAt: toShanghaiIso(order.arriveAt),
    arriveDayOffset: dayDiff,
    durationMinutes: Math.round((order.arriveAt.getTime() - order.departAt.getTime()) / 60_000),
    seatType: order.seatType,
    contactName: order.contactName,
    contactMobile: order.contactMobile,
    passengers: passengers.map((p, i) => ({
      id: p.id,
      travellerId: p.travellerId,
      name: p.name,
      documentType: p.documentType,
      documentNumberMasked: maskDocument(p.documentNumber),
      passengerType: p.passengerType,
      mobile: p.mobile,
      seatChoice: p.seatChoice,
      ticketPriceFen: p.ticketPriceFen,
      carriage: p.carriage,
      seatNo: p.seatNo,
      seatPosition: p.seatPosition,
      ticketNo: p.ticketNo,
      heightCm: p.heightCm,
      ticketState: p.ticketState,
      ticketActions: ticketActions[i],
      changeCount: tickets[i].changeCount,
      changedTo: changedToOf(p, changes),
    })),
    amounts: {
      ticketPriceFen: order.ticketPriceFen,
      ticketFeeFen: order.ticketFeeFen,
      serviceChargeFen: order.serviceChargeFen,
      totalFen: order.totalFen,
    },
    pickupNo: order.pickupNo,
    createdAt: toShanghaiIso(order.createdAt),
    payDeadline: order.status === 'toBePaid' ? toShanghaiIso(order.payDeadline) : null,
    serverNow: toShanghaiIso(now),
    payer: order.payer,
    paidAt: order.paidAt ? toShanghaiIso(order.paidAt) : null,
    overPolicy: order.overPolicy,
    failureText: order.failureMsgId ? messageText(order.failureMsgId as Parameters<typeof messageText>[0], lang) : '',
    refund: order.refundState && order.payer ? { amountFen: order.refundFen ?? 0, state: order.refundState, to: order.payer } : null,
    timeline: events.map((e) => ({ at: toShanghaiIso(e.at), kind: e.kind })),
    refunds: refunds.map((x) => refundRecordView(x, lang)),
    changes: changes.map((x) => changeRecordView(x, lang, now)),
    changeToPay: toPay?.payDeadline ? { changeId: toPay.id, amountFen: toPay.differenceFen, payDeadline: toShanghaiIso(toPay.payDeadline) } : null,
  }
}

export function toOrderSummary(o: OrderRow & { passengerNames: string[] }): TrainOrderSummary {
  return {
    id: o.id,
    orderNo: o.orderNo,
    status: o.status,
    trainNo: o.trainNo,
    date: shanghaiDay(o.departAt),
    from: stationRef(o.fromCode),
    to: stationRef(o.toCode),
    departAt: toShanghaiIso(o.departAt),
    passengerNames: o.passengerNames,
    totalFen: o.totalFen,
    createdAt: toShanghaiIso(o.createdAt),
  }
}

/** one owner's train orders, newest first (for the orders feed of the event-day slice) */
export async function ownerTrainOrders(
  deps: Pick<Deps, 'db'>,
  owner: Owner,
  opts: { limit: number; offset: number; statuses?: readonly TrainOrderStatus[] },
): Promise<TrainOrderSummary[]> {
  return (await listOwnerTrainOrders(deps.db, owner, opts)).map(toOrderSummary)
}

// ------------------------------------------------------------------------------------------------
// Status moves (the only writer of train_orders.status)
// ------------------------------------------------------------------------------------------------

/** moves an order's status as the state machine allows, with its timeline events (the only writer of the status) */
export async function move(
  tx: Tx,
  order: OrderRow,
  to: TrainOrderStatus,
  at: Date,
  events: TrainOrderEventKind[],
  changes: Parameters<typeof setOrderStatus>[3] = {},
): Promise<OrderRow> {
  assertMove(order.status, to)
  const row = await setOrderStatus(tx, order.id, to, { ...changes, updatedAt: at })
  for (const kind of events) await addOrderEvent(tx, order.id, kind, at)
  return row
}

/** frees an order's seats and wakes the grab requests of its train */
async function releaseSeats(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const runs = await releaseHoldsOfOrder(tx, order.id)
  if (runs.length) await scheduleGrabCheck(tx, order.trainCode, order.date, now)
}

export async function scheduleGrabCheck(tx: Tx, trainCode: string, startDate: string, now: Date): Promise<void> {
  await ensureJob(tx, {
    kind: TRAIN_JOBS.grabCheck,
    key: `${trainCode}|${startDate}|${now.getTime()}|${crypto.randomBytes(4).toString('hex')}`,
    payload: { trainCode, startDate },
    dueAt: now,
    now,
  })
}

// ------------------------------------------------------------------------------------------------
// Save
// ------------------------------------------------------------------------------------------------

/** ETRAIN1024 unless it is inside the railway's ticketing hours */
export function requireOnSaleNow(r: TrainRules, now: Date): void {
  if (!onSale(r, now)) throw new AppError('ETRAIN1024', 200, { open: hhmm(r.saleOpensMinute), close: hhmm(r.saleClosesMinute) })
}

export interface HeldOrderInput {
  owner: Owner
  segment: Segment
  seatType: SeatType
  passengers: SaveTrainOrderRequest['passengers']
  contactName: string
  contactMobile: string
  overPolicy: { breaches: PolicyBreach[]; reason: string } | null
  rules: TrainRules
  grabId: number | null
}

/** what one booking decides on, read under its run's lock (bookingStates, or a batch's share of it) */
export interface BookingState {
  run: RunRow
  /** the owner's travellers among the passengers' ids (fewer: some are missing or someone else's) */
  travellers: BookingTraveller[]
  /** the run's active holds (a batch adds the seats it gave earlier orders) */
  holds: HeldSeat[]
  /** the documents already holding a live ticket on the train and date (a batch adds its earlier orders') */
  bookedDocuments: ReadonlySet<string>
  orderId: number
  passengerIds: number[]
}

/** 'type:number' as trainHoldersQuery answers it (travellers and passengers store numbers normalised) */
export const documentOf = (t: { documentType: string; documentNumber: string }) => `${t.documentType}:${normaliseDocumentNumber(t.documentNumber)}`

/**
 * THE booking decision (pure; one booking alone and a booking batch both decide through it): the
 * travellers are the caller's and not refused by audit, the tickets' kinds (adult/child), one
 * ticket per person per train (ETRAIN1034), then seats for every passenger (all or none) on the
 * run against the holds. Answers the order to write, null when the run has not enough free seats
 * for this segment, or throws the refusal (an AppError).
 */
export function decideHeldOrder(railway: Pick<RailwayProvider, 'fareFen'>, input: HeldOrderInput, state: BookingState, now: Date): OrderWithParts | null {
  const { segment: seg, seatType, owner, rules: r } = input
  const { run, travellers } = state
  if (travellers.length !== input.passengers.length) throw new AppError('ESYS0004')
  const byId = new Map(travellers.map((t) => [t.id, t]))
  const withTravellers = input.passengers.map((p) => ({ ...p, traveller: byId.get(p.travellerId)! }))
  const failed = withTravellers.find((p) => p.traveller.auditStatus === 'failed')
  if (failed) throw new AppError('ETRAIN1017', 200, { name: failed.traveller.name })
  const kinds = ticketKinds(r, shanghaiDay(seg.departAt), withTravellers)
  if ('problem' in kinds) throw problem(kinds.problem)

  // the railway sells one ticket per person per train
  const twice = withTravellers.find((p) => state.bookedDocuments.has(documentOf(p.traveller)))
  if (twice) throw new AppError('ETRAIN1034', 200, { name: twice.traveller.name })

  const seats = pickSeats(seatType, run.capacity, run.othersSold, occupiedSeats(state.holds, seg), input.passengers.map((p) => p.seatChoice))
  if (!seats) return null

  const adultFen = railway.fareFen(seg.train, seatType, seg.fromIdx, seg.toIdx)
  const prices = kinds.kinds.map((k) => (k === 'child' ? childFareFen(adultFen) : adultFen))
  const ticketPriceFen = prices.reduce((a, b) => a + b, 0)
  const ticketFeeFen = r.ticketFeePerTicketFen * prices.length
  const serviceChargeFen = r.serviceChargePerTicketFen * prices.length
  const deadline = payDeadline(r, now)
  const order: OrderRow = {
    id: state.orderId,
    userId: owner.userId,
    eventId: owner.eventId,
    orderNo: serialNumber('T', now, state.orderId, 8),
    status: 'toBePaid',
    rulesProfile: r.id,
    trainCode: seg.train.trainCode,
    trainNo: seg.train.trainNo,
    trainType: seg.train.trainType,
    date: seg.startDate,
    fromCode: seg.from.code,
    toCode: seg.to.code,
    fromIdx: seg.fromIdx,
    toIdx: seg.toIdx,
    departAt: seg.departAt,
    arriveAt: seg.arriveAt,
    seatType,
    contactName: input.contactName.trim(),
    contactMobile: input.contactMobile.trim(),
    ticketPriceFen,
    ticketFeeFen,
    serviceChargeFen,
    totalFen: ticketPriceFen + ticketFeeFen + serviceChargeFen,
    payDeadline: deadline,
    payer: null,
    paidAt: null,
    ticketingDueAt: null,
    pickupNo: null,
    overPolicy: input.overPolicy,
    failureMsgId: '',
    refundState: null,
    refundFen: null,
    grabId: input.grabId,
    removedAt: null,
    createdAt: now,
    updatedAt: now,
  }
  const passengers: OrderPassengerRow[] = withTravellers.map((p, i) => ({
    id: state.passengerIds[i],
    orderId: order.id,
    travellerId: p.travellerId,
    name: p.traveller.name,
    documentType: p.traveller.documentType,
    documentNumber: normaliseDocumentNumber(p.traveller.documentNumber),
    passengerType: kinds.kinds[i],
    mobile: p.traveller.mobile,
    seatChoice: p.seatChoice ?? null,
    ticketPriceFen: prices[i],
    seatIndex: seats[i],
    carriage: null,
    seatNo: null,
    seatPosition: null,
    ticketNo: null,
    ticketState: 'unissued',
    changeId: null,
    heightCm: r.childRule === 'height' && kinds.kinds[i] === 'child' ? (p.heightCm ?? null) : null,
  }))
  return { order, passengers, events: [{ id: 0, orderId: order.id, kind: 'created', at: now }], refunds: [], changes: [] }
}

/** what insertHeldOrders writes for an order decideHeldOrder made */
export const heldOrderWrite = (made: OrderWithParts, runId: number): HeldOrderWrite => ({
  order: made.order,
  passengers: made.passengers,
  runId,
  event: { kind: 'created', at: made.order.createdAt },
  deadlineJobKind: TRAIN_JOBS.payDeadline,
})

/** a save request checked (checkOrderRequest) and made into what a booking decides on: the single path's and a batch's */
export function checkedSaveInput(deps: Pick<Deps, 'railway'>, owner: Owner, body: SaveTrainOrderRequest, policy: TravelPolicy, now: Date, lang: Lang): HeldOrderInput {
  const { idempotencyKey: _k, ...request } = body
  const checked = checkOrderRequest(deps, policy, request, now, lang)
  return {
    owner,
    segment: checked.segment,
    seatType: body.seatType,
    passengers: body.passengers,
    contactName: body.contactName,
    contactMobile: body.contactMobile,
    overPolicy: checked.overPolicy,
    rules: checked.rules,
    grabId: null,
  }
}

/** the checks of save and grab before any seat is looked at: form, train, date, hours, policy */
export function checkOrderRequest(
  deps: Pick<Deps, 'railway'>,
  policy: TravelPolicy,
  body: Omit<SaveTrainOrderRequest, 'idempotencyKey'> & { seatTypes?: SeatType[] },
  now: Date,
  lang: Lang,
): { segment: Segment; rules: TrainRules; overPolicy: HeldOrderInput['overPolicy'] } {
  const r = trainRules(policy.trainRulesProfile)
  const form = formProblem(r, body)
  if (form) throw problem(form)
  const seg = resolveSegment(deps, body)
  const seatTypes = body.seatTypes ?? [body.seatType]
  if (!seatTypes.length || seatTypes.some((s) => !seg.train.seatTypes.includes(s))) throw new AppError('ETRAIN1028')
  if (body.passengers.some((p) => seatTypes.some((s) => !seatChoiceFits(seg.train.trainType, s, p.seatChoice)))) throw new AppError('ETRAIN1033')
  requireOnSaleDate(r, shanghaiDay(seg.departAt), now)
  requireOnSaleNow(r, now)
  if (!stillSold(r, seg.departAt, now)) throw new AppError('ETRAIN1027')
  const breaches = seatTypes.flatMap((seatType) =>
    checkTrainOffer(policy, { trainType: seg.train.trainType, seatType, fromCity: seg.from.cityName, toCity: seg.to.cityName }, lang),
  )
  const reason = (body.overPolicyReason ?? '').trim()
  const texts = () => breaches.map((b) => b.text).join(lang === 'zh' ? '；' : '; ')
  switch (overPolicyDecision(policy, breaches, reason)) {
    case 'blocked':
      throw new AppError('ETRAIN1030', 200, { breaches: texts() })
    case 'reasonMissing':
      throw new AppError('ETRAIN1031', 200, { breaches: texts() })
    case 'allowedWithReason':
      return { segment: seg, rules: r, overPolicy: { breaches, reason } }
    default:
      return { segment: seg, rules: r, overPolicy: null }
  }
}

/**
 * The checks of every booking request before its transaction: the event offers trains, the railway
 * login is alive. The policy comes through the policy cache when the app has one (issue 15: one
 * query per order less): a policy saved through this process is seen by the next booking at once
 * (saveTravelPolicy clears the cache, again after its commit), one changed elsewhere within
 * POLICY_CACHE_TTL_MS (1 s). The policy decides the request's checks (product, rules profile,
 * over-policy); seats, holders and keys are still decided on the database's rows under the locks.
 */
export async function bookingChecks(deps: Pick<Deps, 'db' | 'now' | 'railway'> & Partial<Pick<Deps, 'searchCaches'>>, owner: Owner): Promise<TravelPolicy> {
  const policy = deps.searchCaches ? await cachedPolicyOf({ db: deps.db, searchCaches: deps.searchCaches }, owner.eventId) : await policyOf(deps.db, owner.eventId)
  requireProduct(policy, 'train')
  await requireRailway(deps, owner.userId)
  return policy
}

/** one booking's transaction under the request's idempotency key */
function bookingTransaction<T>(
  deps: Pick<Deps, 'db' | 'now'>,
  owner: Owner,
  scope: string,
  body: { idempotencyKey: string },
  run: (tx: Tx, now: Date, claimed: ClaimedKey) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now()
    return once(tx, { scope, userId: owner.userId, key: body.idempotencyKey, request: body }, now, (claimed) => run(tx, now, claimed))
  })
}

/**
 * The frame of every booking request (save, grab): the event offers trains, the railway login is
 * alive, then one transaction under the request's idempotency key.
 */
export async function inBookingTransaction<T>(
  deps: Pick<Deps, 'db' | 'now' | 'railway'>,
  owner: Owner,
  scope: string,
  body: { idempotencyKey: string },
  run: (tx: Tx, policy: TravelPolicy, now: Date, claimed: ClaimedKey) => Promise<T>,
): Promise<T> {
  const policy = await bookingChecks(deps, owner)
  return bookingTransaction(deps, owner, scope, body, (tx, now, claimed) => run(tx, policy, now, claimed))
}

/**
 * Saves an order (oneWayReservation): the checks, then its booking in the app's next list of
 * orders (deps.bookingBatcher: services/train-booking-batch.ts).
 */
export async function saveOrder(deps: Pick<Deps, 'db' | 'now' | 'railway' | 'searchCaches' | 'bookingBatcher'>, owner: Owner, body: SaveTrainOrderRequest, lang: Lang): Promise<TrainOrderView> {
  const policy = await bookingChecks(deps, owner)
  return deps.bookingBatcher.save({ owner, body, lang, policy })
}

// ------------------------------------------------------------------------------------------------
// Read, cancel, pay, ticketing
// ------------------------------------------------------------------------------------------------

export async function getOrder(deps: Pick<Deps, 'db' | 'now'>, owner: Owner, orderId: number, lang: Lang): Promise<TrainOrderView> {
  const order = await loadOwned(deps.db, trainOrders, orderId, owner)
  return toOrderView(await orderParts(deps.db, order), lang, deps.now())
}

export async function getTickets(deps: Pick<Deps, 'db'>, owner: Owner, orderId: number): Promise<OrderTickets> {
  const order = await loadOwned(deps.db, trainOrders, orderId, owner)
  const { passengers, changes } = await orderParts(deps.db, order)
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    pickupNo: order.pickupNo,
    tickets: passengers
      .filter((p) => p.ticketNo)
      .map((p) => ({
        passengerId: p.id,
        name: p.name,
        passengerType: p.passengerType,
        ticketNo: p.ticketNo!,
        carriage: p.carriage ?? '',
        seatNo: p.seatNo ?? '',
        seatPosition: p.seatPosition,
        seatType: order.seatType,
        priceFen: p.ticketPriceFen,
        ticketState: p.ticketState,
        changedTo: changedToOf(p, changes),
      })),
  }
}

export async function cancelOrder(deps: Pick<Deps, 'db' | 'now'>, owner: Owner, orderId: number, lang: Lang): Promise<TrainOrderView> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now()
    const order = await loadOwned(tx, trainOrders, orderId, owner, { forUpdate: true })
    if (order.status !== 'toBePaid') throw new AppError('ETRAIN1041')
    const row = await move(tx, order, 'canceled', now, ['canceled'])
    await releaseSeats(tx, row, now)
    return toOrderView(await orderParts(tx, row), lang, now)
  })
}

/** the next instant the railway issues tickets: now inside the hours, else the next opening */
export function nextTicketingInstant(r: TrainRules, at: Date): Date {
  if (onSale(r, at)) return at
  const minute = chinaMinuteOfDay(at)
  const wait = (r.saleOpensMinute - minute + 1440) % 1440
  const opening = new Date(at.getTime() + wait * 60_000)
  opening.setUTCSeconds(0, 0)
  return opening
}

/**
 * Marks a toBePaid order paid by `payer` and starts ticketing, inside `tx` (the order locked): the
 * train Payable (services/train-payable.ts) calls it when the payments core has the money, from
 * company payment and from WeChat Pay's notification alike. The railway answers once it is open
 * (spec §9 ticketing hours) and its delay has passed (settleTicketing).
 */
export async function startTicketing(tx: Tx, order: OrderRow, payer: 'company' | 'attendee', now: Date): Promise<OrderRow> {
  const r = trainRules(order.rulesProfile)
  const from = nextTicketingInstant(r, now)
  const row = await move(tx, order, 'ticketing', now, ['paid', 'ticketingStarted'], { payer, paidAt: now, ticketingDueAt: from })
  await ensureJob(tx, { kind: TRAIN_JOBS.ticketing, key: String(order.id), payload: { orderId: order.id }, dueAt: from, now })
  // spec §4: payment success is confirmed by SMS
  await queueSms(tx, `paid:${order.id}`, { mobile: order.contactMobile, userId: order.userId }, (lang) => messageText('ETRAIN1071', lang, smsTrip(order, lang)), now)
  return row
}

/** the trip's words of an SMS, in `lang` */
export const smsTrip = (o: { orderNo: string; trainNo: string; departAt: Date; fromCode: string; toCode: string }, lang: Lang) => ({
  orderNo: o.orderNo,
  trainNo: o.trainNo,
  date: shanghaiDay(o.departAt),
  from: stationName(stationRef(o.fromCode), lang),
  to: stationName(stationRef(o.toCode), lang),
})

/**
 * An SMS sent by the sms job once the transaction commits (a rolled-back change sends nothing),
 * written in the language the order's attendee last used the app in (users.lang).
 */
export async function queueSms(tx: Tx, key: string, to: { mobile: string; userId: number }, text: (lang: Lang) => string, now: Date): Promise<void> {
  const lang = await userLang(tx, to.userId)
  await ensureJob(tx, { kind: TRAIN_JOBS.sms, key, payload: { to: to.mobile, text: text(lang) }, dueAt: now, now })
}

/** the instant the railway's answer on a ticketing order is due */
export const ticketingAnswerAt = (railway: Pick<RailwayProvider, 'ticketingDelayMs'>, order: OrderRow): Date | null =>
  order.ticketingDueAt ? new Date(order.ticketingDueAt.getTime() + railway.ticketingDelayMs()) : null

const paymentSubject = (order: OrderRow, owner: Owner) => ({
  kind: 'train',
  orderId: order.id,
  owner,
  amountFen: order.totalFen,
  description: `火车票 ${stationRef(order.fromCode).name}-${stationRef(order.toCode).name} ${order.trainNo}`,
})

/** the checks before any payment: the order is the caller's, waiting for money, inside its deadline */
export async function lockPayableOrder(tx: Tx, owner: Owner, orderId: number, now: Date): Promise<OrderRow> {
  const order = await loadOwned(tx, trainOrders, orderId, owner, { forUpdate: true })
  if (order.status !== 'toBePaid') throw new AppError('ETRAIN1040')
  if (isPastDeadline(order.payDeadline, now)) throw new AppError('ETRAIN1042')
  return order
}

/** the company pays through the payments core: the train Payable moves the order to ticketing in the same transaction */
export async function payByCompany(deps: Pick<Deps, 'db' | 'now' | 'log' | 'payables'>, owner: Owner, body: PayOrderRequest, lang: Lang): Promise<TrainOrderView> {
  const policy = await policyOf(deps.db, owner.eventId)
  return deps.db.transaction(async (tx) => {
    const now = deps.now()
    return once(tx, { scope: payOnBusiness.path, userId: owner.userId, key: body.idempotencyKey, request: body }, now, async () => {
      const order = await lockPayableOrder(tx, owner, body.orderId, now)
      if (!policy.payers.includes('company')) throw new AppError('ETRAIN1043')
      await payments.payByCompany(tx, deps, paymentSubject(order, owner), now)
      return toOrderView(await orderParts(tx, (await lockOrder(tx, order.id))!), lang, now)
    })
  })
}

/** what a WeChat payment of a train order pays for: the order (its own payment) or a change's difference */
export interface WechatPayable {
  parts: OrderWithParts
  subject: payments.PaymentSubject
  expiresAt: Date
}

/**
 * The frame of a WeChat payment of the train slice (paymentOrder): under the request's idempotency
 * key, `pick` locks and checks what is paid (ETRAIN1040 / ETRAIN1042), then one payment is opened
 * through the payments core (the same for every retry) and the order answered with it.
 */
export async function payTrainByWechat(
  deps: Pick<Deps, 'db' | 'now' | 'log' | 'wechatPay' | 'payables'>,
  owner: Owner,
  body: PaymentOrderRequest,
  payerIp: string,
  lang: Lang,
  pick: (tx: Tx, now: Date) => Promise<WechatPayable>,
): Promise<PaymentStart> {
  const policy = await policyOf(deps.db, owner.eventId)
  return deps.db.transaction(async (tx) => {
    const now = deps.now()
    return once(tx, { scope: paymentOrder.path, userId: owner.userId, key: body.idempotencyKey, request: body }, now, async () => {
      const { parts, subject, expiresAt } = await pick(tx, now)
      if (!policy.payers.includes('attendee')) throw new AppError('ETRAIN1044')
      const opened = await payments.openWechatPayment(tx, deps, { ...subject, tradeType: body.tradeType, wxCode: body.wxCode, wxCodeSource: body.wxCodeSource, payerIp, expiresAt }, now)
      return {
        order: toOrderView(parts, lang, now),
        payment: {
          paymentNo: opened.paymentNo,
          tradeType: body.tradeType,
          amountFen: opened.amountFen,
          expiresAt: toShanghaiIso(opened.expiresAt),
          jsapi: opened.jsapi,
          codeUrl: opened.codeUrl,
        },
      }
    })
  })
}

/** the attendee pays by WeChat Pay: a payment opened through the payments core (one per order); the notification moves the order */
export async function payByWechat(
  deps: Pick<Deps, 'db' | 'now' | 'log' | 'wechatPay' | 'payables'>,
  owner: Owner,
  body: PaymentOrderRequest,
  payerIp: string,
  lang: Lang,
): Promise<PaymentStart> {
  return payTrainByWechat(deps, owner, body, payerIp, lang, async (tx, now) => {
    const order = await lockPayableOrder(tx, owner, body.orderId, now)
    return { parts: await orderParts(tx, order), subject: paymentSubject(order, owner), expiresAt: order.payDeadline }
  })
}

/**
 * The railway's answer on a ticketing order, once it is due: tickets issued (carriage, seat,
 * ticket numbers, pickup number) or failed (seats freed, the payment refunded). Runs in `tx`
 * with the order locked; does nothing to an order that is no longer ticketing or not due yet.
 */
export async function settleTicketing(
  tx: Tx,
  deps: { railway: RailwayProvider; log: Deps['log']; payables: Deps['payables'] },
  orderId: number,
  now: Date,
): Promise<{ order: OrderRow | undefined; answerAt: Date | null }> {
  const railway = deps.railway
  const order = await lockOrder(tx, orderId)
  const answerAt = order && order.status === 'ticketing' ? ticketingAnswerAt(railway, order) : null
  if (!order || !answerAt) return { order, answerAt: null }
  if (answerAt.getTime() > now.getTime()) return { order, answerAt }
  if (railway.ticketingOutcome(order.orderNo) === 'fail') {
    const row = await move(tx, order, 'failed', now, ['issueFailed'], { failureMsgId: 'ETRAIN1060' })
    await releaseSeats(tx, row, now)
    return { order: await refundPaid(tx, deps, row, 'issueFailed', now), answerAt: null }
  }
  const { passengers } = await orderParts(tx, order)
  const train = railway.train(order.trainCode)
  const classes = train?.seatTypes ?? [order.seatType]
  const pickupNo = `E${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}`
  const capacityOf = (s: SeatType) => railway.runNumbers(order.trainCode, order.date, s).capacity
  for (const [i, p] of passengers.entries()) {
    const label = seatLabel(classes, capacityOf, order.seatType, p.seatIndex)
    await updatePassenger(tx, p.id, { carriage: label.carriage, seatNo: label.seatNo, seatPosition: label.position, ticketNo: `${pickupNo}${String(i + 1).padStart(2, '0')}`, ticketState: 'issued' })
  }
  return { order: await move(tx, order, 'issued', now, ['issued'], { pickupNo }), answerAt: null }
}

/**
 * Gives an order's money back to whoever paid (failed to issue): through the payments core, which
 * credits the company at once and sends a WeChat refund by its job; the train Payable's
 * onRefunded marks the order refunded when the money is back.
 */
async function refundPaid(tx: Tx, deps: Pick<Deps, 'log' | 'payables'>, order: OrderRow, reason: string, now: Date): Promise<OrderRow> {
  const paid = await payments.countedPayment(tx, 'train', order.id)
  if (!paid) return order
  const left = paid.amountFen - paid.refundedFen
  const row = await updateOrder(tx, order.id, { refundState: 'refunding', refundFen: left, updatedAt: now })
  if (left > 0) await payments.requestRefund(tx, deps, paid, { amountFen: left, reason, payload: {} }, now)
  return (await lockOrder(tx, order.id)) ?? row
}

export async function askTicketing(deps: Pick<Deps, 'db' | 'now' | 'railway' | 'log' | 'payables'>, owner: Owner, orderId: number, lang: Lang): Promise<TrainOrderView> {
  const order = await loadOwned(deps.db, trainOrders, orderId, owner)
  const now = deps.now()
  const answerAt = order.status === 'ticketing' ? ticketingAnswerAt(deps.railway, order) : null
  if (answerAt && answerAt.getTime() <= now.getTime()) {
    return deps.db.transaction(async (tx) => {
      const row = (await settleTicketing(tx, deps, order.id, now)).order ?? order
      return toOrderView(await orderParts(tx, row), lang, now)
    })
  }
  return toOrderView(await orderParts(deps.db, order), lang, now)
}

/** the deadline job: an order still unpaid at its deadline becomes overdue and frees its seats */
export async function expireOrder(tx: Tx, orderId: number, now: Date): Promise<void> {
  const order = await lockOrder(tx, orderId)
  if (!order || order.status !== 'toBePaid' || !isPastDeadline(order.payDeadline, now)) return
  const row = await move(tx, order, 'overdue', now, ['overdue'])
  await releaseSeats(tx, row, now)
}

