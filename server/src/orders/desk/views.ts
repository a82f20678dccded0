/**
 * The desk's rows: an order of either kind with its attendee, its money and what the desk may do
 * to it now. What the desk may do follows the attendee's own rules (the train state machine, the
 * air transitions); a retry only exists where ticketing gave up.
 */
import type { DeskAction, DeskOrder } from '@contracts/admin/orders'
import type { OrderKind } from '@contracts/calls/orders'
import type { Lang } from '@contracts/messages'
import { AIR_ORDER_STATUS, TRAIN_ORDER_STATUS } from '@contracts/order-status'
import type { Queryable } from '../../kernel/db/client'
import { toShanghaiIso } from '../../kernel/time/time'
import { AIR_TICKETING_JOB } from '../../air/payable'
import { transition } from '../../air/rules/order-machine'
import { stationName, stationRef } from '../../train/orders/tickets'
import { TRAIN_JOBS } from '../../train/orders/orders'
import { AFTERSALE_OPEN } from '../../train/rules/order-states'
import { airOrdersWithPeople, failedTicketingJobs, paymentsOfOrders, trainOrdersWithPeople, type OrderKey } from '../repositories/desk'
import { moneyOf, PAYMENT_KIND, type OrderMoney } from './money'

type TrainLine = Awaited<ReturnType<typeof trainOrdersWithPeople>>[number]
type AirLine = Awaited<ReturnType<typeof airOrdersWithPeople>>[number]

export const TICKETING_JOB = { train: TRAIN_JOBS.ticketing, air: AIR_TICKETING_JOB } as const

function trainActions(o: TrainLine['order'], money: OrderMoney, stuck: boolean): DeskAction[] {
  const out: DeskAction[] = []
  if (o.status === 'toBePaid') out.push('cancel')
  if (AFTERSALE_OPEN.includes(o.status) || (o.status === 'failed' && money.leftFen > 0)) out.push('refund')
  if (o.status === 'ticketing' && stuck) out.push('retryTicketing')
  return out
}

function airActions(o: AirLine['order'], money: OrderMoney, stuck: boolean): DeskAction[] {
  const out: DeskAction[] = []
  if (transition(o.status, 'cancelledByAttendee')) out.push('cancel')
  if (transition(o.status, 'refundRequested') || (o.status === 'issueFailed' && money.leftFen > 0)) out.push('refund')
  if (o.status === 'awaitingIssue' && stuck) out.push('retryTicketing')
  return out
}

const personOf = (p: TrainLine['person']) => ({ attendeeName: p.name, attendeeMobile: p.mobile ?? '', userCode: p.userCode })
const moneyFields = (m: OrderMoney) => ({ refundedFen: m.refundedFen, refundingFen: m.refundingFen })

export function trainDeskOrder({ order: o, person }: TrainLine, money: OrderMoney, stuck: boolean, lang: Lang): DeskOrder {
  const label = TRAIN_ORDER_STATUS[o.status]
  return {
    kind: 'train',
    orderId: o.id,
    orderNo: o.orderNo,
    status: o.status,
    statusLabel: label[lang],
    statusGroup: label.group,
    ...personOf(person),
    title: `${stationName(stationRef(o.fromCode), lang)} → ${stationName(stationRef(o.toCode), lang)} ${o.trainNo}`,
    departAt: toShanghaiIso(o.departAt),
    totalFen: o.totalFen,
    payer: o.payer ?? null,
    ...moneyFields(money),
    overPolicy: !!o.overPolicy,
    overPolicyReason: o.overPolicy?.reason ?? '',
    createdAt: toShanghaiIso(o.createdAt),
    actions: trainActions(o, money, stuck),
  }
}

export function airDeskOrder({ order: o, person }: AirLine, money: OrderMoney, stuck: boolean, lang: Lang): DeskOrder {
  const label = AIR_ORDER_STATUS[o.status]
  const city = (e: { cityZh: string; cityEn: string }) => (lang === 'en' ? e.cityEn : e.cityZh)
  return {
    kind: 'air',
    orderId: o.id,
    orderNo: o.orderCode,
    status: o.status,
    statusLabel: label[lang],
    statusGroup: label.group,
    ...personOf(person),
    title: `${city(o.flight.dep)} → ${city(o.flight.arr)} ${o.flight.flightNo}`,
    departAt: toShanghaiIso(o.departureAt),
    totalFen: o.totalFen,
    payer: o.paidBy ? (o.paidBy === 'company' ? 'company' : 'attendee') : null,
    ...moneyFields(money),
    overPolicy: !o.policy.withinPolicy,
    overPolicyReason: o.overPolicyReason,
    createdAt: toShanghaiIso(o.createdAt),
    actions: airActions(o, money, stuck),
  }
}

/** the money and the failed ticketing jobs of some orders of one kind */
async function contextOf(q: Queryable, kind: OrderKind, ids: number[]) {
  const { payments, refunds } = await paymentsOfOrders(q, PAYMENT_KIND[kind], ids)
  const stuck = new Set((await failedTicketingJobs(q, TICKETING_JOB[kind], ids)).map((j) => Number(j.key)))
  const money = (orderId: number) =>
    moneyOf(
      payments.filter((p) => p.orderId === orderId),
      (paymentId) => refunds.filter((r) => r.paymentId === paymentId),
    )
  return { money, stuck }
}

/** the desk's rows of some orders of the event, in the order of `keys` */
export async function deskOrdersOf(q: Queryable, eventId: number, keys: ReadonlyArray<Pick<OrderKey, 'kind' | 'id'>>, lang: Lang): Promise<DeskOrder[]> {
  const idsOf = (kind: OrderKind) => keys.filter((k) => k.kind === kind).map((k) => k.id)
  const byKey = new Map<string, DeskOrder>()
  const trainIds = idsOf('train')
  const train = await contextOf(q, 'train', trainIds)
  for (const line of await trainOrdersWithPeople(q, eventId, trainIds))
    byKey.set(`train:${line.order.id}`, trainDeskOrder(line, train.money(line.order.id), train.stuck.has(line.order.id), lang))
  const airIds = idsOf('air')
  const air = await contextOf(q, 'air', airIds)
  for (const line of await airOrdersWithPeople(q, eventId, airIds))
    byKey.set(`air:${line.order.id}`, airDeskOrder(line, air.money(line.order.id), air.stuck.has(line.order.id), lang))
  return keys.flatMap((k) => byKey.get(`${k.kind}:${k.id}`) ?? [])
}
