/**
 * The air after-sales jobs: a refund or change sent to the airline and asked until it answers, an
 * unpaid change undone at its deadline, and a flown order marked 'traveled'.
 */
import type { Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import { isEnded, transition } from './rules/order-machine'
import { AIR_RULES } from './rules/air-rules'
import { airOrderById, passengersOf, setAirOrderStatus } from './repositories/air'
import { airChangeById, airChangeByNo, airRefundByNo, updatePassengers } from './repositories/aftersales'
import { finishChange, undoChange } from './ticket-change'
import { finishRefund, isValidTicket, segmentOf } from './aftersales'

/** sends a refund or change to the airline, then asks until it answers */
export async function afterSaleJob(
  tx: Tx,
  deps: Pick<Deps, 'airline' | 'log' | 'payables' | 'metrics'>,
  payload: { refundNo?: string; changeNo?: string },
  now: Date,
): Promise<{ nextDueAt: Date } | void> {
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
  await updatePassengers(
    tx,
    o.id,
    valid.map((p) => p.id),
    { ticketStatus: 'flown' },
  )
  await setAirOrderStatus(tx, o.id, transition(o.status, 'flown')!, now, {}, 'flight arrived')
}
