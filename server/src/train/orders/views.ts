/**
 * What a train order looks like to the attendee: the order with its passengers, timeline, refunds
 * and changes (getOrderInfo, the answers of save, pay and cancel), and its line in the orders list.
 */
import type { TrainOrderSummary, TrainOrderView } from '@contracts/calls/train'
import { messageText, type Lang } from '@contracts/messages'
import type { TrainOrderStatus } from '@contracts/train'
import type { Deps } from '../../deps'
import type { Owner } from '../../kernel/db/owned'
import { listOwnerTrainOrders, type OrderRow, type OrderWithParts } from '../repositories/orders'
import { orderActions } from '../rules/order-states'
import { chinaMinuteOfDay, hhmm, trainRules } from '../rules/train-rules'
import { shanghaiDay, toShanghaiIso } from '../../kernel/time/time'
import { changedToOf, changeRecordView, refundRecordView, stationRef, ticketActionsOf, ticketNow } from './tickets'

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

/** one owner's train orders, newest first (for the orders feed) */
export async function ownerTrainOrders(
  deps: Pick<Deps, 'db'>,
  owner: Owner,
  opts: { limit: number; offset: number; statuses?: readonly TrainOrderStatus[] },
): Promise<TrainOrderSummary[]> {
  return (await listOwnerTrainOrders(deps.db, owner, opts)).map(toOrderSummary)
}
