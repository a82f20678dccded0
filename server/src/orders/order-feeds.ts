/**
 * The train and air feeds of the orders list (orders/order-feed.ts): each reads its domain's
 * orders of one owner and labels them with spec §4's wording (contracts/order-status.ts, the
 * same table the client's catalogues use). app.ts builds deps.orderFeeds from them.
 */
import { AIR_ORDER_STATUS, statusesIn, TRAIN_ORDER_STATUS } from '@contracts/order-status'
import type { OrderPayer } from '@contracts/calls/orders'
import { toShanghaiIso } from '../kernel/time/time'
import { refOf, stationByCode } from '../train/railway/stations'
import { countOwnerAirOrders, listOwnerAirOrders } from '../air/repositories/air'
import { countOwnerTrainOrders, listOwnerTrainOrders } from '../train/repositories/orders'
import type { OrderFeed } from './order-feed'

const stationName = (code: string, lang: 'zh' | 'en'): string => {
  const s = stationByCode(code)
  if (!s) return code
  const ref = refOf(s)
  return lang === 'en' ? ref.nameEn : ref.name
}

export const trainOrderFeed: OrderFeed = {
  kind: 'train',
  async list(q, { owner, lang, statusGroups, payer, limit }) {
    const filter = {
      statuses: statusGroups ? statusesIn(TRAIN_ORDER_STATUS, statusGroups) : undefined,
      payer: payer ? (payer === 'self' ? ('attendee' as const) : ('company' as const)) : undefined,
    }
    const [total, rows] = await Promise.all([countOwnerTrainOrders(q, owner, filter), listOwnerTrainOrders(q, owner, { ...filter, limit, offset: 0 })])
    return {
      total,
      rows: rows.map((r) => ({
        kind: 'train' as const,
        orderNo: r.orderNo,
        orderId: r.id,
        title: `${stationName(r.fromCode, lang)} → ${stationName(r.toCode, lang)} ${r.trainNo}`,
        departAt: toShanghaiIso(r.departAt),
        statusGroup: TRAIN_ORDER_STATUS[r.status].group,
        status: r.status,
        statusLabel: TRAIN_ORDER_STATUS[r.status][lang],
        amountFen: r.totalFen,
        payer: (r.payer === 'company' ? 'company' : 'self') as OrderPayer,
        createdAt: toShanghaiIso(r.createdAt),
      })),
    }
  },
}

export const airOrderFeed: OrderFeed = {
  kind: 'air',
  async list(q, { owner, lang, statusGroups, payer, limit }) {
    const filter = {
      statuses: statusGroups ? statusesIn(AIR_ORDER_STATUS, statusGroups) : undefined,
      paidBy: payer ? (payer === 'self' ? ('wechat' as const) : ('company' as const)) : undefined,
    }
    const [total, rows] = await Promise.all([countOwnerAirOrders(q, owner, filter), listOwnerAirOrders(q, owner, { ...filter, limit })])
    return {
      total,
      rows: rows.map((r) => {
        const city = (e: { cityZh: string; cityEn: string }) => (lang === 'en' ? e.cityEn : e.cityZh)
        return {
          kind: 'air' as const,
          orderNo: r.orderCode,
          orderId: r.id,
          title: `${city(r.flight.dep)} → ${city(r.flight.arr)} ${r.flight.flightNo}`,
          departAt: toShanghaiIso(r.departureAt),
          statusGroup: AIR_ORDER_STATUS[r.status].group,
          status: r.status,
          statusLabel: AIR_ORDER_STATUS[r.status][lang],
          amountFen: r.totalFen,
          payer: (r.paidBy === 'company' ? 'company' : 'self') as OrderPayer,
          createdAt: toShanghaiIso(r.createdAt),
        }
      }),
    }
  },
}
