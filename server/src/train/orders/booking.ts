/**
 * Booking a train order: the checks of a save or grab request (form, train, date, hours, policy,
 * the railway login), THE booking decision (decideHeldOrder: travellers, one ticket per person per
 * train, seats), what is written for a decided order, and saveOrder, which hands a checked request
 * to the app's booking batcher (train/orders/booking-batch.ts).
 */
import type { SaveTrainOrderRequest, TrainOrderView } from '@contracts/calls/train'
import type { PolicyBreach } from '@contracts/calls/travel'
import { normaliseDocumentNumber } from '@contracts/documents'
import type { Lang } from '@contracts/messages'
import type { SeatType } from '@contracts/train'
import type { Deps } from '../../deps'
import type { Tx } from '../../kernel/db/client'
import { AppError } from '../../kernel/errors'
import { once, type ClaimedKey } from '../../kernel/http/idempotency'
import type { Owner } from '../../kernel/db/owned'
import type { RunRow } from '../repositories/inventory'
import type { BookingTraveller, HeldOrderWrite, HeldSeat, OrderPassengerRow, OrderRow, OrderWithParts } from '../repositories/orders'
import { formProblem, seatChoiceFits, ticketKinds, type BookingProblem } from '../rules/booking'
import { hhmm, onSale, payDeadline, trainRules, type TrainRules } from '../rules/train-rules'
import { occupiedSeats, pickSeats } from '../rules/seats'
import { serialNumber } from '../rules/order-numbers'
import { shanghaiDay } from '../../kernel/time/time'
import { checkTrainOffer, overPolicyDecision, type TravelPolicy } from '../../travel/rules/travel-policy'
import { childFareFen } from '../railway/timetable'
import type { RailwayProvider } from '../railway'
import { requireRailway } from '../railway-login'
import { requireOnSaleDate, stillSold } from '../search'
import { resolveSegment, type Segment } from '../segments'
import { cachedPolicyOf, policyOf, requireProduct } from '../../travel/travel'
import { TRAIN_JOBS } from './orders'
import { refusalOutcome } from '../../kernel/metrics/types'

const problem = (p: BookingProblem): AppError => new AppError(p.msgId, 200, p.params)

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

  const seats = pickSeats(
    seatType,
    run.capacity,
    run.othersSold,
    occupiedSeats(state.holds, seg),
    input.passengers.map((p) => p.seatChoice),
  )
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
export function checkedSaveInput(
  deps: Pick<Deps, 'railway'>,
  owner: Owner,
  body: SaveTrainOrderRequest,
  policy: TravelPolicy,
  now: Date,
  lang: Lang,
): HeldOrderInput {
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
 * login is alive. The policy comes through the policy cache when the app has one (one
 * query per order less): a policy saved through this process is seen by the next booking at once
 * (saveEventTravelPolicy clears the cache, again after its commit), one changed elsewhere within
 * POLICY_CACHE_TTL_MS (1 s). The policy decides the request's checks (product, rules profile,
 * over-policy); seats, holders and keys are still decided on the database's rows under the locks.
 */
export async function bookingChecks(deps: Pick<Deps, 'db' | 'now' | 'railway'> & Partial<Pick<Deps, 'searchCaches'>>, owner: Owner): Promise<TravelPolicy> {
  const policy = deps.searchCaches
    ? await cachedPolicyOf({ db: deps.db, searchCaches: deps.searchCaches }, owner.eventId)
    : await policyOf(deps.db, owner.eventId)
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
 * orders (deps.bookingBatcher: train/orders/booking-batch.ts).
 */
export async function saveOrder(
  deps: Pick<Deps, 'db' | 'now' | 'railway' | 'searchCaches' | 'bookingBatcher' | 'metrics'>,
  owner: Owner,
  body: SaveTrainOrderRequest,
  lang: Lang,
): Promise<TrainOrderView> {
  // the batcher counts the outcome of every order it books; a request refused before it, here
  const policy = await bookingChecks(deps, owner).catch((err: unknown) => {
    deps.metrics.bookingOutcome('train', refusalOutcome(err, []))
    throw err
  })
  return deps.bookingBatcher.save({ owner, body, lang, policy })
}
