/**
 * The sandbox's trade bill of a China day, from what the sandbox itself took and gave back: a
 * SUCCESS line per transaction paid that day (its success time), a REFUND line per refund WeChat
 * accepted that day (its create time), in the format of trade-bill.ts. Download links carry a
 * token signed with the APIv3 key, so any instance of the shared platform serves a link another
 * one gave, for five minutes as WeChat's.
 */
import crypto from 'node:crypto'
import { shanghaiDay, toShanghaiIso } from '../../kernel/time/time'
import type { WxRefund, WxTransaction } from './types'
import { TRADE_BILL_COLUMNS, billHash, fenToYuan, writeTradeBill } from './trade-bill'

/** WeChat's download links last five minutes */
export const BILL_LINK_MS = 5 * 60_000
/** where the download link points: the API's own host, as WeChat's does (the client sends only its path through the transport) */
export const BILL_DOWNLOAD_BASE = 'https://api.mch.weixin.qq.com/v3/billdownload/file'

/** the sandbox's fee rate on every payment, as a merchant's contract fixes one (0.6 %) */
const FEE_PER_MILLE = 6

type Line = Record<(typeof TRADE_BILL_COLUMNS)[number], string>

const chinaTime = (iso: string) => toShanghaiIso(new Date(iso)).slice(0, 19).replace('T', ' ')
const feeOf = (fen: number) => Math.round((fen * FEE_PER_MILLE) / 1000)

export interface BillSource {
  transactions: Array<WxTransaction & { description?: string; attach?: string }>
  refunds: Array<WxRefund & { create_time?: string }>
}

export function sandboxTradeBill(day: string, mchId: string, src: BillSource): string {
  const lines: Array<{ at: string; line: Line }> = []
  const byTradeNo = new Map(src.transactions.map((t) => [t.out_trade_no, t]))
  const blank = Object.fromEntries(TRADE_BILL_COLUMNS.map((c) => [c, ''])) as Line
  const base = (t: WxTransaction & { description?: string; attach?: string }, at: string): Line => ({
    ...blank,
    交易时间: chinaTime(at),
    公众账号ID: t.appid,
    商户号: mchId,
    特约商户号: '0',
    微信订单号: t.transaction_id ?? '',
    商户订单号: t.out_trade_no,
    用户标识: t.payer?.openid ?? '',
    交易类型: t.trade_type ?? '',
    付款银行: 'OTHERS',
    货币种类: 'CNY',
    代金券金额: '0.00',
    充值券退款金额: '0.00',
    商品名称: t.description ?? '',
    商户数据包: t.attach ?? '',
    费率: '0.60%',
    订单金额: fenToYuan(t.amount?.total ?? 0),
  })
  for (const t of src.transactions) {
    if (!t.success_time || (t.trade_state !== 'SUCCESS' && t.trade_state !== 'REFUND') || shanghaiDay(new Date(t.success_time)) !== day) continue
    const total = t.amount?.total ?? 0
    lines.push({
      at: t.success_time,
      line: {
        ...base(t, t.success_time),
        交易状态: 'SUCCESS',
        应结订单金额: fenToYuan(total),
        微信退款单号: '0',
        商户退款单号: '0',
        退款金额: '0.00',
        手续费: fenToYuan(feeOf(total)),
        申请退款金额: '0.00',
      },
    })
  }
  for (const r of src.refunds) {
    const at = r.create_time ?? r.success_time
    const t = byTradeNo.get(r.out_trade_no)
    if (!at || !t || shanghaiDay(new Date(at)) !== day) continue
    lines.push({
      at,
      line: {
        ...base(t, at),
        交易状态: 'REFUND',
        应结订单金额: fenToYuan(t.amount?.total ?? 0),
        微信退款单号: r.refund_id,
        商户退款单号: r.out_refund_no,
        退款金额: fenToYuan(r.amount.refund),
        退款类型: 'ORIGINAL',
        退款状态: r.status,
        手续费: fenToYuan(-feeOf(r.amount.refund)),
        申请退款金额: fenToYuan(r.amount.refund),
      },
    })
  }
  lines.sort((a, b) => a.at.localeCompare(b.at))
  const sum = (col: keyof Line, state: string) => lines.filter((l) => l.line.交易状态 === state).reduce((s, l) => s + Math.round(Number(l.line[col]) * 100), 0)
  const fees = lines.reduce((s, l) => s + Math.round(Number(l.line.手续费) * 100), 0)
  const settled = sum('应结订单金额', 'SUCCESS')
  const refunded = sum('退款金额', 'REFUND')
  return writeTradeBill(
    lines.map((l) => l.line),
    [String(lines.length), fenToYuan(settled), fenToYuan(refunded), '0.00', fenToYuan(fees), fenToYuan(sum('订单金额', 'SUCCESS')), fenToYuan(refunded)],
  )
}

const tokenMac = (key: string, payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url')

/** the answer of GET /v3/bill/tradebill: a link to the file for five minutes, and the file's SHA1 */
export function billLink(day: string, text: string, key: string, now: Date) {
  const payload = Buffer.from(JSON.stringify({ day, until: now.getTime() + BILL_LINK_MS })).toString('base64url')
  return { hash_type: 'SHA1', hash_value: billHash(text), download_url: `${BILL_DOWNLOAD_BASE}?token=${payload}.${tokenMac(key, payload)}` }
}

/** the day a download token names, or why it is refused */
export function dayOfBillToken(token: string, key: string, now: Date): { day: string } | { refused: string } {
  const [payload, mac] = token.split('.')
  if (!payload || !mac || tokenMac(key, payload) !== mac) return { refused: '下载链接无效' }
  const { day, until } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { day: string; until: number }
  if (until < now.getTime()) return { refused: '下载链接过期,请重新请求文件下载' }
  return { day }
}
