/**
 * Changing issued train tickets (spec §4 change policy, §9 fees and hours): the options of a change,
 * saving it with the new seats held, its fare difference (paid by the company at once or by the
 * attendee through paymentOrder with the change's id: the 'trainChange' payable), the railway's
 * answer, the unpaid deadline. The shared after-sales checks and refunds are in train-aftersales.ts.
 *
 * A change runs in one transaction that locks the order first, then the run for its new seats,
 * under the request's idempotency key; an order takes one refund or change at a time.
 */
import type {
  ChangeOptions,
  ChangeOptionsRequest,
  ChangeQuote,
  ChangeResult,
  PaymentOrderRequest,
  PaymentStart,
  SaveChangeRequest,
} from '@contracts/calls/train'
import { saveChange as saveChangeCall } from '@contracts/calls/train'
import { messageText, type Lang } from '@contracts/messages'
import type { TrainTicketState } from '@contracts/train'
import type { Deps } from '../../deps'
import type { Tx } from '../../kernel/db/client'
import { trainOrders } from '../../kernel/db/schema'
import type { StoredChangeLine, StoredRoute } from './tables'
import { AppError } from '../../kernel/errors'
import { once } from '../../kernel/http/idempotency'
import { changeFeePercent, changeOpen, changeProblem, feeFen, hhmm, isPastDeadline, payDeadline, trainRules, type TrainRules } from '../rules/train-rules'
import { occupiedSeats, pickSeats, seatLabel } from '../rules/seats'
import { toShanghaiIso } from '../../kernel/time/time'
import { checkTrainOffer } from '../../travel/rules/travel-policy'
import { stationByCode } from '../railway/stations'
import { childFareFen } from '../railway/timetable'
import { ensureJob } from '../../kernel/jobs/repository'
import { loadOwned, type Owner } from '../../kernel/db/owned'
import {
  changeRecordById,
  insertTrainChange,
  releaseChangeHolds,
  releasePassengerHolds,
  updateTrainChange,
  type ChangeRecordRow,
} from '../repositories/aftersales'
import { activeHolds, documentsOnTrain, insertHolds, lockRun, lockTrainDate } from '../repositories/inventory'
import { lockOrder, orderParts, type OrderRow, type OrderWithParts } from '../repositories/orders'
import * as payments from '../../payments/payments'
import { requireRailway } from '../railway-login'
import { requireOnSaleDate, searchTrains, stillSold } from '../search'
import { resolveSegment } from '../segments'
import { payTrainByWechat, queueSms, scheduleGrabCheck, smsTrip, TRAIN_JOBS } from '../orders/orders'
import { toOrderView } from '../orders/views'
import { changeable, changeRecordView, stationRef, ticketRouteView, type TicketNow } from '../orders/tickets'
import { policyOf, requireProduct } from '../../travel/travel'
import { AftersaleDeps, TRAIN_CHANGE_KIND, answerAt, chosenTickets, giveBack, moveTickets, requireOpen, sumOf } from './aftersales'

interface ChangeTarget {
  tickets: TicketNow[]
  current: StoredRoute
}

const cityOf = (code: string): string | undefined => stationByCode(code)?.cityName

/** the rules of spec §4 for changing the chosen tickets now */
function checkChange(r: TrainRules, parts: OrderWithParts, body: Pick<ChangeOptionsRequest, 'passengerIds'>, now: Date): ChangeTarget {
  const tickets = chosenTickets(parts, body.passengerIds)
  for (const t of tickets) {
    const why = changeProblem(r, changeable(t), now)
    if (why) throw new AppError(why, 200, { open: hhmm(r.changeOpensMinute), close: hhmm(r.changeClosesMinute) })
  }
  // spec §4: a child ticket is never changed alone: its adult (of this order) changes with it
  if (tickets.some((t) => t.passenger.passengerType === 'child') && !tickets.some((t) => t.passenger.passengerType === 'adult'))
    throw new AppError('ETRAIN1093')
  return { tickets, current: tickets[0].route }
}

