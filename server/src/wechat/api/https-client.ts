/**
 * The real WeChat API over HTTPS. The base URL is configurable (WECHAT_API_BASE_URL) so that tests
 * point it at a local server answering as WeChat does. WeChat answers HTTP 200 with
 * `{ errcode, errmsg }` for a refusal; anything else (a status, a body that is not JSON, a
 * timeout) is an error without errcode.
 */
import { WECHAT_CREDENTIAL_RULES } from '../rules/credential-rules'
import { WechatApiError, type IssuedCredential, type WechatApi } from './types'

interface WechatAnswer {
  errcode?: number
  errmsg?: string
  access_token?: string
  ticket?: string
  expires_in?: number
}

export class HttpsWechatApi implements WechatApi {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number = WECHAT_CREDENTIAL_RULES.requestTimeoutMs,
  ) {}

  async stableToken(appId: string, secret: string, forceRefresh: boolean): Promise<IssuedCredential> {
    const a = await this.ask('/cgi-bin/stable_token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credential', appid: appId, secret, force_refresh: forceRefresh }),
    })
    return this.issued('stable_token', a, a.access_token)
  }

  async jsapiTicket(accessToken: string): Promise<IssuedCredential> {
    const q = new URLSearchParams({ access_token: accessToken, type: 'jsapi' })
    const a = await this.ask(`/cgi-bin/ticket/getticket?${q}`, { method: 'GET' })
    return this.issued('getticket', a, a.ticket)
  }

  private issued(call: string, a: WechatAnswer, value: string | undefined): IssuedCredential {
    if (a.errcode) throw new WechatApiError(a.errcode, `WeChat ${call}: errcode ${a.errcode} ${a.errmsg ?? ''}`.trim())
    if (!value) throw new WechatApiError(null, `WeChat ${call}: an answer without a credential`)
    return { value, expiresInS: Number(a.expires_in) }
  }

  private async ask(pathAndQuery: string, init: RequestInit): Promise<WechatAnswer> {
    // the path of the call only: the query holds the access token
    const call = pathAndQuery.split('?')[0]
    let res: Response
    try {
      res = await fetch(new URL(pathAndQuery, this.baseUrl), { ...init, signal: AbortSignal.timeout(this.timeoutMs) })
    } catch (e) {
      throw new WechatApiError(null, `WeChat ${call}: no answer (${(e as Error).message})`)
    }
    if (!res.ok) throw new WechatApiError(null, `WeChat ${call}: HTTP ${res.status}`)
    try {
      return (await res.json()) as WechatAnswer
    } catch {
      throw new WechatApiError(null, `WeChat ${call}: an answer that is not JSON`)
    }
  }
}
