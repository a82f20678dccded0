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
 * ABNORMAL, `failCreate` (WeChat answers SYSTEM_ERROR). Keys are made at start; state lives in
 * memory (a restarted sandbox forgets its payments: the server then finds them ORDER_NOT_EXIST).
 */
import crypto from 'node:crypto'
import type { HttpAnswer, HttpExchange } from './v3-client'
import type { WxRefund, WxTransaction } from './types'
import type { WxCodeSource } from '@contracts/wx-code'
import { orderPayNotify } from '@contracts/calls/flight/pay'
import { encryptResource, newRsaKeyPair, parseAuthorization, requestMessage, rsaVerify, signedHeaders, type MerchantIdentity } from './v3-crypto'

/** a signature by the wrong key over the right message shape: what a forger could make */
function rsaSignWith(privateKeyPem: string, body: string): string {
  return crypto.createSign('RSA-SHA256').update(`0\n0\n${body}\n`).sign(privateKeyPem, 'base64')
}

/** the sandbox's official-account OAuth codes start with this (its wx.login codes never do) */
export const SANDBOX_OAUTH_CODE_PREFIX = 'oauth-'

export interface SandboxTransaction extends WxTransaction {
  description: string
  notify_url: string
  time_expire: string
  prepay_id?: string
  /** the token in the code_url / h5_url of the confirmation page */
  payToken: string
}

export interface Delivery {
  url: string
  headers: Record<string, string>
  body: string
}

/** how the sandbox reaches our notify URL (app.inject in-process, or fetch) */
export type Deliver = (d: Delivery) => Promise<number>

export class WechatPaySandbox {
  readonly mchId = '1900000109'
  readonly appId = 'wx_sandbox_app_id'
  /** the official account H5 inside WeChat pays through (its own AppID: openids differ from the mini-program's) */
  readonly officialAccountAppId = 'wx_sandbox_oa_app_id'
  readonly apiV3Key = crypto.randomBytes(16).toString('hex') // 32 characters
  readonly merchant: MerchantIdentity
  readonly merchantPublicKeyPem: string
  readonly platformSerial = crypto.randomBytes(20).toString('hex').toUpperCase()
  private readonly platform: { serialNo: string; privateKeyPem: string; publicKeyPem: string }

  notifications: 'deliver' | 'drop' = 'deliver'
  refundOutcome: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' = 'SUCCESS'
  failCreate = false

  private readonly transactions = new Map<string, SandboxTransaction>()
  private readonly byToken = new Map<string, string>()
  private readonly refunds = new Map<string, WxRefund>()
  /** every notification made, newest last: tests replay them */
  readonly sent: Array<Delivery & { outTradeNo: string; status: number | null }> = []

