/**
 * The travel desk's reconciliation with WeChat Pay ('orders.read'): the trade bill of each China
 * day of the range, downloaded and read (payments/wechatpay/v3-client.ts tradeBill), compared with
 * the event's WeChat payments and refunds (reconcile-compare.ts); and the differences as a file.
 * Reads only: nothing is written, so no audit row.
 */
import type { DeskExportFile, DeskExportFormat } from '@contracts/admin/orders'
import { TRAVEL_DESK_RULES } from '@contracts/admin/orders-rules'
import type { ReconcileDifference, ReconcileRequest, ReconcileResult } from '@contracts/admin/reconcile'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Lang } from '@contracts/messages'
import type { Deps } from '../../deps'
import { AppError } from '../../kernel/errors'
import { addDays, shanghaiDay } from '../../kernel/time/time'
import { WechatPayError, type WechatPayGateway } from '../../payments/wechatpay'
import { TradeBillFormatError, type TradeBillRow } from '../../payments/wechatpay/trade-bill'
import { eventForStaff } from '../../staff/access'
import type { StaffSession } from '../../staff/sessions'
import { ordersOfPayments } from '../repositories/payment-orders'
import { eventWechatPaymentsPaidIn, eventWechatRefundsIn, paymentsByNumbers, refundsOfPayments } from '../repositories/reconcile'
import { isSettledDay, reconcileDays } from '../rules/reconcile-range'
import { compareWithBill } from './reconcile-compare'
import { tableFile, yuanText } from './table-file'

type ReconcileDeps = Pick<Deps, 'db' | 'now' | 'wechatPay' | 'log'>

/** 00:00 China time of a 'YYYY-MM-DD' */
const chinaMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`)

async function billOf(gateway: WechatPayGateway, day: string, today: string, log: Deps['log']): Promise<TradeBillRow[]> {
  try {
    return (await gateway.tradeBill(day)).rows
  } catch (err) {
    if (err instanceof WechatPayError && err.code === 'NO_STATEMENT_EXIST' && isSettledDay(day, today)) return []
    if (err instanceof WechatPayError && (err.code === 'NO_STATEMENT_EXIST' || err.code === 'STATEMENT_CREATING'))
      throw new AppError('EADM7506', 200, { date: day })
    log.error({ err, day, malformed: err instanceof TradeBillFormatError }, 'WeChat Pay: the trade bill could not be read')
    throw new AppError('EADM7507')
  }
}

async function reconcileEvent(deps: ReconcileDeps, eventId: number, from: string, to: string, days: string[]): Promise<ReconcileResult> {
  const gateway = deps.wechatPay.gateway
  if (!gateway) throw new AppError('EADM7508')
  const today = shanghaiDay(deps.now())
  const lines: TradeBillRow[] = []
  for (const day of days) lines.push(...(await billOf(gateway, day, today, deps.log)))

  const [start, end] = [chinaMidnight(from), chinaMidnight(addDays(to, 1))]
  const paidInRange = await eventWechatPaymentsPaidIn(deps.db, eventId, start, end)
  const refundsInRange = await eventWechatRefundsIn(deps.db, eventId, start, end)
  const named = await paymentsByNumbers(deps.db, [...new Set(lines.map((l) => l.outTradeNo))])
  const payments = [...new Map([...named, ...paidInRange, ...refundsInRange.map((r) => r.payment)].map((p) => [p.id, p])).values()]
  const refunds = await refundsOfPayments(
    deps.db,
    payments.map((p) => p.id),
  )
  const orders = await ordersOfPayments(deps.db, payments)
  const compared = compareWithBill(lines, {
    eventId,
    payments,
    refunds,
    paidInRange,
    refundsInRange: refundsInRange.map((r) => r.refund),
    orderOf: (id) => orders.get(id),
    dayOf: shanghaiDay,
  })
  const max = TRAVEL_DESK_RULES.reconcileMaxDifferences
  return { from, to, ...compared, differences: compared.differences.slice(0, max), moreDifferences: Math.max(0, compared.differences.length - max) }
}

export async function reconcile(deps: ReconcileDeps, session: StaffSession, req: ReconcileRequest): Promise<ReconcileResult> {
  const { event } = await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['orders.read'])
  const range = reconcileDays(req.from, req.to, shanghaiDay(deps.now()))
  if ('msgId' in range) throw new AppError(range.msgId, 200, range.params)
  return reconcileEvent(deps, event.id, req.from, req.to, range.days)
}

const HEADERS: Record<Lang, string[]> = {
  zh: ['差异', '类型', '日期', '订单类别', '订单号', '商户订单号', '商户退款单号', '我方金额（元）', '账单金额（元）', '我方状态', '账单状态'],
  en: ['Difference', 'Entry', 'Date', 'Order kind', 'Order number', 'Payment number', 'Refund number', 'Ours (yuan)', 'Bill (yuan)', 'Our state', 'Bill state'],
}
const WORDS = {
  zh: {
    billOnly: '账单有、我方无',
    oursOnly: '我方有、账单无',
    amount: '金额不符',
    state: '状态不符',
    payment: '支付',
    refund: '退款',
    train: '火车票',
    air: '机票',
  },
  en: {
    billOnly: 'On the bill, not ours',
    oursOnly: 'Ours, not on the bill',
    amount: 'Amount differs',
    state: 'State differs',
    payment: 'Payment',
    refund: 'Refund',
    train: 'Train',
    air: 'Flight',
  },
} as const

function exportRow(d: ReconcileDifference, lang: Lang): string[] {
  const w = WORDS[lang]
  const money = (fen: number | null) => (fen === null ? '' : yuanText(fen))
  return [
    w[d.kind],
    w[d.entry],
    d.date,
    d.orderKind ? w[d.orderKind] : '',
    d.orderNo,
    d.paymentNo,
    d.refundNo,
    money(d.oursFen),
    money(d.billFen),
    d.oursState === 'none' ? '' : d.oursState,
    d.billState,
  ]
}

export async function exportReconciliationFile(
  deps: ReconcileDeps,
  session: StaffSession,
  req: ReconcileRequest & { format: DeskExportFormat },
  lang: Lang,
): Promise<DeskExportFile> {
  const result = await reconcile(deps, session, req)
  const rows = result.differences.map((d) => exportRow(d, lang))
  const bytes = await tableFile(HEADERS[lang], rows, req.format)
  const fileName = `wechatpay-reconciliation-${req.eventCode}-${req.from.replace(/-/g, '')}-${req.to.replace(/-/g, '')}.${req.format}`
  return { fileName, content: bytes.toString('base64'), count: rows.length }
}
