/**
 * Changing issued train tickets (spec §4 change policy, §9 fees and hours): saving a change with
 * the new seats held, its fare difference (paid by the company at once or by the attendee through
 * paymentOrder with the change's id: the 'trainChange' payable, change-payable.ts), and reading a
 * change. Its options and quote are in change-options.ts; the railway's answer and the unpaid
 * deadline in change-outcome.ts; the shared after-sales checks and refunds in aftersales.ts.
 *
 * A change runs in one transaction that locks the order first, then the run for its new seats,
 * under the request's idempotency key; an order takes one refund or change at a time.
 */
import type { ChangeResult, PaymentOrderRequest, PaymentStart, SaveChangeRequest } from '@contracts/calls/train'
import { saveChange as saveChangeCall } from '@contracts/calls/train'
import type { Lang } from '@contracts/messages'
import type { Deps } from '../../deps'
import type { Tx } from '../../kernel/db/client'
import { trainOrders } from '../../kernel/db/schema'
import type { StoredChangeLine } from './tables'
import { AppError } from '../../kernel/errors'
import { once } from '../../kernel/http/idempotency'
import { isPastDeadline, payDeadline, trainRules } from '../rules/train-rules'
import { occupiedSeats, pickSeats } from '../rules/seats'
import { checkTrainOffer } from '../../travel/rules/travel-policy'
import { ensureJob } from '../../kernel/jobs/repository'
import { loadOwned, type Owner } from '../../kernel/db/owned'
import { changeRecordById, insertTrainChange, updateTrainChange, type ChangeRecordRow } from '../repositories/aftersales'
import { activeHolds, documentsOnTrain, insertHolds, lockRun, lockTrainDate } from '../repositories/inventory'
import { lockOrder, orderParts, type OrderRow } from '../repositories/orders'
import * as payments from '../../payments/payments'
import { requireRailway } from '../railway-login'
import { requireOnSaleDate, stillSold } from '../search'
import { resolveSegment } from '../segments'
import { payTrainByWechat, TRAIN_JOBS } from '../orders/orders'
import { toOrderView } from '../orders/views'
import { changeRecordView, stationRef, type TicketNow } from '../orders/tickets'
import { policyOf, requireProduct } from '../../travel/travel'
import { AftersaleDeps, TRAIN_CHANGE_KIND, answerAt, moveTickets, requireOpen } from './aftersales'
import { checkChange, quoteOf, requireFits } from './change-options'

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
        // the company pays at once: its payment moves the change on (train/aftersales/change-payable.ts) in this transaction
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
  deps: Pick<Deps, 'db' | 'now' | 'log' | 'wechatPay' | 'payables' | 'metrics'>,
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

export async function getChange(deps: Pick<Deps, 'db' | 'now'>, owner: Owner, changeId: number, lang: Lang): Promise<ChangeResult> {
  const change = await changeRecordById(deps.db, changeId)
  if (!change) throw new AppError('ESYS0004')
  // the change is the caller's when its order is (ESYS0004 for anyone else's, like a missing one)
  const order = await loadOwned(deps.db, trainOrders, change.orderId, owner)
  const now = deps.now()
  return { change: changeRecordView(change, lang, now), order: toOrderView(await orderParts(deps.db, order), lang, now) }
}