/**
 * Whether a new segment fits the change type: sameRoute keeps the trip's cities (any of their
 * stations, as the railway changes between stations of one city); destination keeps the boarding
 * station and arrives elsewhere.
 */
function requireFits(changeType: ChangeOptionsRequest['changeType'], current: StoredRoute, fromCode: string, toCode: string): void {
  if (changeType === 'destination') {
    if (toCode === current.toCode) throw new AppError('ETRAIN1097')
    if (fromCode !== current.fromCode) throw new AppError('ETRAIN1103')
  } else if (cityOf(fromCode) !== cityOf(current.fromCode) || cityOf(toCode) !== cityOf(current.toCode)) throw new AppError('ETRAIN1103')
}

/** what moving these tickets to a seat class of a train costs: new fares (children half), fee, difference */
function quoteOf(
  r: TrainRules,
  tickets: TicketNow[],
  adultFareFen: number,
  newDepartAt: Date,
  now: Date,
): Omit<ChangeQuote, 'seatType' | 'left' | 'withinPolicy'> & { newPrices: number[] } {
  const newPrices = tickets.map((t) => (t.passenger.passengerType === 'child' ? childFareFen(adultFareFen) : adultFareFen))
  const oldFareFen = sumOf(tickets.map((t) => t.priceFen))
  const newFareFen = sumOf(newPrices)
  const changeFeeFen = sumOf(tickets.map((t) => feeFen(r, t.priceFen, changeFeePercent(r, t.departAt, newDepartAt, now))))
  return { newPrices, oldFareFen, newFareFen, changeFeeFen, differenceFen: newFareFen - oldFareFen + changeFeeFen }
}

export async function changeOptions(
  deps: Pick<Deps, 'db' | 'now' | 'railway' | 'searchCaches'>,
  owner: Owner,
  body: ChangeOptionsRequest,
  lang: Lang,
): Promise<ChangeOptions> {
  const order = await loadOwned(deps.db, trainOrders, body.orderId, owner)
  requireOpen(order, 'ETRAIN1095')
  const now = deps.now()
  const r = trainRules(order.rulesProfile)
  const { tickets, current } = checkChange(r, await orderParts(deps.db, order), body, now)
  const destination = body.changeType === 'destination'
  if (destination) requireFits('destination', current, current.fromCode, body.toStationCode ?? current.toCode)
  const found = destination
    ? await searchTrains(deps, owner, { fromStationCode: current.fromCode, toStationCode: body.toStationCode!, date: body.date, wholeCity: false }, lang, [
        cityOf(current.toCode) ?? '',
      ])
    : await searchTrains(deps, owner, { fromStationCode: current.fromCode, toStationCode: current.toCode, date: body.date, wholeCity: true }, lang)
  const currentDepart = toShanghaiIso(new Date(current.departAt))
  const trains = found.trains
    // the ticket's own train and segment is no change: it is left out
    .filter((t) => !(t.trainCode === current.trainCode && t.departAt === currentDepart && t.to.code === current.toCode))
    .filter((t) => t.bookable)
    .map((t) => ({
      ...t,
      quotes: t.seats
        .filter((s) => s.left >= tickets.length)
        .map((s): ChangeQuote => {
          const { newPrices: _p, ...q } = quoteOf(r, tickets, s.priceFen, new Date(t.departAt), now)
          return { seatType: s.seatType, left: s.left, withinPolicy: s.withinPolicy, ...q }
        }),
    }))
  return {
    orderId: order.id,
    passengerIds: tickets.map((t) => t.passenger.id),
    changeType: body.changeType,
    current: ticketRouteView(current),
    from: found.from,
    to: found.to,
    date: body.date,
    trains,
    // the tier for a later train (the latest instant a Date holds): earlier ones cost nothing
    changeFeePercent: changeFeePercent(r, tickets[0].departAt, new Date(8.64e15), now),
    changeOpens: hhmm(r.changeOpensMinute),
    changeCloses: hhmm(r.changeClosesMinute),
    changeOpenNow: changeOpen(r, now),
    serverNow: toShanghaiIso(now),
  }
}

