/**
 * The order statuses of spec §4 as the attendee reads them, in both languages, and the group
 * each falls in for the orders list (/api/pay/basicOrderInfo/pageOrder filters by group). One
 * source: the server's order feeds label their rows from here, and the train and air catalogues
 * (src/locales/train.*, air.*) take their `status` texts from here.
 */
import type { AirOrderStatus } from './air'
import type { OrderStatusGroup } from './calls/orders'
import type { Lang } from './messages'
import type { TrainOrderStatus } from './train'

type Labelled = { zh: string; en: string; group: OrderStatusGroup }

export const TRAIN_ORDER_STATUS: Record<TrainOrderStatus, Labelled> = {
  ticketing: { zh: '出票中', en: 'Ticketing in progress', group: 'processing' },
  canceled: { zh: '已取消', en: 'Canceled', group: 'closed' },
  refunding: { zh: '退票中', en: 'Refunding', group: 'refund' },
  changed: { zh: '已改签', en: 'Changed', group: 'done' },
  refunded: { zh: '已退票', en: 'Refunded', group: 'refund' },
  issued: { zh: '已出票', en: 'Tickets issued', group: 'done' },
  changedRefunded: { zh: '改签后已退票', en: 'Changed and refunded', group: 'refund' },
  changing: { zh: '改签中', en: 'Being changed', group: 'processing' },
  failed: { zh: '出票失败', en: 'Failed to issue', group: 'closed' },
  partiallyChanged: { zh: '部分改签', en: 'Partially changed', group: 'done' },
  partiallyRefunded: { zh: '部分退票', en: 'Partially refunded', group: 'refund' },
  toBePaid: { zh: '待支付', en: 'To be paid', group: 'toPay' },
  changeToProcess: { zh: '改签待处理', en: 'Change to be processed', group: 'processing' },
  overdue: { zh: '支付超时（可重新预订）', en: 'Payment overdue (can rebook)', group: 'closed' },
}

export const AIR_ORDER_STATUS: Record<AirOrderStatus, Labelled> = {
  new: { zh: '新订单', en: 'New order', group: 'toPay' },
  toBePaid: { zh: '待支付', en: 'To be paid', group: 'toPay' },
  awaitingIssue: { zh: '待出票', en: 'Awaiting issue', group: 'processing' },
  ticketed: { zh: '已出票', en: 'Ticket drawn', group: 'done' },
  issueFailed: { zh: '出票失败', en: 'Failed issue', group: 'closed' },
  refunding: { zh: '退票中', en: 'In return', group: 'refund' },
  refunded: { zh: '已退票', en: 'Returned', group: 'refund' },
  changing: { zh: '改签中', en: 'Being rescheduled', group: 'processing' },
  changeToBePaid: { zh: '改签待支付', en: 'Change to be paid', group: 'toPay' },
  changed: { zh: '已改签', en: 'Changed', group: 'done' },
  traveled: { zh: '已出行', en: 'Traveled', group: 'done' },
  partiallyChanged: { zh: '部分改签', en: 'Partially changed', group: 'done' },
  partiallyRefunded: { zh: '部分退票', en: 'Partially refunded', group: 'refund' },
  cancelled: { zh: '已取消', en: 'Cancelled', group: 'closed' },
  retrograde: { zh: '有逆向记录', en: 'Has retrograde record', group: 'refund' },
}

/** the `status` texts of one language, as a catalogue takes them */
export const statusTexts = <S extends string>(table: Record<S, Labelled>, lang: Lang): Record<S, string> =>
  Object.fromEntries(Object.entries<Labelled>(table).map(([k, v]) => [k, v[lang]])) as Record<S, string>

/** the statuses of a table that fall in the given groups */
export const statusesIn = <S extends string>(table: Record<S, Labelled>, groups: readonly OrderStatusGroup[]): S[] =>
  (Object.keys(table) as S[]).filter((s) => groups.includes(table[s].group))
