/**
 * WeChat Pay's trade bill (交易账单, `GET /v3/bill/tradebill`, bill_type ALL) as the file it
 * downloads: a header line of column names, one line per payment (交易状态 SUCCESS, dated by its
 * success time) and per refund (交易状态 REFUND, dated when WeChat accepted it), then the summary's
 * header and its one line. Fields are separated by commas and every data field starts with a
 * backtick (so Excel keeps long numbers as text); amounts are yuan with two decimals. The day is
 * China's (00:00-24:00 +08:00). The sandbox writes it (sandbox-bill.ts), the client reads it.
 */
import crypto from 'node:crypto'

/** the ALL bill's detail columns, in WeChat's order (a reader finds them by name: the order may change) */
export const TRADE_BILL_COLUMNS = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '货币种类',
  '应结订单金额',
  '代金券金额',
  '微信退款单号',
  '商户退款单号',
  '退款金额',
  '充值券退款金额',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '订单金额',
  '申请退款金额',
  '费率备注',
] as const

export const TRADE_BILL_SUMMARY_COLUMNS = [
  '总交易单数',
  '应结订单总金额',
  '退款总金额',
  '充值券退款总金额',
  '手续费总金额',
  '订单总金额',
  '申请退款总金额',
] as const

/** one line of the bill as we read it: amounts in fen */
export interface TradeBillRow {
  /** 'YYYY-MM-DD HH:mm:ss', China time */
  time: string
  transactionId: string
  outTradeNo: string
  /** SUCCESS: a payment; REFUND: a refund of the payment out_trade_no names */
  tradeState: string
  /** the payment's order amount (订单金额) */
  totalFen: number
  /** refund lines: ours (商户退款单号), WeChat's, the amount and WeChat's state of it then (SUCCESS, PROCESSING, ABNORMAL …) */
  outRefundNo: string
  refundId: string
  refundFen: number
  refundStatus: string
  description: string
  /** 商户数据包: what the merchant sent as attach when it made the payment */
  attach: string
}

export interface TradeBill {
  rows: TradeBillRow[]
  summary: { count: number; refundFen: number }
}

export class TradeBillFormatError extends Error {
  name = 'TradeBillFormatError'
}

/** '12.30' (yuan, at most two decimals, a minus for fees given back) → 1230 fen; exact, no floating point */
export function yuanToFen(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!m) throw new TradeBillFormatError(`not an amount: ${JSON.stringify(text)}`)
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'))
  return m[1] ? -fen : fen
}

export const fenToYuan = (fen: number): string => `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`

/** a data line's fields: each starts with a backtick, so ",`" separates them even where a name holds a comma */
function dataFields(line: string): string[] {
  if (!line.startsWith('`')) throw new TradeBillFormatError(`a data line without its backticks: ${JSON.stringify(line.slice(0, 40))}`)
  return line.slice(1).split(',`')
}

const dataLine = (fields: readonly string[]) => fields.map((f) => '`' + f.replace(/[\r\n]/g, ' ')).join(',')

/** the file's text from its lines (WeChat ends lines with CRLF) */
export function writeTradeBill(details: ReadonlyArray<Record<(typeof TRADE_BILL_COLUMNS)[number], string>>, summary: readonly string[]): string {
  const lines = [
    TRADE_BILL_COLUMNS.join(','),
    ...details.map((d) => dataLine(TRADE_BILL_COLUMNS.map((c) => d[c]))),
    TRADE_BILL_SUMMARY_COLUMNS.join(','),
    dataLine(summary),
  ]
  return lines.join('\r\n') + '\r\n'
}

/** the SHA1 WeChat gives as hash_value: of the file as downloaded (unzipped) */
export const billHash = (text: string | Buffer) => crypto.createHash('sha1').update(text).digest('hex')

/**
 * Reads a bill file. Checks what a reader can: the columns it needs are there, every line has the
 * header's number of fields, amounts are yuan, and the summary's count and refund total agree with
 * the lines (a cut or garbled download fails here rather than reconciling half a day).
 */
export function parseTradeBill(text: string): TradeBill {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
  if (lines.length < 3) throw new TradeBillFormatError('too few lines for a bill')
  const header = lines[0].split(',').map((h) => h.trim())
  const at = (name: string) => {
    const i = header.indexOf(name)
    if (i < 0) throw new TradeBillFormatError(`no column ${name}`)
    return i
  }
  const col = {
    time: at('交易时间'),
    transactionId: at('微信订单号'),
    outTradeNo: at('商户订单号'),
    tradeState: at('交易状态'),
    total: at('订单金额'),
    refundId: at('微信退款单号'),
    outRefundNo: at('商户退款单号'),
    refund: at('退款金额'),
    refundStatus: at('退款状态'),
    description: at('商品名称'),
    attach: at('商户数据包'),
  }
  const summaryAt = lines.findIndex((l, i) => i > 0 && l.startsWith(TRADE_BILL_SUMMARY_COLUMNS[0]))
  if (summaryAt < 0 || summaryAt !== lines.length - 2) throw new TradeBillFormatError('no summary at the end')
  const rows = lines.slice(1, summaryAt).map((line): TradeBillRow => {
    const f = dataFields(line)
    if (f.length !== header.length) throw new TradeBillFormatError(`a line of ${f.length} fields under ${header.length} columns`)
    const isRefund = f[col.tradeState] === 'REFUND'
    return {
      time: f[col.time],
      transactionId: f[col.transactionId],
      outTradeNo: f[col.outTradeNo],
      tradeState: f[col.tradeState],
      totalFen: yuanToFen(f[col.total]),
      outRefundNo: isRefund ? f[col.outRefundNo] : '',
      refundId: isRefund ? f[col.refundId] : '',
      refundFen: isRefund ? yuanToFen(f[col.refund]) : 0,
      refundStatus: isRefund ? f[col.refundStatus] : '',
      description: f[col.description],
      attach: f[col.attach],
    }
  })
  const sHeader = lines[summaryAt].split(',').map((h) => h.trim())
  const s = dataFields(lines[summaryAt + 1])
  const sAt = (name: string) => {
    const i = sHeader.indexOf(name)
    if (i < 0 || i >= s.length) throw new TradeBillFormatError(`no summary column ${name}`)
    return s[i]
  }
  const summary = { count: Number(sAt('总交易单数')), refundFen: yuanToFen(sAt('退款总金额')) }
  if (!Number.isInteger(summary.count) || summary.count !== rows.length)
    throw new TradeBillFormatError(`the summary counts ${summary.count} lines, the bill has ${rows.length}`)
  const refunds = rows.reduce((sum, r) => sum + r.refundFen, 0)
  if (refunds !== summary.refundFen) throw new TradeBillFormatError(`the summary's refunds ${summary.refundFen} differ from the lines' ${refunds}`)
  return { rows, summary }
}
