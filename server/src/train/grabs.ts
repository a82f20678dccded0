/**
 * Grab requests (spec §8 "no tickets left (suggest grabbing)"): the attendee leaves a request for
 * a sold-out train; when seats come back (a cancellation, an overdue order, a failed ticketing, or
 * the public's refunds in the sandbox) the grab job turns the oldest request that now fits into a
 * toBePaid order and tells the contact by SMS.
 */
import { saveGrabRequest, type GrabView, type SaveGrabRequest } from '@contracts/calls/train'
import { messageText, type Lang } from '@contracts/messages'
import type { SeatType } from '@contracts/train'
import type { Deps } from '../deps'
import type { Tx } from '../kernel/db/client'
import { trainGrabs } from '../kernel/db/schema'
import { AppError } from '../kernel/errors'
import { loadOwned, type Owner } from '../kernel/db/owned'
import { ensureJob } from '../kernel/jobs/repository'
import { grabLocked, insertGrab, listGrabRows, ownerGrabsDueLocked, pendingGrabsLocked, setGrabStatus, type GrabRow } from './repositories/grabs'
import { activeHolds, lockRun, lockTrainDate, releaseOthersSeats, setOthersSold } from './repositories/inventory'
import { travellersByIds } from './repositories/travellers'
import { occupiedSeats, seatsLeft } from './rules/seats'
import { trainRules, type TrainRules } from './rules/train-rules'
import { shanghaiDay, toShanghaiIso } from '../kernel/time/time'
import { refOf, stationByCode } from './railway/stations'
import { resolveSegment, type Segment } from './segments'
import { queueSms, scheduleGrabCheck } from './orders/orders'
import { checkOrderRequest, inBookingTransaction } from './orders/booking'
import { createHeldOrder } from './orders/held-orders'
import { stationName } from './orders/tickets'
import { policyOf } from '../travel/travel'

const ref = (code: string) => {
  const s = stationByCode(code)
  return s ? refOf(s) : { code, name: code, nameEn: code }
}

/**
 * The job that ends a request at its stop time (the train rules' grabStopsMinutesBeforeDeparture):
 * due then, it expires a request still pending and tells the contact. Not in TRAIN_JOBS
 * (train/orders/orders.ts) because only this file makes and handles it.
 */
export const GRAB_EXPIRY_JOB = 'train.grabExpiry'

/** the instant a request for a train leaving at `departAt` stops waiting (from then on it is expired) */
export const grabStopsAt = (r: TrainRules, departAt: Date): Date => new Date(departAt.getTime() - r.grabStopsMinutesBeforeDeparture * 60_000)

export const toGrabView = (g: GrabRow): GrabView => ({
  id: g.id,
  status: g.status,
  trainCode: g.trainCode,
  trainNo: g.trainNo,
  date: shanghaiDay(g.departAt),
  from: ref(g.fromCode),
  to: ref(g.toCode),
  departAt: toShanghaiIso(g.departAt),
  seatTypes: g.seatTypes,
  passengerNames: g.passengerNames,
  contactMobile: g.contactMobile,
  orderId: g.orderId,
  createdAt: toShanghaiIso(g.createdAt),
})

/** seats left for a segment in one class (the run locked) */
async function leftFor(tx: Tx, deps: Pick<Deps, 'railway' | 'searchCaches'>, seg: Segment, seatType: SeatType): Promise<number> {
  const run = await lockRun(
    tx,
    { trainCode: seg.train.trainCode, date: seg.startDate, seatType },
    deps.railway.runNumbers(seg.train.trainCode, seg.startDate, seatType),
  )
  // a run locked for the first time is a run no search has counted yet
  deps.searchCaches.seatsChanged(seg.train.trainCode, seg.startDate)
  return seatsLeft(run.capacity, run.othersSold, occupiedSeats(await activeHolds(tx, run.id), seg))
}