  constructor(
    private readonly now: () => Date,
    /** where code_url / h5_url point: the confirmation page of payments/wechatpay/dev-routes.ts */
    private readonly payPageBase: string,
    private deliver: Deliver | null = null,
  ) {
    const m = newRsaKeyPair()
    this.merchant = { mchId: this.mchId, serialNo: crypto.randomBytes(20).toString('hex').toUpperCase(), privateKeyPem: m.privateKeyPem }
    this.merchantPublicKeyPem = m.publicKeyPem
    const p = newRsaKeyPair()
    this.platform = { serialNo: this.platformSerial, ...p }
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
      const t = this.transactions.get(decodeURIComponent(m[1]))
      return t ? this.answer(200, this.publicView(t)) : this.answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
    }
    if (req.method === 'POST' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path))) {
      // close-order: the body names the merchant; 204 with no body, again 204 for one already closed
      if (body.mchid !== this.mchId) return this.answer(400, { code: 'PARAM_ERROR', message: '参数错误' })
      const t = this.transactions.get(decodeURIComponent(m[1]))
      if (!t) return this.answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
      if (t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND') return this.answer(400, { code: 'ORDERPAID', message: '订单已支付' })
      t.trade_state = 'CLOSED'
      t.trade_state_desc = '订单已关闭'
      return this.answer(204, null)
    }
    if (req.method === 'POST' && path === '/v3/refund/domestic/refunds') return this.refund(body)
    if (req.method === 'GET' && (m = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path))) {
      const r = this.refunds.get(decodeURIComponent(m[1]))
      return r ? this.answer(200, r) : this.answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' })
    }
    return this.answer(404, { code: 'NOT_FOUND', message: 'no such call' })
  }

  private answer(status: number, data: unknown): HttpAnswer {
    const body = data === null ? '' : JSON.stringify(data)
    return { status, headers: { ...signedHeaders(body, this.platform, this.now()) }, body }
  }

  private create(kind: 'jsapi' | 'native' | 'h5', b: Record<string, unknown>): HttpAnswer {
    if (this.failCreate) return this.answer(500, { code: 'SYSTEM_ERROR', message: '系统错误' })
    const outTradeNo = String(b.out_trade_no ?? '')
    const amount = (b.amount ?? {}) as { total?: number }
    if (!/^[A-Za-z0-9_|*-]{6,32}$/.test(outTradeNo) || !Number.isInteger(amount.total) || (amount.total ?? 0) < 1) {
      return this.answer(400, { code: 'PARAM_ERROR', message: '参数错误' })
    }
    const existing = this.transactions.get(outTradeNo)
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
      notify_url: String(b.notify_url ?? ''),
      time_expire: String(b.time_expire ?? ''),
      payToken,
      prepay_id: kind === 'jsapi' ? 'wx' + crypto.randomBytes(14).toString('hex') : undefined,
    }
    this.transactions.set(outTradeNo, t)
    this.byToken.set(payToken, outTradeNo)
    if (t.prepay_id) this.byToken.set(t.prepay_id, outTradeNo)
    return this.answer(200, this.createAnswer(kind, t))
  }

  private createAnswer(kind: 'jsapi' | 'native' | 'h5', t: SandboxTransaction) {
    if (kind === 'jsapi') return { prepay_id: t.prepay_id }
    if (kind === 'native') return { code_url: `${this.payPageBase}?pr=${t.payToken}` }
    return { h5_url: `${this.payPageBase}?pr=${t.payToken}` }
  }

  private publicView(t: SandboxTransaction): WxTransaction {
    const { description: _d, notify_url: _n, time_expire: _e, payToken: _p, prepay_id: _i, ...view } = t
    return view
  }

  private refund(b: Record<string, unknown>): HttpAnswer {
    const outRefundNo = String(b.out_refund_no ?? '')
    const prior = this.refunds.get(outRefundNo)
    if (prior) return this.answer(200, prior)
    const t = this.transactions.get(String(b.out_trade_no ?? ''))
    if (!t) return this.answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' })
    if (t.trade_state !== 'SUCCESS' && t.trade_state !== 'REFUND') return this.answer(403, { code: 'NOT_ENOUGH', message: '订单未支付' })
    const amount = (b.amount ?? {}) as { refund?: number; total?: number }
    const already = [...this.refunds.values()]
      .filter((r) => r.out_trade_no === t.out_trade_no && r.status !== 'CLOSED')
      .reduce((s, r) => s + r.amount.refund, 0)
    if (!Number.isInteger(amount.refund) || amount.refund! < 1 || amount.total !== t.amount?.total || already + amount.refund! > (t.amount?.total ?? 0)) {
      return this.answer(400, { code: 'INVALID_REQUEST', message: '退款金额有误' })
    }
    const r: WxRefund = {
      refund_id: '50' + crypto.randomBytes(14).toString('hex').slice(0, 28),
      out_refund_no: outRefundNo,
      out_trade_no: t.out_trade_no,
      transaction_id: t.transaction_id,
      status: this.refundOutcome,
      success_time: this.refundOutcome === 'SUCCESS' ? this.now().toISOString() : undefined,
      amount: { refund: amount.refund!, total: amount.total!, currency: 'CNY' },
    }
    this.refunds.set(outRefundNo, r)
    t.trade_state = 'REFUND'
    return this.answer(200, r)
  }

  // --- the payer and the platform's notifications ------------------------------------------

  transactionByToken(token: string): SandboxTransaction | null {
    const no = this.byToken.get(token)
    return no ? (this.transactions.get(no) ?? null) : null
  }

  transaction(outTradeNo: string): SandboxTransaction | null {
    return this.transactions.get(outTradeNo) ?? null
  }

  /**
   * The payer confirms in WeChat: the transaction succeeds (unless closed or expired) and the
   * notification goes out. Answers the transaction's state after it.
   */
  async pay(outTradeNo: string, openid = 'oSandboxPayer'): Promise<string> {
    const t = this.transactions.get(outTradeNo)
    if (!t) return 'ORDER_NOT_EXIST'
    if (t.trade_state === 'NOTPAY' && t.time_expire && Date.parse(t.time_expire) < this.now().getTime()) t.trade_state = 'CLOSED'
    if (t.trade_state !== 'NOTPAY') return t.trade_state
    t.trade_state = 'SUCCESS'
    t.trade_state_desc = '支付成功'
    t.transaction_id = '4200' + crypto.randomBytes(14).toString('hex').slice(0, 24)
    t.success_time = this.now().toISOString()
    if (!t.payer?.openid) t.payer = { openid }
    t.amount = { ...t.amount!, payer_total: t.amount!.total, payer_currency: 'CNY' }
    await this.notify(t)
    return t.trade_state
  }

  /** the TRANSACTION.SUCCESS notification of a paid transaction, made and (unless dropped) sent */
  async notify(t: SandboxTransaction): Promise<void> {
    const resource = encryptResource(JSON.stringify(this.publicView(t)), this.apiV3Key, 'transaction', 'transaction')
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: this.now().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource,
    })
    const headers = { 'content-type': 'application/json', ...signedHeaders(body, this.platform, this.now()) }
    const d = { url: t.notify_url, headers, body, outTradeNo: t.out_trade_no, status: null as number | null }
    this.sent.push(d)
    if (this.notifications === 'deliver' && this.deliver) d.status = await this.deliver(d)
  }

  /**
   * A notification with any resource, signed and encrypted as the platform would (tests: a wrong
   * amount, another merchant). `tamper` spoils one part after signing.
   */
  craftNotification(
    resource: Record<string, unknown>,
    opts: { eventType?: string; at?: Date; tamper?: 'body' | 'signature' | 'serial'; apiV3Key?: string } = {},
  ): Delivery {
    const eventType = opts.eventType ?? 'TRANSACTION.SUCCESS'
    const originalType = eventType.startsWith('REFUND.') ? 'refund' : 'transaction'
    let body = JSON.stringify({
      id: crypto.randomUUID(),
      create_time: (opts.at ?? this.now()).toISOString(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: '支付成功',
      resource: encryptResource(JSON.stringify(resource), opts.apiV3Key ?? this.apiV3Key, originalType, originalType),
    })
    const headers: Record<string, string> = { 'content-type': 'application/json', ...signedHeaders(body, this.platform, opts.at ?? this.now()) }
    if (opts.tamper === 'body') body = body.replace('支付成功', '支付成功 ')
    if (opts.tamper === 'signature') headers['wechatpay-signature'] = rsaSignWith(this.merchant.privateKeyPem, body)
    if (opts.tamper === 'serial') headers['wechatpay-serial'] = 'FFFF'
    return { url: orderPayNotify.path, headers, body }
  }

  /** a notification of this transaction again, freshly signed (WeChat's retries are re-signed too) */
  async renotify(outTradeNo: string): Promise<void> {
    const t = this.transactions.get(outTradeNo)
    if (t && t.trade_state === 'SUCCESS') await this.notify(t)
  }
}
