/**
 * The air after-sales jobs: a refund or change sent to the airline and asked until it answers, an
 * unpaid change undone at its deadline, and a flown order marked 'traveled'. The first two ask
 * the airline: their steps (ask → call → apply) are put together as CallingJobs in air/jobs.ts.
 */
import type { Tx } from '../kernel/db/client'
import { isEnded, transition } from './rules/order-machine'
import { AIR_RULES } from './rules/air-rules'
import { airOrderById, passengersOf, setAirOrderStatus } from './repositories/air'
import { airChangeById, airChangeByNo, airRefundByNo, updatePassengers } from './repositories/aftersales'
import { changeAsk, finishChange, undoChangeRows } from './ticket-change'
import { finishRefund, isValidTicket, refundAsk, segmentOf } from './aftersales'
import type { AfterSaleAnswer, AfterSaleAsk } from './airline-calls'
import type { Deps } from '../deps'

export type AfterSalePayload = { refundNo?: string; changeNo?: string }

/** what to ask the airline about a refund or change in progress; null: nothing (decided, or gone) */
export async function afterSaleAsk(tx: Tx, payload: AfterSalePayload): Promise<AfterSaleAsk | null> {
  if (payload.refundNo) {
    const r = await airRefundByNo(tx, payload.refundNo)
    return r ? refundAsk(tx, r) : null
  }
  if (payload.changeNo) {
    const c = await airChangeByNo(tx, payload.changeNo)
    return c ? changeAsk(tx, c) : null
  }
  return null
}

/** applies the airline's answer on a refund or change */
export async function afterSaleApply(
  tx: Tx,
  deps: Pick<Deps, 'log' | 'payables' | 'metrics'>,
  payload: AfterSalePayload,
  answer: AfterSaleAnswer,
  now: Date,
): Promise<{ nextDueAt: Date } | void> {
  if (payload.refundNo) {
    const r = await airRefundByNo(tx, payload.refundNo)
    return r ? finishRefund(tx, deps, r, answer, now) : undefined
  }
  if (payload.changeNo) {
    const c = await airChangeByNo(tx, payload.changeNo)
    return c ? finishChange(tx, deps, c, answer, now) : undefined
  }
}

/**
 * An unpaid change past its deadline is undone (committed before the airline is asked); returns
 * its new PNR to release, also for a change the deadline already undid, so a failed release is
 * retried (release is idempotent).
 */
export async function changeDeadlinePassed(tx: Tx, changeNo: string, now: Date): Promise<{ pnr: string } | null> {
  const c0 = await airChangeByNo(tx, changeNo)
  if (!c0) return null
  const o = (await airOrderById(tx, c0.orderId, { forUpdate: true }))!
  const c = (await airChangeById(tx, c0.id, { forUpdate: true }))!
  if (c.state === 'cancelled' && c.rejectMsgId === 'EAIR1052') return { pnr: c.newPnr }
  if (c.state !== 'toBePaid' || o.status !== 'changeToBePaid' || now.getTime() < c.payDeadline!.getTime()) return null
  await undoChangeRows(tx, o, c, now, 'EAIR1052')
  return { pnr: c.newPnr }
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
  await updatePassengers(
    tx,
    o.id,
    valid.map((p) => p.id),
    { ticketStatus: 'flown' },
  )
  await setAirOrderStatus(tx, o.id, transition(o.status, 'flown')!, now, {}, 'flight arrived')
}
