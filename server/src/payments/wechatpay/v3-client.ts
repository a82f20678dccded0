/**
 * WeChat Pay API v3, merchant side: every request signed with the merchant key, every answer's
 * signature checked with the platform key before it is believed, notifications verified and
 * decrypted. It talks through a `transport` (an HTTP exchange): https://api.mch.weixin.qq.com in
 * production, the sandbox (sandbox.ts) in development and tests: the same bytes either way.
 */
import type { WxCodeSource } from '@contracts/wx-code'
import type { CreatePayment, Payer, WechatPayGateway, WxRefund, WxTransaction } from './types'
import { WechatPayError } from './types'
import { billHash, parseTradeBill, type TradeBill } from './trade-bill'
import { authorizationHeader, decryptResource, jsapiParams, verifySigned, type EncryptedResource, type MerchantIdentity } from './v3-crypto'

export interface HttpExchange {
  method: 'GET' | 'POST'
  /** path with query, e.g. /v3/pay/transactions/native */
  url: string
  headers: Record<string, string>
  body: string
}
export interface HttpAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}
export type Transport = (req: HttpExchange) => Promise<HttpAnswer>

export interface V3ClientOptions {
  appId: string
  merchant: MerchantIdentity
  /** 32-character APIv3 key: decrypts notification resources */
  apiV3Key: string
  /** platform public keys by serial number */
  platformKeys: Record<string, string>
  transport: Transport
  now: () => Date
  /** seconds a signed timestamp may differ from now (WeChat suggests 5 minutes) */
  timestampWindowSeconds: number
  /**
   * the official account whose OAuth codes H5 inside WeChat sends (JSAPI payments of those payers
   * are made with its AppID); null: H5 in WeChat cannot pay by JSAPI
   */
  officialAccountAppId: string | null
  /** code → openid at the code's own endpoint (code-exchange.ts in production, the sandbox in tests); null: refused */
  exchangeCode: (code: string, source: WxCodeSource) => Promise<string | null>
}

export const fetchTransport =
  (base = 'https://api.mch.weixin.qq.com', timeoutMs = 10_000): Transport =>
  async (req) => {
    const res = await fetch(base + req.url, {
      method: req.method,
      headers: req.headers,
      body: req.method === 'GET' ? undefined : req.body,
      signal: AbortSignal.timeout(timeoutMs),
    })
    const headers: Record<string, string> = {}
    res.headers.forEach((v, k) => (headers[k] = v))
    return { status: res.status, headers, body: await res.text() }
  }

export class WechatPayV3Client implements WechatPayGateway {
  readonly appId: string
  readonly mchId: string
  readonly officialAccountAppId: string | null
  constructor(private readonly o: V3ClientOptions) {
    this.appId = o.appId
    this.mchId = o.merchant.mchId
    this.officialAccountAppId = o.officialAccountAppId
  }