export async function saveGrab(
  deps: Pick<Deps, 'db' | 'now' | 'railway' | 'searchCaches'>,
  owner: Owner,
  body: SaveGrabRequest,
  lang: Lang,
): Promise<GrabView> {
  return inBookingTransaction(deps, owner, saveGrabRequest.path, body, async (tx, policy, now) => {
    const seatTypes = [...new Set(body.seatTypes)]
    if (!seatTypes.length) throw new AppError('ETRAIN1028')
    const checked = checkOrderRequest(deps, policy, { ...body, seatType: seatTypes[0], seatTypes }, now, lang)
    const seg = checked.segment
    for (const s of seatTypes) if ((await leftFor(tx, deps, seg, s)) >= body.passengers.length) throw new AppError('ETRAIN1051')
    const names = await namesOf(
      tx,
      owner,
      body.passengers.map((p) => p.travellerId),
    )
    const row = await insertGrab(tx, {
      userId: owner.userId,
      eventId: owner.eventId,
      status: 'pending',
      trainCode: seg.train.trainCode,
      trainNo: seg.train.trainNo,
      date: seg.startDate,
      fromCode: seg.from.code,
      toCode: seg.to.code,
      departAt: seg.departAt,
      seatTypes,
      passengers: body.passengers,
      passengerNames: names,
      contactName: body.contactName.trim(),
      contactMobile: body.contactMobile.trim(),
      overPolicyReason: checked.overPolicy?.reason ?? '',
      orderId: null,
      createdAt: now,
      updatedAt: now,
    })
    await ensureJob(tx, { kind: GRAB_EXPIRY_JOB, key: `grab:${row.id}`, payload: { grabId: row.id }, dueAt: grabStopsAt(checked.rules, seg.departAt), now })
    return toGrabView(row)
  })
}

async function namesOf(tx: Tx, owner: Owner, ids: number[]): Promise<string[]> {
  const rows = await travellersByIds(tx, owner, ids)
  if (rows.length !== ids.length) throw new AppError('ESYS0004')
  return ids.map((id) => rows.find((r) => r.id === id)!.name)
}

/**
 * The attendee's requests, newest first. The expiry job ends each at its stop time; one listed in
 * the moment before the job ran is expired here first, the same way (with its SMS, once).
 */
export async function listGrabs(deps: Pick<Deps, 'db' | 'now'>, owner: Owner): Promise<GrabView[]> {
  const now = deps.now()
  const r = trainRules((await policyOf(deps.db, owner.eventId)).trainRulesProfile)
  const rows = await listGrabRows(deps.db, owner)
  if (rows.some((g) => g.status === 'pending' && now.getTime() >= grabStopsAt(r, g.departAt).getTime())) {
    await deps.db.transaction(async (tx) => {
      for (const g of await ownerGrabsDueLocked(tx, owner, new Date(now.getTime() + r.grabStopsMinutesBeforeDeparture * 60_000)))
        await expireGrabRow(tx, g, r, now)
    })
    return (await listGrabRows(deps.db, owner)).map(toGrabView)
  }
  return rows.map(toGrabView)
}

/** an SMS to a request's contact, in their language, once (by `key`): its train and `minutes` */
const queueGrabSms = (tx: Tx, key: string, g: GrabRow, msgId: 'ETRAIN1070' | 'ETRAIN1076', minutes: number, now: Date) =>
  queueSms(
    tx,
    key,
    { mobile: g.contactMobile, userId: g.userId, eventId: g.eventId },
    (lang) =>
      messageText(msgId, lang, {
        date: shanghaiDay(g.departAt),
        trainNo: g.trainNo,
        from: stationName(ref(g.fromCode), lang),
        to: stationName(ref(g.toCode), lang),
        minutes,
      }),
    now,
  )

/** a pending request (locked by the caller) stops waiting: expired, and the contact told once, in their language */
async function expireGrabRow(tx: Tx, g: GrabRow, r: TrainRules, now: Date): Promise<void> {
  await setGrabStatus(tx, g.id, 'expired', { updatedAt: now })
  await queueGrabSms(tx, `grabExpired:${g.id}`, g, 'ETRAIN1076', r.grabStopsMinutesBeforeDeparture, now)
}

/**
 * The expiry job: at the request's stop time a request still pending expires. The row lock orders
 * it with a fulfilment of the same request (fulfilGrabs skips a row this holds; this waits for a
 * fulfilment holding it and then finds it fulfilled): exactly one of the two happens. Run early
 * (the rules' number changed meanwhile), it comes back at the stop time.
 */
export async function expireGrab(tx: Tx, grabId: number, now: Date): Promise<{ nextDueAt: Date } | void> {
  const g = await grabLocked(tx, grabId)
  if (!g || g.status !== 'pending') return
  const r = trainRules((await policyOf(tx, g.eventId)).trainRulesProfile)
  const stopsAt = grabStopsAt(r, g.departAt)
  if (now.getTime() < stopsAt.getTime()) return { nextDueAt: stopsAt }
  await expireGrabRow(tx, g, r, now)
}