export async function saveChange(deps: AftersaleDeps, owner: Owner, body: SaveChangeRequest, lang: Lang): Promise<ChangeResult> {
  const causeText = (body.causeText ?? '').trim()
  if (body.cause === 'other' && !causeText) throw new AppError('ETRAIN1098')
  const policy = await policyOf(deps.db, owner.eventId)
  requireProduct(policy, 'train')
  await requireRailway(deps, owner.userId)
  return deps.db.transaction(async (tx) => {
    const now = deps.now()
    return once(tx, { scope: saveChangeCall.path, userId: owner.userId, key: body.idempotencyKey, request: body }, now, async () => {
      const order = await loadOwned(tx, trainOrders, body.orderId, owner, { forUpdate: true })
      requireOpen(order, 'ETRAIN1095')
      const r = trainRules(order.rulesProfile)
      const parts = await orderParts(tx, order)
      const { tickets, current } = checkChange(r, parts, body, now)
      const fromStationCode = body.fromStationCode ?? current.fromCode
      requireFits(body.changeType, current, fromStationCode, body.toStationCode)

      const seg = resolveSegment(deps, { trainCode: body.trainCode, date: body.date, fromStationCode, toStationCode: body.toStationCode })
      if (
        seg.train.trainCode === current.trainCode &&
        seg.startDate === current.startDate &&
        seg.from.code === current.fromCode &&
        seg.to.code === current.toCode
      )
        throw new AppError('ETRAIN1103')
      if (!seg.train.seatTypes.includes(body.seatType)) throw new AppError('ETRAIN1028')
      requireOnSaleDate(r, body.date, now)
      if (!stillSold(r, seg.departAt, now)) throw new AppError('ETRAIN1094')
      const breaches = checkTrainOffer(
        policy,
        { trainType: seg.train.trainType, seatType: body.seatType, fromCity: seg.from.cityName, toCity: seg.to.cityName },
        lang,
      )
      if (breaches.length) throw new AppError('ETRAIN1030', 200, { breaches: breaches.map((b) => b.text).join(lang === 'zh' ? '；' : '; ') })

      const quote = quoteOf(r, tickets, deps.railway.fareFen(seg.train, body.seatType, seg.fromIdx, seg.toIdx), seg.departAt, now)
      if (quote.differenceFen !== body.expectedDifferenceFen) throw new AppError('ETRAIN1096')

      // one ticket per person per train: nobody changed onto a train they already hold a ticket on
      // (their own tickets being changed left out: a destination change stays on its train). Under
      // the train-date lock, as a booking decides: a booking and a change racing onto one train go
      // one after the other. Lock order as everywhere: the order, then the train-date, then the run.
      await lockTrainDate(tx, seg.train.trainCode, seg.startDate)
      const documentOf = (t: TicketNow) => `${t.passenger.documentType}:${t.passenger.documentNumber}`
      const held = new Set(
        await documentsOnTrain(
          tx,
          seg.train.trainCode,
          seg.startDate,
          tickets.map(documentOf),
          tickets.map((t) => t.passenger.id),
        ),
      )
      const twice = tickets.find((t) => held.has(documentOf(t)))
      if (twice) throw new AppError('ETRAIN1034', 200, { name: twice.passenger.name })

      // the new seats, under the run's lock: two changes (or a change and a booking) never get one seat
      const run = await lockRun(
        tx,
        { trainCode: seg.train.trainCode, date: seg.startDate, seatType: body.seatType },
        deps.railway.runNumbers(seg.train.trainCode, seg.startDate, body.seatType),
      )
      deps.searchCaches.seatsChanged(seg.train.trainCode, seg.startDate)
      const seats = pickSeats(
        body.seatType,
        run.capacity,
        run.othersSold,
        occupiedSeats(await activeHolds(tx, run.id), seg),
        tickets.map(() => undefined),
      )
      if (!seats) throw new AppError('ETRAIN1020')

      const payer = order.payer ?? 'company'
      const toPay = quote.differenceFen > 0
      const change = await insertTrainChange(tx, {
        orderId: order.id,
        state: toPay ? 'toPay' : 'processing',
        changeType: body.changeType,
        cause: body.cause,
        causeText: body.cause === 'other' ? causeText : '',
        fromRoute: current,
        toRoute: {
          trainCode: seg.train.trainCode,
          trainNo: seg.train.trainNo,
          trainType: seg.train.trainType,
          startDate: seg.startDate,
          fromCode: seg.from.code,
          toCode: seg.to.code,
          fromIdx: seg.fromIdx,
          toIdx: seg.toIdx,
          departAt: seg.departAt.toISOString(),
          arriveAt: seg.arriveAt.toISOString(),
          seatType: body.seatType,
        },
        runId: run.id,
        tickets: tickets.map((t, i): StoredChangeLine => ({
          passengerId: t.passenger.id,
          name: t.passenger.name,
          passengerType: t.passenger.passengerType,
          oldTicketNo: t.ticketNo,
          oldPriceFen: t.priceFen,
          newPriceFen: quote.newPrices[i],
          seatIndex: seats[i],
          carriage: null,
          seatNo: null,
          seatPosition: null,
          newTicketNo: null,
        })),
        oldFareFen: quote.oldFareFen,
        newFareFen: quote.newFareFen,
        changeFeeFen: quote.changeFeeFen,
        differenceFen: quote.differenceFen,
        payer,
        payDeadline: toPay ? payDeadline(r, now) : null,
        paidAt: null,
        sentAt: toPay ? null : now,
        surplusState: null,
        failureMsgId: '',
        createdAt: now,
        doneAt: null,
        updatedAt: now,
      })
      await insertHolds(
        tx,
        tickets.map((t, i) => ({
          runId: run.id,
          seatIndex: seats[i],
          fromIdx: seg.fromIdx,
          toIdx: seg.toIdx,
          orderId: order.id,
          passengerId: t.passenger.id,
          changeId: change.id,
        })),
      )
      const ids = tickets.map((t) => t.passenger.id)
      if (toPay) {
        await moveTickets(tx, parts, new Map(ids.map((id) => [id, 'changeToPay'])), now, ['changeToPay'])
        await ensureJob(tx, { kind: TRAIN_JOBS.changePayDeadline, key: String(change.id), payload: { changeId: change.id }, dueAt: change.payDeadline!, now })
        // the company pays at once: its payment moves the change on (services/train-change-payable.ts) in this transaction
        if (payer === 'company') {
          if (!policy.payers.includes('company')) throw new AppError('ETRAIN1043')
          await payments.payByCompany(tx, deps, changePaymentSubject(order, change, owner), now)
        }
      } else {
        await moveTickets(tx, parts, new Map(ids.map((id) => [id, 'changing'])), now, ['changeStarted'])
        await ensureJob(tx, { kind: TRAIN_JOBS.change, key: String(change.id), payload: { changeId: change.id }, dueAt: answerAt(deps, now), now })
      }
      const after = await orderParts(tx, (await lockOrder(tx, order.id))!)
      return {
        change: changeRecordView(
          after.changes.find((c) => c.id === change.id)!,
          lang,
          now,
        ),
        order: toOrderView(after, lang, now),
      }
    })
  })
}

