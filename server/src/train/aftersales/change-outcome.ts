/**
 * How a saved change of train tickets ends: the railway's answer once due (the change job), or the
 * unpaid change's deadline (its job). Both run with the order locked, inside the job's transaction.
 */
import { messageText, type Lang } from '@contracts/messages'
import type { TrainTicketState } from '@contracts/train'
import type { Deps } from '../../deps'
import type { Tx } from '../../kernel/db/client'
import type { StoredChangeLine } from './tables'
import { isPastDeadline } from '../rules/train-rules'
import { seatLabel } from '../rules/seats'
import { changeRecordById, releaseChangeHolds, releasePassengerHolds, updateTrainChange, type ChangeRecordRow } from '../repositories/aftersales'
import { lockOrder, orderById, orderParts } from '../repositories/orders'
import type { AftersaleOutcome } from '../railway'
import * as payments from '../../payments/payments'
import { queueTrainNotice, scheduleGrabCheck, seatsText, smsTrip, trainNoticeValues } from '../orders/orders'
import { TRAIN_CHANGE_KIND, answerAt, giveBack, moveTickets } from './aftersales'

/** the tickets a change gave up go back to issued (refused, not paid) */
const backToIssued = (change: ChangeRecordRow) => new Map(change.tickets.map((l): [number, TrainTicketState] => [l.passengerId, 'issued']))

/**
 * The railway's answer on a change, once due (the change job): changed (new seats and ticket
 * numbers, old seats back on sale, any surplus back to the payer, SMS) or refused (new seats
 * freed, tickets as they were, any difference paid refunded). Order locked.
 */
/** whether the railway's answer on a change is due: the order number to ask about, or when to look again (null: never) */
export async function changeDue(tx: Tx, deps: Pick<Deps, 'railway'>, changeId: number, now: Date): Promise<{ orderNo: string } | { answerAt: Date | null }> {
  const first = await changeRecordById(tx, changeId)
  const order = first && (await orderById(tx, first.orderId))
  if (!first || !order || first.state !== 'processing' || !first.sentAt) return { answerAt: null }
  const due = answerAt(deps, first.sentAt)
  return due.getTime() > now.getTime() ? { answerAt: due } : { orderNo: order.orderNo }
}

export async function settleChange(
  tx: Tx,
  deps: Pick<Deps, 'railway' | 'log' | 'payables' | 'searchCaches' | 'metrics'>,
  changeId: number,
  now: Date,
  outcome: AftersaleOutcome,
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
  const newTrip = {
    ...parts.order,
    trainNo: change.toRoute.trainNo,
    departAt: new Date(change.toRoute.departAt),
    fromCode: change.toRoute.fromCode,
    toCode: change.toRoute.toCode,
  }
  const notice = (
    seats: Array<{ name: string; carriage: string | null; seatNo: string | null }>,
    result: 'ENOTE1012' | 'ENOTE1013',
    sms: ((lang: Lang) => string) | null,
  ) =>
    queueTrainNotice(
      tx,
      parts.order,
      {
        kind: 'changeResult',
        key: `change:${change.id}`,
        values: (lang) =>
          trainNoticeValues(newTrip, lang, {
            passengers: result === 'ENOTE1012' ? seatsText(seats, lang) : seats.map((l) => l.name).join(', '),
            result: messageText(result, lang),
            amountFen: Math.abs(change.differenceFen),
          }),
        sms,
      },
      now,
    )

  if (outcome === 'fail') {
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
    await notice(
      change.tickets.map((l) => ({ name: l.name, carriage: null, seatNo: null })),
      'ENOTE1013',
      null,
    )
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
  await notice(lines, 'ENOTE1012', (lang) =>
    messageText('ETRAIN1073', lang, {
      ...smsTrip(newTrip, lang),
      seats: seatsText(lines, lang),
    }),
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