  private async request<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<{ status: number; data: T | null }> {
    const body = payload === undefined ? '' : JSON.stringify(payload)
    const res = await this.o.transport({
      method,
      url,
      body,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: authorizationHeader(this.o.merchant, method, url, body, this.o.now()),
      },
    })
    // an answer is believed only when the platform signed it (an empty 204 carries a signature too)
    const problem = verifySigned(res.headers, res.body, this.o.platformKeys, this.o.now(), this.o.timestampWindowSeconds)
    if (problem) throw new WechatPayError('RESPONSE_NOT_SIGNED', res.status, `answer to ${method} ${url} not verified: ${problem}`)
    const data = res.body ? (JSON.parse(res.body) as T & { code?: string; message?: string }) : null
    if (res.status >= 300) {
      const e = (data ?? {}) as { code?: string; message?: string }
      throw new WechatPayError(e.code ?? 'HTTP_' + res.status, res.status, e.message ?? '')
    }
    return { status: res.status, data }
  }

  private base(p: CreatePayment) {
    return {
      appid: this.appId,
      mchid: this.mchId,
      description: p.description,
      out_trade_no: p.outTradeNo,
      // RFC 3339 with the +08:00 WeChat expects (any offset is accepted; Beijing's reads best in its console)
      time_expire: new Date(p.expiresAt.getTime() + 8 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+08:00'),
      notify_url: p.notifyUrl,
      amount: { total: p.amountFen, currency: 'CNY' },
      ...(p.attach ? { attach: p.attach.slice(0, 128) } : {}),
    }
  }

  async createJsapi(p: CreatePayment & { openid: string; appId?: string }) {
    // a payer's openid belongs to one AppID: the order is made with that one
    const r = await this.request<{ prepay_id: string }>('POST', '/v3/pay/transactions/jsapi', {
      ...this.base(p),
      appid: p.appId ?? this.appId,
      payer: { openid: p.openid },
    })
    return { prepayId: r.data!.prepay_id }
  }

  async createNative(p: CreatePayment) {
    const r = await this.request<{ code_url: string }>('POST', '/v3/pay/transactions/native', this.base(p))
    return { codeUrl: r.data!.code_url }
  }

  async createH5(p: CreatePayment & { payerIp: string }) {
    const r = await this.request<{ h5_url: string }>('POST', '/v3/pay/transactions/h5', {
      ...this.base(p),
      scene_info: { payer_client_ip: p.payerIp, h5_info: { type: 'Wap' } },
    })
    return { h5Url: r.data!.h5_url }
  }

  async query(outTradeNo: string): Promise<WxTransaction | null> {
    try {
      const r = await this.request<WxTransaction>('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${this.mchId}`)
      return r.data
    } catch (e) {
      if (e instanceof WechatPayError && e.code === 'ORDER_NOT_EXIST') return null
      throw e
    }
  }

  async close(outTradeNo: string): Promise<void> {
    await this.request('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, { mchid: this.mchId })
  }

  async refund(p: { outTradeNo: string; outRefundNo: string; amountFen: number; totalFen: number; reason: string; notifyUrl: string }): Promise<WxRefund> {
    const r = await this.request<WxRefund>('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: p.outTradeNo,
      out_refund_no: p.outRefundNo,
      reason: p.reason,
      notify_url: p.notifyUrl,
      amount: { refund: p.amountFen, total: p.totalFen, currency: 'CNY' },
    })
    return r.data!
  }

  async queryRefund(outRefundNo: string): Promise<WxRefund | null> {
    try {
      return (await this.request<WxRefund>('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`)).data
    } catch (e) {
      if (e instanceof WechatPayError && (e.code === 'RESOURCE_NOT_EXISTS' || e.code === 'ORDER_NOT_EXIST')) return null
      throw e
    }
  }

  /**
   * The ALL trade bill of a China day ('YYYY-MM-DD'): the link is asked (a signed answer), the
   * file downloaded from the API host (its answer carries no signature: its SHA1 must be the one
   * the signed answer gave) and read (trade-bill.ts).
   */
  async tradeBill(billDate: string): Promise<TradeBill> {
    const link = await this.request<{ hash_type: string; hash_value: string; download_url: string }>(
      'GET',
      `/v3/bill/tradebill?bill_date=${encodeURIComponent(billDate)}&bill_type=ALL`,
    )
    const url = new URL(link.data!.download_url)
    if (!url.pathname.startsWith('/v3/billdownload/')) throw new WechatPayError('BILL_LINK_UNEXPECTED', 200, `download link ${url.pathname} not on the API`)
    const path = url.pathname + url.search
    const res = await this.o.transport({
      method: 'GET',
      url: path,
      body: '',
      headers: { accept: 'application/json', authorization: authorizationHeader(this.o.merchant, 'GET', path, '', this.o.now()) },
    })
    if (res.status !== 200) {
      const e = (() => {
        try {
          return JSON.parse(res.body) as { code?: string; message?: string }
        } catch {
          return {}
        }
      })()
      throw new WechatPayError(e.code ?? 'HTTP_' + res.status, res.status, e.message ?? '')
    }
    // the hash is of the file's bytes; a text decoder drops a leading byte order mark, so the file may have had one
    const hash = link.data!.hash_value.toLowerCase()
    if (link.data!.hash_type !== 'SHA1' || ![res.body, '\uFEFF' + res.body].some((text) => billHash(text) === hash))
      throw new WechatPayError('BILL_HASH_MISMATCH', 200, `the bill of ${billDate} is not the file WeChat described`)
    return parseTradeBill(res.body)
  }

  jsapiParams(prepayId: string, now: Date, appId?: string) {
    return jsapiParams(appId ?? this.appId, prepayId, this.o.merchant.privateKeyPem, now)
  }

  async payerFromCode(code: string, source: WxCodeSource): Promise<Payer | null> {
    const appId = source === 'officialAccount' ? this.officialAccountAppId : this.appId
    if (!appId) return null
    const openid = await this.o.exchangeCode(code, source)
    return openid ? { openid, appId } : null
  }

  openNotification(headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date) {
    const problem = verifySigned(headers, rawBody, this.o.platformKeys, now, this.o.timestampWindowSeconds)
    if (problem) return { ok: false as const, problem }
    let body: { id?: unknown; event_type?: unknown; resource?: Partial<EncryptedResource> }
    try {
      body = JSON.parse(rawBody) as typeof body
    } catch {
      return { ok: false as const, problem: 'notJson' }
    }
    const r = body?.resource
    if (typeof body?.id !== 'string' || typeof body.event_type !== 'string' || !r || typeof r !== 'object')
      return { ok: false as const, problem: 'notANotification' }
    if (typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string' || typeof r.algorithm !== 'string')
      return { ok: false as const, problem: 'notANotification' }
    const plain = decryptResource(
      {
        algorithm: r.algorithm,
        ciphertext: r.ciphertext,
        nonce: r.nonce,
        associated_data: typeof r.associated_data === 'string' ? r.associated_data : '',
        original_type: String(r.original_type),
      },
      this.o.apiV3Key,
    )
    if (plain === null) return { ok: false as const, problem: 'notDecrypted' }
    let resource: unknown
    try {
      resource = JSON.parse(plain)
    } catch {
      return { ok: false as const, problem: 'resourceNotJson' }
    }
    if (!resource || typeof resource !== 'object') return { ok: false as const, problem: 'resourceNotJson' }
    return { ok: true as const, id: body.id.slice(0, 64), eventType: body.event_type.slice(0, 40), resource: resource as Record<string, unknown> }
  }
}