const changePaymentSubject = (order: OrderRow, change: ChangeRecordRow, owner: Owner) => ({
  kind: TRAIN_CHANGE_KIND,
  orderId: change.id,
  owner,
  amountFen: change.differenceFen,
  description: `火车票改签差额 ${stationRef(change.toRoute.fromCode).name}-${stationRef(change.toRoute.toCode).name} ${change.toRoute.trainNo} (${order.orderNo})`,
})

/**
 * A change's difference has arrived (the trainChange Payable, inside the payments core's
 * transaction): a change still waiting for it is sent to the railway; otherwise 'late' (the
 * payments core refunds the money in full).
 */
export async function changePaid(tx: Tx, changeId: number, amountFen: number, now: Date): Promise<'accepted' | 'late'> {
  const first = await changeRecordById(tx, changeId)
  if (!first) return 'late'
  const order = await lockOrder(tx, first.orderId)
  const parts = order && (await orderParts(tx, order))
  const change = parts?.changes.find((c) => c.id === changeId)
  if (!parts || !change || change.state !== 'toPay' || !change.payDeadline || isPastDeadline(change.payDeadline, now) || amountFen !== change.differenceFen)
    return 'late'
  await updateTrainChange(tx, change.id, { state: 'processing', paidAt: now, sentAt: now, updatedAt: now })
  await moveTickets(tx, parts, new Map(change.tickets.map((l) => [l.passengerId, 'changing'])), now, ['changePaid', 'changeStarted'])
  // the railway's delay is the job's: the handler answers when it is due (settleChange)
  await ensureJob(tx, { kind: TRAIN_JOBS.change, key: String(change.id), payload: { changeId: change.id }, dueAt: now, now })
  return 'accepted'
}

