/**
 * The WeChat API settings (docs/wechat.md): which WeChat answers stable_token and getticket, and
 * with which official account. Outside production the in-process sandbox is the default; in
 * production the real API, which needs WX_APP_ID and WX_APP_SECRET, unless WECHAT_API=off (a
 * deployment without WeChat H5 pages: the JS-SDK signature answers ESYS0005).
 */
import { z } from 'zod'

export const SANDBOX_WX_APP_ID = 'wx_sandbox_app_id'
export const SANDBOX_WX_APP_SECRET = 'wx_sandbox_app_secret'
export const WECHAT_API_BASE_URL = 'https://api.weixin.qq.com'

export type WechatApiConfig =
  { mode: 'off' } | { mode: 'sandbox'; appId: string; secret: string } | { mode: 'wechat'; appId: string; secret: string; baseUrl: string }

const Env = z.object({
  WECHAT_API: z.enum(['wechat', 'sandbox', 'off']).optional(),
  WX_APP_ID: z.string().min(1).optional(),
  WX_APP_SECRET: z.string().min(1).optional(),
  WECHAT_API_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#]+\/?$/, 'scheme://host[:port] without a path')
    .optional(),
})

/** throws an Error whose message is a sentence for the operator (config.ts makes it a ConfigError) */
export function loadWechatApiConfig(env: NodeJS.ProcessEnv, isProduction: boolean): WechatApiConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([k, v]) => v !== '' && k in Env.shape))
  const parsed = Env.safeParse(cleaned)
  if (!parsed.success) throw new Error(`Invalid environment:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`)
  const e = parsed.data
  const mode = e.WECHAT_API ?? (isProduction ? 'wechat' : 'sandbox')
  if (mode === 'off') return { mode }
  if (mode === 'sandbox') {
    if (isProduction) throw new Error('WECHAT_API=sandbox is for development: in production set WX_APP_ID and WX_APP_SECRET, or WECHAT_API=off')
    return { mode, appId: e.WX_APP_ID ?? SANDBOX_WX_APP_ID, secret: SANDBOX_WX_APP_SECRET }
  }
  const missing = (['WX_APP_ID', 'WX_APP_SECRET'] as const).filter((k) => !e[k])
  if (missing.length)
    throw new Error(
      `${isProduction ? 'NODE_ENV=production' : 'WECHAT_API=wechat'} signs WeChat JS-SDK pages with the official account's jsapi_ticket: ` +
        `set ${missing.join(' and ')} (the account's AppID and AppSecret), or WECHAT_API=off if this deployment has no WeChat H5 pages`,
    )
  return { mode, appId: e.WX_APP_ID!, secret: e.WX_APP_SECRET!, baseUrl: (e.WECHAT_API_BASE_URL ?? WECHAT_API_BASE_URL).replace(/\/$/, '') }
}
