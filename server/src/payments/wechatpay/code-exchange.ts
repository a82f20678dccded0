/**
 * Production: a one-time WeChat code → the payer's openid, at the endpoint of the code's kind.
 * - a wx.login code (mini-program): `sns/jscode2session` with the mini-program's AppID and secret;
 * - an OAuth code (official account, snsapi_base, H5 inside WeChat): `sns/oauth2/access_token`
 *   with the official account's AppID and secret (the access_token it also answers is not kept:
 *   snsapi_base asks nothing more of the user).
 * WeChat answers errors as `{ errcode, errmsg }` with HTTP 200 (40029 invalid code, 40163 code
 * used): null then, as for any failure to reach it; the payments service answers EPAY1002.
 */
import type { WxCodeSource } from '@contracts/wx-code'

export interface AppCredentials {
  appId: string
  appSecret: string
}

export interface CodeExchangeConfig {
  miniProgram: AppCredentials
  /** null: H5 in WeChat cannot pay by JSAPI here */
  officialAccount: AppCredentials | null
}

export type FetchLike = (url: string, init: { signal: AbortSignal }) => Promise<{ json(): Promise<unknown> }>

const WECHAT_API = 'https://api.weixin.qq.com'
const EXCHANGE_TIMEOUT_MS = 10_000

/** the address the exchange of `code` asks; null when that source has no credentials */
export function exchangeUrl(config: CodeExchangeConfig, code: string, source: WxCodeSource): string | null {
  const app = source === 'officialAccount' ? config.officialAccount : config.miniProgram
  if (!app) return null
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString()
  return source === 'officialAccount'
    ? `${WECHAT_API}/sns/oauth2/access_token?${q({ appid: app.appId, secret: app.appSecret, code, grant_type: 'authorization_code' })}`
    : `${WECHAT_API}/sns/jscode2session?${q({ appid: app.appId, secret: app.appSecret, js_code: code, grant_type: 'authorization_code' })}`
}

export function codeExchange(config: CodeExchangeConfig, fetchImpl: FetchLike = fetch) {
  return async (code: string, source: WxCodeSource): Promise<string | null> => {
    const url = exchangeUrl(config, code, source)
    if (!url) return null
    const res = await fetchImpl(url, { signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS) })
    const data = (await res.json()) as { openid?: unknown; errcode?: unknown }
    if (data.errcode !== undefined && data.errcode !== 0) return null
    return typeof data.openid === 'string' && data.openid ? data.openid : null
  }
}