/** the attendee pays a change's difference by WeChat Pay (paymentOrder with changeId) */
export async function payChangeByWechat(
  deps: Pick<Deps, 'db' | 'now' | 'log' | 'wechatPay' | 'payables'>,
  owner: Owner,
  body: PaymentOrderRequest & { changeId: number },
  payerIp: string,
  lang: Lang,
): Promise<PaymentStart> {
  return payTrainByWechat(deps, owner, body, payerIp, lang, async (tx, now) => {
    const order = await loadOwned(tx, trainOrders, body.orderId, owner, { forUpdate: true })
    const parts = await orderParts(tx, order)
    const change = parts.changes.find((c) => c.id === body.changeId)
    if (!change) throw new AppError('ESYS0004')
    if (change.state !== 'toPay' || !change.payDeadline) throw new AppError('ETRAIN1040')
    if (isPastDeadline(change.payDeadline, now)) throw new AppError('ETRAIN1042')
    return { parts, subject: changePaymentSubject(order, change, owner), expiresAt: change.payDeadline }
  })
}

/** the tickets a change gave up go back to issued (refused, not paid) */
const backToIssued = (change: ChangeRecordRow) => new Map(change.tickets.map((l): [number, TrainTicketState] => [l.passengerId, 'issued']))

/**
 * The railway's answer on a change, once due (the change job): changed (new seats and ticket
 * numbers, old seats back on sale, any surplus back to the payer, SMS) or refused (new seats
 * freed, tickets as they were, any difference paid refunded). Order locked.
 */