export async function cancelGrab(deps: Pick<Deps, 'db' | 'now'>, owner: Owner, grabId: number): Promise<GrabView> {
  return deps.db.transaction(async (tx) => {
    const g = await loadOwned(tx, trainGrabs, grabId, owner, { forUpdate: true })
    if (g.status !== 'pending') throw new AppError('ETRAIN1050')
    return toGrabView(await setGrabStatus(tx, g.id, 'canceled', { updatedAt: deps.now() }))
  })
}

/**
 * The grab job: for each pending request of the train (oldest first), try every accepted class in
 * order; the first that has seats for all its passengers becomes a toBePaid order, and an SMS
 * tells the contact. A request whose train leaves too soon expires; one that no longer passes the
 * checks (policy, hours, a passenger gone) waits for the next run or expires with its train.
 */
export async function fulfilGrabs(tx: Tx, deps: Pick<Deps, 'railway' | 'searchCaches'>, trainCode: string, startDate: string, now: Date): Promise<number> {
  const { railway } = deps
  let made = 0
  // before any run's lock (createHeldOrder takes it again, at no cost): see lockTrainDate
  await lockTrainDate(tx, trainCode, startDate)
  for (const g of await pendingGrabsLocked(tx, trainCode, startDate)) {
    const owner = { userId: g.userId, eventId: g.eventId }
    const policy = await policyOf(tx, g.eventId)
    const r = trainRules(policy.trainRulesProfile)
    if (now.getTime() >= grabStopsAt(r, g.departAt).getTime()) {
      await expireGrabRow(tx, g, r, now)
      continue
    }
    for (const seatType of g.seatTypes) {
      const boarding = shanghaiDay(g.departAt)
      let order
      try {
        const seg = resolveSegment({ railway }, { trainCode: g.trainCode, date: boarding, fromStationCode: g.fromCode, toStationCode: g.toCode })
        const checked = checkOrderRequest(
          { railway },
          policy,
          {
            trainCode: g.trainCode,
            date: boarding,
            fromStationCode: g.fromCode,
            toStationCode: g.toCode,
            seatType,
            passengers: g.passengers,
            contactName: g.contactName,
            contactMobile: g.contactMobile,
            agreed: true,
            overPolicyReason: g.overPolicyReason,
          },
          now,
          'zh',
        )
        // a savepoint: a request that cannot be booked leaves nothing behind
        order = await tx.transaction((sp) =>
          createHeldOrder(
            sp,
            deps,
            {
              owner,
              segment: seg,
              seatType,
              passengers: g.passengers,
              contactName: g.contactName,
              contactMobile: g.contactMobile,
              overPolicy: checked.overPolicy,
              rules: checked.rules,
              grabId: g.id,
            },
            now,
          ),
        )
      } catch (err) {
        if (err instanceof AppError) continue
        throw err
      }
      if (!order) continue
      await setGrabStatus(tx, g.id, 'fulfilled', { orderId: order.order.id, updatedAt: now })
      await queueGrabSms(tx, `grab:${g.id}`, g, 'ETRAIN1070', r.payMinutes, now)
      made++
      break
    }
  }
  return made
}

/** the sandbox: the public gives back seats of a run (a refund elsewhere); grab requests wake */
export async function releasePublicSeats(
  deps: Pick<Deps, 'db' | 'now' | 'railway' | 'searchCaches'>,
  run: { trainCode: string; date: string; seatType: SeatType },
  count: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now()
    const row = await lockRun(tx, run, deps.railway.runNumbers(run.trainCode, run.date, run.seatType))
    await releaseOthersSeats(tx, row.id, count)
    deps.searchCaches.seatsChanged(run.trainCode, run.date)
    await scheduleGrabCheck(tx, run.trainCode, run.date, now)
  })
}

/** the sandbox: the public buys every seat of a run that is not ours (a train sells out) */
export async function sellOutToPublic(
  deps: Pick<Deps, 'db' | 'railway' | 'searchCaches'>,
  run: { trainCode: string; date: string; seatType: SeatType },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockRun(tx, run, deps.railway.runNumbers(run.trainCode, run.date, run.seatType))
    await setOthersSold(tx, row.id, row.capacity)
    deps.searchCaches.seatsChanged(run.trainCode, run.date)
  })
}
