/**
 * The travel desk for finance ('orders.read'): each attendee's spend with the orders outside the
 * travel policy, and every order as filtered in a file, one row per order with its amounts in
 * yuan, the payer, the policy state and the attendee's reason, as CSV or XLSX (table-file.ts).
 */
import type { DeskExportFile, DeskExportRequest, DeskOrder, SpendRow } from '@contracts/admin/orders'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Lang } from '@contracts/messages'
import type { Deps } from '../../deps'
import type { Queryable } from '../../kernel/db/client'
import { eventForStaff } from '../../staff/access'
import type { StaffSession } from '../../staff/sessions'
import { deskOrderKeys, type DeskFilter } from '../repositories/desk'
import { deskFilterOf } from './list'
import { deskOrdersOf } from './views'
import { tableFile, yuanText as yuan } from './table-file'

/** orders read at a time */
const PAGE = 200

async function allOrders(q: Queryable, f: DeskFilter, lang: Lang): Promise<DeskOrder[]> {
  const keys = await deskOrderKeys(q, f)
  const out: DeskOrder[] = []
  for (let i = 0; i < keys.length; i += PAGE) out.push(...(await deskOrdersOf(q, f.eventId, keys.slice(i, i + PAGE), lang)))
  return out
}

/** what an order cost: what was paid less what came back (nothing while unpaid) */
const spentOf = (o: DeskOrder) => (o.payer ? o.totalFen - o.refundedFen : 0)

export function spendOf(orders: readonly DeskOrder[]): SpendRow[] {
  const by = new Map<string, SpendRow>()
  for (const o of orders) {
    const row = by.get(o.userCode) ?? {
      userCode: o.userCode,
      attendeeName: o.attendeeName,
      attendeeMobile: o.attendeeMobile,
      orders: 0,
      spentFen: 0,
      companyFen: 0,
      attendeeFen: 0,
      overPolicyOrders: 0,
      overPolicyReasons: [],
    }
    const spent = spentOf(o)
    row.orders += 1
    row.spentFen += spent
    if (o.payer === 'company') row.companyFen += spent
    if (o.payer === 'attendee') row.attendeeFen += spent
    if (o.overPolicy) {
      row.overPolicyOrders += 1
      if (o.overPolicyReason) row.overPolicyReasons.push(o.overPolicyReason)
    }
    by.set(o.userCode, row)
  }
  return [...by.values()].sort((a, b) => b.spentFen - a.spentFen || a.userCode.localeCompare(b.userCode))
}

export async function listSpend(deps: Pick<Deps, 'db'>, session: StaffSession, eventCode: string, lang: Lang): Promise<{ list: SpendRow[] }> {
  const { event } = await eventForStaff(deps.db, session, eventCode, ROLE_PERMISSIONS['orders.read'])
  const orders = await allOrders(deps.db, { eventId: event.id, kind: null, trainStatuses: null, airStatuses: null, keyword: '' }, lang)
  return { list: spendOf(orders) }
}

const HEADERS: Record<Lang, string[]> = {
  zh: [
    '订单号',
    '类型',
    '参会人',
    '手机号',
    '行程',
    '出发时间',
    '状态',
    '金额（元）',
    '已退款（元）',
    '实际花费（元）',
    '支付方',
    '差旅政策',
    '超标原因',
    '下单时间',
  ],
  en: [
    'Order number',
    'Kind',
    'Attendee',
    'Mobile',
    'Trip',
    'Departs',
    'Status',
    'Amount (yuan)',
    'Refunded (yuan)',
    'Spent (yuan)',
    'Paid by',
    'Travel policy',
    'Reason',
    'Ordered',
  ],
}
const WORDS = {
  zh: { train: '火车票', air: '机票', company: '公司', attendee: '个人', none: '未支付', within: '符合', over: '超标' },
  en: { train: 'Train', air: 'Flight', company: 'Company', attendee: 'Attendee', none: 'Unpaid', within: 'Within', over: 'Outside' },
} as const

const minute = (iso: string) => iso.slice(0, 16).replace('T', ' ')

function exportRow(o: DeskOrder, lang: Lang): string[] {
  const w = WORDS[lang]
  return [
    o.orderNo,
    w[o.kind],
    o.attendeeName,
    o.attendeeMobile,
    o.title,
    minute(o.departAt),
    o.statusLabel,
    yuan(o.totalFen),
    yuan(o.refundedFen),
    yuan(spentOf(o)),
    w[o.payer ?? 'none'],
    o.overPolicy ? w.over : w.within,
    o.overPolicyReason,
    minute(o.createdAt),
  ]
}

export async function exportOrders(deps: Pick<Deps, 'db' | 'now'>, session: StaffSession, req: DeskExportRequest, lang: Lang): Promise<DeskExportFile> {
  const { event } = await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['orders.read'])
  const orders = await allOrders(deps.db, deskFilterOf(event.id, req), lang)
  const header = HEADERS[lang]
  const rows = orders.map((o) => exportRow(o, lang))
  const stamp = deps.now().toISOString().slice(0, 10).replace(/-/g, '')
  const fileName = `orders-${event.eventCode}-${stamp}.${req.format}`
  const bytes = await tableFile(header, rows, req.format)
  return { fileName, content: bytes.toString('base64'), count: rows.length }
}