export async function settleChange(
  tx: Tx,
  deps: Pick<Deps, 'railway' | 'log' | 'payables' | 'searchCaches'>,
  changeId: number,
  now: Date,
): Promise<{ answerAt: Date | null }> {
  const first = await changeRecordById(tx, changeId)
  if (!first) return { answerAt: null }
  const order = await lockOrder(tx, first.orderId)
  const parts = order && (await orderParts(tx, order))
  const change = parts?.changes.find((c) => c.id === changeId)
  if (!parts || !change || change.state !== 'processing' || !change.sentAt) return { answerAt: null }
  const due = answerAt(deps, change.sentAt)
  if (due.getTime() > now.getTime()) return { answerAt: due }
  const ids = change.tickets.map((l) => l.passengerId)

  if (deps.railway.changeOutcome(parts.order.orderNo) === 'fail') {
    deps.searchCaches.runSeatsChanged(await releaseChangeHolds(tx, change.id))
    await scheduleGrabCheck(tx, change.toRoute.trainCode, change.toRoute.startDate, now)
    const paidBack = change.paidAt && change.differenceFen > 0
    await updateTrainChange(tx, change.id, {
      state: 'failed',
      failureMsgId: 'ETRAIN1101',
      doneAt: now,
      updatedAt: now,
      surplusState: paidBack ? 'refunding' : null,
    })
    await moveTickets(tx, parts, backToIssued(change), now, ['changeFailed'])
    if (paidBack) {
      const p = await payments.countedPayment(tx, TRAIN_CHANGE_KIND, change.id)
      if (p)
        await payments.requestRefund(
          tx,
          deps,
          p,
          { amountFen: change.differenceFen, reason: 'train change refused', payload: { trainChangeId: change.id } },
          now,
        )
    }
    return { answerAt: null }
  }

  const train = deps.railway.train(change.toRoute.trainCode)
  const classes = train?.seatTypes ?? [change.toRoute.seatType]
  const capacityOf = (s: typeof change.toRoute.seatType) => deps.railway.runNumbers(change.toRoute.trainCode, change.toRoute.startDate, s).capacity
  const base = `${parts.order.pickupNo ?? 'E000000000'}C${change.id}`
  const lines = change.tickets.map((l, i): StoredChangeLine => {
    const label = seatLabel(classes, capacityOf, change.toRoute.seatType, l.seatIndex)
    return {
      ...l,
      carriage: label.carriage,
      seatNo: label.seatNo,
      seatPosition: label.position,
      newTicketNo: `${base}${String(i + 1).padStart(2, '0')}`.slice(0, 24),
    }
  })
  const surplus = change.differenceFen < 0
  await updateTrainChange(tx, change.id, { state: 'done', tickets: lines, doneAt: now, updatedAt: now, surplusState: surplus ? 'refunding' : null })
  // the seats given up go back on sale (the tickets as booked: only issued tickets change)
  deps.searchCaches.runSeatsChanged(await releasePassengerHolds(tx, parts.order.id, ids, null))
  await scheduleGrabCheck(tx, change.fromRoute.trainCode, change.fromRoute.startDate, now)
  await moveTickets(tx, parts, new Map(ids.map((id) => [id, 'changed'])), now, ['changed'], { changeIdOf: new Map(ids.map((id) => [id, change.id])) })
  if (surplus) await giveBack(tx, deps, parts, -change.differenceFen, 'train change surplus', { trainChangeId: change.id }, now)
  await queueSms(
    tx,
    `change:${change.id}`,
    { mobile: parts.order.contactMobile, userId: parts.order.userId },
    (lang) =>
      messageText('ETRAIN1073', lang, {
        ...smsTrip(
          {
            ...parts.order,
            trainNo: change.toRoute.trainNo,
            departAt: new Date(change.toRoute.departAt),
            fromCode: change.toRoute.fromCode,
            toCode: change.toRoute.toCode,
          },
          lang,
        ),
        seats: lines
          .map((l) => messageText('ENOTE1004', lang, { name: l.name, carriage: l.carriage ?? '', seatNo: l.seatNo ?? '' }))
          .join(lang === 'zh' ? '，' : ', '),
      }),
    now,
  )
  return { answerAt: null }
}

/** the change's payment deadline (job): a change still unpaid is cancelled, its seats freed, the tickets as they were */
export async function expireChange(tx: Tx, deps: Pick<Deps, 'searchCaches'>, changeId: number, now: Date): Promise<void> {
  const first = await changeRecordById(tx, changeId)
  if (!first) return
  const order = await lockOrder(tx, first.orderId)
  const parts = order && (await orderParts(tx, order))
  const change = parts?.changes.find((c) => c.id === changeId)
  if (!parts || !change || change.state !== 'toPay' || !change.payDeadline || !isPastDeadline(change.payDeadline, now)) return
  await updateTrainChange(tx, change.id, { state: 'canceled', failureMsgId: 'ETRAIN1102', doneAt: now, updatedAt: now })
  deps.searchCaches.runSeatsChanged(await releaseChangeHolds(tx, change.id))
  await scheduleGrabCheck(tx, change.toRoute.trainCode, change.toRoute.startDate, now)
  await moveTickets(tx, parts, backToIssued(change), now, ['changeCanceled'])
}

export async function getChange(deps: Pick<Deps, 'db' | 'now'>, owner: Owner, changeId: number, lang: Lang): Promise<ChangeResult> {
  const change = await changeRecordById(deps.db, changeId)
  if (!change) throw new AppError('ESYS0004')
  // the change is the caller's when its order is (ESYS0004 for anyone else's, like a missing one)
  const order = await loadOwned(deps.db, trainOrders, change.orderId, owner)
  const now = deps.now()
  return { change: changeRecordView(change, lang, now), order: toOrderView(await orderParts(deps.db, order), lang, now) }
}
