/**
 * A WeChat Pay v3 platform in a box, for development and tests. It answers the v3 HTTP calls our
 * client makes (checking the merchant's request signature as WeChat does, signing every answer
 * with its platform key), keeps the transactions and refunds, and when a payer "pays" (the dev
 * confirmation page the sandbox's code_url and h5_url point to, or the weapp harness's
 * requestPayment) it POSTs a real v3 notification to the notify_url: JSON body, the transaction
 * encrypted with AEAD_AES_256_GCM under the APIv3 key, the Wechatpay-* signature headers.
 *
 * Switches (tests and the dev page set them): `notifications` 'deliver' | 'drop' (a dropped one
 * leaves the server to find the payment by querying), `refundOutcome` SUCCESS | PROCESSING |
 * ABNORMAL, `failCreate` (WeChat answers SYSTEM_ERROR); they and the notifications made are this
 * instance's own. Keys and records: given a store (sandbox-store.ts, on the database the instances
 * share), the keys are the database's and every transaction and refund is read from and written to
 * it (sandbox-records.ts), so every instance is one platform (docs/sandboxes.md); without one, keys are made at start and
 * records live in memory (a restarted sandbox forgets its payments: the server finds them ORDER_NOT_EXIST).
 */
import crypto from 'node:crypto'
import type { HttpAnswer, HttpExchange } from './v3-client'
import type { WxRefund, WxTransaction } from './types'
import type { WxCodeSource } from '@contracts/wx-code'
import { newSandboxIdentity, type SandboxIdentity, type SandboxStore } from './sandbox-store'
import { billLink, dayOfBillToken, sandboxTradeBill } from './sandbox-bill'
import { SandboxRecords, type SandboxTransaction } from './sandbox-records'
import { craftedNotification, transactionNotification, type CraftOptions, type Delivery, type NotificationKeys } from './sandbox-notifications'
import { isCalendarDate, shanghaiDay } from '../../kernel/time/time'
import { parseAuthorization, requestMessage, rsaVerify, signedHeaders, type MerchantIdentity } from './v3-crypto'

export type { Delivery } from './sandbox-notifications'
export type { SandboxTransaction } from './sandbox-records'

/** the sandbox's official-account OAuth codes start with this (its wx.login codes never do) */
export const SANDBOX_OAUTH_CODE_PREFIX = 'oauth-'

/** how the sandbox reaches our notify URL (app.inject in-process, or fetch) */
export type Deliver = (d: Delivery) => Promise<number>

export class WechatPaySandbox {
  readonly mchId = '1900000109'
  readonly appId = 'wx_sandbox_app_id'
  /** the official account H5 inside WeChat pays through (its own AppID: openids differ from the mini-program's) */
  readonly officialAccountAppId = 'wx_sandbox_oa_app_id'
  readonly apiV3Key: string
  readonly merchant: MerchantIdentity
  readonly merchantPublicKeyPem: string
  readonly platformSerial: string
  private readonly platform: { serialNo: string; privateKeyPem: string; publicKeyPem: string }

  notifications: 'deliver' | 'drop' = 'deliver'
  refundOutcome: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' = 'SUCCESS'
  failCreate = false

  private readonly records: SandboxRecords
  private readonly keys: NotificationKeys
  /** every notification made, newest last: tests replay them */
  readonly sent: Array<Delivery & { outTradeNo: string; status: number | null }> = []

  constructor(
    private readonly now: () => Date,
    /** where code_url / h5_url point: the confirmation page of payments/wechatpay/dev-routes.ts */
    private readonly payPageBase: string,
    private deliver: Deliver | null = null,
    shared: { identity?: SandboxIdentity; store?: SandboxStore } = {},
  ) {
    const id = shared.identity ?? newSandboxIdentity()
    this.apiV3Key = id.apiV3Key
    this.merchant = { mchId: this.mchId, serialNo: id.merchantSerial, privateKeyPem: id.merchantPrivateKeyPem }
    this.merchantPublicKeyPem = id.merchantPublicKeyPem
    this.platformSerial = id.platformSerial
    this.platform = { serialNo: id.platformSerial, privateKeyPem: id.platformPrivateKeyPem, publicKeyPem: id.platformPublicKeyPem }
    this.records = new SandboxRecords(shared.store ?? null)
    this.keys = { platform: this.platform, apiV3Key: this.apiV3Key, otherPrivateKeyPem: this.merchant.privateKeyPem }
  }

  get platformKeys(): Record<string, string> {
    return { [this.platform.serialNo]: this.platform.publicKeyPem }
  }

  setDeliver(d: Deliver): void {
    this.deliver = d
  }

  /**
   * The sandbox's code exchange, telling the two kinds apart as WeChat does (a wx.login code is
   * refused by the OAuth endpoint and the other way round): an official-account OAuth code is
   * `oauth-` and 1-58 safe characters (what a test or the dev pages pass as ?code=), a wx.login
   * code any other 1-64 safe characters. The openid is per AppID, as WeChat's.
   */
  openidFromCode(code: string, source: WxCodeSource): string | null {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) return null
    const isOAuth = code.startsWith(SANDBOX_OAUTH_CODE_PREFIX)
    if (isOAuth !== (source === 'officialAccount') || code === SANDBOX_OAUTH_CODE_PREFIX) return null
    const appId = source === 'officialAccount' ? this.officialAccountAppId : this.appId
    return 'o' + crypto.createHash('sha256').update(`${appId}\n${code}`).digest('base64url').slice(0, 27)
  }

  // --- the v3 HTTP API ----------------------------------------------------------------------

  async handle(req: HttpExchange): Promise<HttpAnswer> {
    const auth = parseAuthorization(req.headers.authorization)
    if (!auth || auth.mchid !== this.mchId || auth.serial_no !== this.merchant.serialNo) return this.answer(401, { code: 'SIGN_ERROR', message: '签名错误' })
    if (!rsaVerify(requestMessage(req.method, req.url, auth.timestamp, auth.nonce_str, req.body), auth.signature, this.merchantPublicKeyPem)) {
      return this.answer(401, { code: 'SIGN_ERROR', message: '签名错误' })
    }
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {}
    const path = req.url.split('?')[0]
    let m: RegExpExecArray | null
    if (req.method === 'POST' && (m = /^\/v3\/pay\/transactions\/(jsapi|native|h5)$/.exec(path))) return this.create(m[1] as 'jsapi' | 'native' | 'h5', body)
    if (req.method === 'GET' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path))) {
      const t = await this.records.transaction(decodeURIComponent(m[1]))
      return t ? this.answer(200, publicView(t)) : this.answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
    }
    if (req.method === 'POST' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path))) {
      // close-order: the body names the merchant; 204 with no body, again 204 for one already closed
      if (body.mchid !== this.mchId) return this.answer(400, { code: 'PARAM_ERROR', message: '参数错误' })
      const t = await this.records.changeTransaction(decodeURIComponent(m[1]), (t) =>
        t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND' ? t : { ...t, trade_state: 'CLOSED', trade_state_desc: '订单已关闭' },
      )
      if (!t) return this.answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
      if (t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND') return this.answer(400, { code: 'ORDERPAID', message: '订单已支付' })
      return this.answer(204, null)
    }
    if (req.method === 'POST' && path === '/v3/refund/domestic/refunds') return this.refund(body)
    if (req.method === 'GET' && path === '/v3/bill/tradebill') return this.tradeBillLink(new URLSearchParams(req.url.split('?')[1] ?? ''))
    if (req.method === 'GET' && path === '/v3/billdownload/file') return this.tradeBillFile(new URLSearchParams(req.url.split('?')[1] ?? ''))
    if (req.method === 'GET' && (m = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path))) {
      const r = await this.records.refund(decodeURIComponent(m[1]))
      return r ? this.answer(200, r) : this.answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' })
    }
    return this.answer(404, { code: 'NOT_FOUND', message: 'no such call' })
  }

  private answer(status: number, data: unknown): HttpAnswer {
    const body = data === null ? '' : JSON.stringify(data)
    return { status, headers: { ...signedHeaders(body, this.platform, this.now()) }, body }
  }

  private async create(kind: 'jsapi' | 'native' | 'h5', b: Record<string, unknown>): Promise<HttpAnswer> {
    if (this.failCreate) return this.answer(500, { code: 'SYSTEM_ERROR', message: '系统错误' })
    const outTradeNo = String(b.out_trade_no ?? '')
    const amount = (b.amount ?? {}) as { total?: number }
    if (!/^[A-Za-z0-9_|*-]{6,32}$/.test(outTradeNo) || !Number.isInteger(amount.total) || (amount.total ?? 0) < 1) {
      return this.answer(400, { code: 'PARAM_ERROR', message: '参数错误' })
    }
    const existing = await this.records.transaction(outTradeNo)
    if (existing) {
      // WeChat: the same out_trade_no with the same parameters answers the same; a paid one ORDERPAID
      if (existing.trade_state === 'SUCCESS' || existing.trade_state === 'REFUND') return this.answer(400, { code: 'ORDERPAID', message: '订单已支付' })
      if (existing.trade_state === 'CLOSED') return this.answer(400, { code: 'ORDER_CLOSED', message: '订单已关闭' })
      if (existing.amount?.total !== amount.total) return this.answer(400, { code: 'INVALID_REQUEST', message: '参数与首次请求时不一致' })
      return this.answer(200, this.createAnswer(kind, existing))
    }
    const payToken = crypto.randomBytes(12).toString('base64url')
    const t: SandboxTransaction = {
      appid: String(b.appid ?? ''),
      mchid: this.mchId,
      out_trade_no: outTradeNo,
      trade_type: kind.toUpperCase() === 'H5' ? 'MWEB' : kind.toUpperCase(),
      trade_state: 'NOTPAY',
      trade_state_desc: '订单未支付',
      amount: { total: amount.total!, currency: 'CNY' },
      payer: kind === 'jsapi' ? { openid: String((b.payer as { openid?: string } | undefined)?.openid ?? '') } : {},
      description: String(b.description ?? ''),
      attach: typeof b.attach === 'string' ? b.attach : undefined,
      notify_url: String(b.notify_url ?? ''),
      time_expire: String(b.time_expire ?? ''),
      payToken,
      prepay_id: kind === 'jsapi' ? 'wx' + crypto.randomBytes(14).toString('hex') : undefined,
    }
    // the same out_trade_no created through two instances at once: the second answers as a repeat
    if (!(await this.records.addTransaction(t))) return this.create(kind, b)
    for (const token of [payToken, t.prepay_id].filter((x): x is string => !!x)) await this.records.keepToken(token, outTradeNo)
    return this.answer(200, this.createAnswer(kind, t))
  }

  private createAnswer(kind: 'jsapi' | 'native' | 'h5', t: SandboxTransaction) {
    if (kind === 'jsapi') return { prepay_id: t.prepay_id }
    if (kind === 'native') return { code_url: `${this.payPageBase}?pr=${t.payToken}` }
    return { h5_url: `${this.payPageBase}?pr=${t.payToken}` }
  }

  private async refund(b: Record<string, unknown>): Promise<HttpAnswer> {
    const outRefundNo = String(b.out_refund_no ?? '')
    const prior = await this.records.refund(outRefundNo)
    if (prior) return this.answer(200, prior)
    const t = await this.records.transaction(String(b.out_trade_no ?? ''))
    if (!t) return this.answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' })
    if (t.trade_state !== 'SUCCESS' && t.trade_state !== 'REFUND') return this.answer(403, { code: 'NOT_ENOUGH', message: '订单未支付' })
    const amount = (b.amount ?? {}) as { refund?: number; total?: number }
    const already = (await this.records.refundsOf(t.out_trade_no)).filter((r) => r.status !== 'CLOSED').reduce((s, r) => s + r.amount.refund, 0)
    if (!Number.isInteger(amount.refund) || amount.refund! < 1 || amount.total !== t.amount?.total || already + amount.refund! > (t.amount?.total ?? 0)) {
      return this.answer(400, { code: 'INVALID_REQUEST', message: '退款金额有误' })
    }
    const r: WxRefund = {
      refund_id: '50' + crypto.randomBytes(14).toString('hex').slice(0, 28),
      out_refund_no: outRefundNo,
      out_trade_no: t.out_trade_no,
      transaction_id: t.transaction_id,
      status: this.refundOutcome,
      create_time: this.now().toISOString(),
      success_time: this.refundOutcome === 'SUCCESS' ? this.now().toISOString() : undefined,
      amount: { refund: amount.refund!, total: amount.total!, currency: 'CNY' },
    }
    // the same out_refund_no asked through two instances at once: the second answers the first's
    if (!(await this.records.addRefund(r))) return this.refund(b)
    await this.records.changeTransaction(t.out_trade_no, (x) => ({ ...x, trade_state: 'REFUND' }))
    return this.answer(200, r)
  }

  // --- the payer and the platform's notifications ------------------------------------------

  /** the transaction a payer's token (code_url / h5_url `pr`, or a prepay_id) names, whichever instance made it */
  transactionByToken(token: string): Promise<SandboxTransaction | null> {
    return this.records.transactionByToken(token)
  }

  /** this instance's copy of a transaction as it last read or wrote it (tests of one instance) */
  transaction(outTradeNo: string): SandboxTransaction | null {
    return this.records.copyOf(outTradeNo)
  }

  /**
   * The payer confirms in WeChat: the transaction succeeds (unless closed or expired) and the
   * notification goes out. Answers the transaction's state after it.
   */
  async pay(outTradeNo: string, openid = 'oSandboxPayer', opts: { silent?: boolean } = {}): Promise<string> {
    let paidNow = false
    const t = await this.records.changeTransaction(outTradeNo, (t) => {
      paidNow = false
      if (t.trade_state === 'NOTPAY' && t.time_expire && Date.parse(t.time_expire) < this.now().getTime()) return { ...t, trade_state: 'CLOSED' }
      if (t.trade_state !== 'NOTPAY') return t
      paidNow = true
      return {
        ...t,
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        transaction_id: '4200' + crypto.randomBytes(14).toString('hex').slice(0, 24),
        success_time: this.now().toISOString(),
        payer: t.payer?.openid ? t.payer : { openid },
        amount: { ...t.amount!, payer_total: t.amount!.total, payer_currency: 'CNY' },
      }
    })
    if (!t) return 'ORDER_NOT_EXIST'
    // only the confirmation that paid it notifies: a second one at once (here or on another instance) finds it paid
    if (paidNow && !opts.silent) await this.notify(t)
    return t.trade_state
  }

  /** the TRANSACTION.SUCCESS notification of a paid transaction, made and (unless dropped) sent */
  async notify(t: SandboxTransaction): Promise<void> {
    const d = { ...transactionNotification(this.keys, publicView(t), t.notify_url, this.now()), outTradeNo: t.out_trade_no, status: null as number | null }
    this.sent.push(d)
    if (this.notifications === 'deliver' && this.deliver) d.status = await this.deliver(d)
  }

  /** the TRANSACTION.SUCCESS notification of a paid transaction, made and handed back instead of sent (the dev route delivers it where it is told) */
  async notificationOf(outTradeNo: string): Promise<Delivery | null> {
    const t = await this.records.transaction(outTradeNo)
    return t && t.trade_state === 'SUCCESS' ? transactionNotification(this.keys, publicView(t), t.notify_url, this.now()) : null
  }

  /**
   * A notification with any resource, signed and encrypted as the platform would (tests: a wrong
   * amount, another merchant). `tamper` spoils one part after signing.
   */
  craftNotification(resource: Record<string, unknown>, opts: CraftOptions = {}): Delivery {
    return craftedNotification(this.keys, resource, opts.at ?? this.now(), opts)
  }

  /** a notification of this transaction again, freshly signed (WeChat's retries are re-signed too) */
  async renotify(outTradeNo: string): Promise<void> {
    const t = await this.records.transaction(outTradeNo)
    if (t && t.trade_state === 'SUCCESS') await this.notify(t)
  }

  // --- the trade bill, and the differences a test makes as reality makes them -----------------

  /** this instance's copies forgotten, as a sandbox started anew (tests reading a day's bill start from an empty platform) */
  forgetRecords(): void {
    this.records.forget()
  }

  /** GET /v3/bill/tradebill: a day not begun yet (China time) has no bill; ALL only, unzipped */
  private async tradeBillLink(q: URLSearchParams): Promise<HttpAnswer> {
    const day = q.get('bill_date') ?? ''
    if (!isCalendarDate(day) || (q.get('bill_type') ?? 'ALL') !== 'ALL' || q.has('tar_type'))
      return this.answer(400, { code: 'PARAM_ERROR', message: '参数错误' })
    if (day > shanghaiDay(this.now())) return this.answer(400, { code: 'NO_STATEMENT_EXIST', message: '账单不存在' })
    return this.answer(200, billLink(day, sandboxTradeBill(day, this.mchId, await this.records.all()), this.apiV3Key, this.now()))
  }

  /** GET /v3/billdownload/file: the file itself, unsigned as WeChat's (the client checks its hash instead) */
  private async tradeBillFile(q: URLSearchParams): Promise<HttpAnswer> {
    const named = dayOfBillToken(q.get('token') ?? '', this.apiV3Key, this.now())
    if ('refused' in named)
      return { status: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'INVALID_REQUEST', message: named.refused }) }
    const text = sandboxTradeBill(named.day, this.mchId, await this.records.all())
    return { status: 200, headers: { 'content-type': 'application/octet-stream' }, body: text }
  }

  /** the platform took another amount than the merchant asked (what a notification of another amount reports): the bill shows it */
  async takeAnotherAmount(outTradeNo: string, amountFen: number): Promise<string> {
    const t = await this.records.changeTransaction(outTradeNo, (t) =>
      t.trade_state === 'SUCCESS' || t.trade_state === 'NOTPAY' ? { ...t, amount: { ...t.amount!, total: amountFen, payer_total: amountFen } } : t,
    )
    return t?.trade_state ?? 'ORDER_NOT_EXIST'
  }

  /**
   * A payment made and paid at the platform that the merchant's server has no row of (its
   * transaction asked WeChat, then rolled back): on the bill, nowhere else.
   */
  async strayTrade(p: { outTradeNo: string; amountFen: number; attach: string; description: string }): Promise<string> {
    const made = await this.create('native', {
      appid: this.appId,
      out_trade_no: p.outTradeNo,
      description: p.description,
      attach: p.attach,
      amount: { total: p.amountFen, currency: 'CNY' },
      time_expire: new Date(this.now().getTime() + 15 * 60_000).toISOString(),
    })
    if (made.status !== 200) return (JSON.parse(made.body) as { code: string }).code
    return this.pay(p.outTradeNo, undefined, { silent: true })
  }
}

/** the transaction as WeChat's query answers it: without what only the sandbox keeps */
function publicView(t: SandboxTransaction): WxTransaction {
  const { description: _d, notify_url: _n, time_expire: _e, payToken: _p, prepay_id: _i, ...view } = t
  return view
}
