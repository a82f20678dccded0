/**
 * The WeChat API settings (docs/wechat.md): which WeChat answers stable_token and getticket, and
 * with which official account. Outside production the in-process sandbox is the default; in
 * production the real API, which needs WX_APP_ID and WX_APP_SECRET, unless WECHAT_API=off (a
 * deployment without WeChat H5 pages: the JS-SDK signature answers ESYS0005).
 */
import { z } from 'zod'
import { templateIdsFrom, type TemplateIds } from '@contracts/subscribe-notices'

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

/** the variables of `schema` (an empty one counts as unset); throws a sentence naming each wrong one */
function parseEnvOf<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([k, v]) => v !== '' && k in schema.shape))
  const parsed = schema.safeParse(cleaned)
  if (!parsed.success) throw new Error(`Invalid environment:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`)
  return parsed.data
}

/** throws an Error whose message is a sentence for the operator (config.ts makes it a ConfigError) */
export function loadWechatApiConfig(env: NodeJS.ProcessEnv, isProduction: boolean): WechatApiConfig {
  const e = parseEnvOf(Env, env)
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

/**
 * Subscription messages (docs/wechat.md "Subscription messages"): who sends them and with which
 * templates. `sandbox` keeps each in /dev/outbox (channel `wechat`): the default outside
 * production, refused in production; `wechat` sends through WeChat with the mini-program's access
 * token; `off` (production's default) keeps no subscription, so every notice goes by SMS.
 */
export interface SubscribeConfig {
  provider: 'wechat' | 'sandbox' | 'off'
  /** per notice kind: WX_SUBSCRIBE_TEMPLATES over the demo ids (contracts/subscribe-notices.ts) */
  templateIds: TemplateIds
  /** the mini-program version a message opens: formal (released), trial, developer */
  miniProgramState: 'formal' | 'trial' | 'developer'
  /**
   * provider wechat: the mini-program whose access token sends (the credentials job keeps it
   * fresh, wechat/credentials.ts); WX_MP_APP_ID / WX_MP_APP_SECRET, by default WeChat Pay's
   * mini-program (WECHATPAY_APP_ID / WECHATPAY_APP_SECRET), whose wx.login codes give the openids
   */
  miniProgram: { appId: string; secret: string } | null
}

const SubscribeEnv = z.object({
  WX_SUBSCRIBE_PROVIDER: z.enum(['wechat', 'sandbox', 'off']).optional(),
  WX_SUBSCRIBE_TEMPLATES: z.string().optional(),
  WX_SUBSCRIBE_MINIPROGRAM_STATE: z.enum(['formal', 'trial', 'developer']).optional(),
  WX_MP_APP_ID: z.string().min(1).optional(),
  WX_MP_APP_SECRET: z.string().min(1).optional(),
  WECHATPAY_APP_ID: z.string().min(1).optional(),
  WECHATPAY_APP_SECRET: z.string().min(1).optional(),
  WECHAT_API: z.string().optional(),
})

/** throws an Error whose message is a sentence for the operator (config.ts makes it a ConfigError) */
export function loadSubscribeConfig(env: NodeJS.ProcessEnv, isProduction: boolean): SubscribeConfig {
  const e = parseEnvOf(SubscribeEnv, env)
  const provider = e.WX_SUBSCRIBE_PROVIDER ?? (isProduction ? 'off' : 'sandbox')
  if (provider === 'sandbox' && isProduction) throw new Error('WX_SUBSCRIBE_PROVIDER=sandbox is for development: in production set it to wechat (or off)')
  let templateIds: TemplateIds
  try {
    templateIds = templateIdsFrom(e.WX_SUBSCRIBE_TEMPLATES)
  } catch (err) {
    throw new Error(`WX_SUBSCRIBE_TEMPLATES: ${(err as Error).message}`)
  }
  if (provider === 'wechat' && !e.WX_SUBSCRIBE_TEMPLATES)
    throw new Error("WX_SUBSCRIBE_PROVIDER=wechat sends with the mini-program's own templates: set WX_SUBSCRIBE_TEMPLATES (kind=templateId,…)")
  const miniProgramState = e.WX_SUBSCRIBE_MINIPROGRAM_STATE ?? 'formal'
  if (provider !== 'wechat') return { provider, templateIds, miniProgramState, miniProgram: null }
  // the sandbox WeChat knows one made-up account: the real mini-program's token comes from the real API
  if (e.WECHAT_API === 'sandbox')
    throw new Error('WX_SUBSCRIBE_PROVIDER=wechat asks the real WeChat for the access token: set WECHAT_API=wechat (or off), not sandbox')
  const appId = e.WX_MP_APP_ID ?? e.WECHATPAY_APP_ID
  const secret = e.WX_MP_APP_SECRET ?? e.WECHATPAY_APP_SECRET
  if (!appId || !secret)
    throw new Error(
      "WX_SUBSCRIBE_PROVIDER=wechat sends with the mini-program's access token: set WX_MP_APP_ID and WX_MP_APP_SECRET (or WeChat Pay's WECHATPAY_APP_ID and WECHATPAY_APP_SECRET)",
    )
  return { provider, templateIds, miniProgramState, miniProgram: { appId, secret } }
}

/** an app whose credentials the refresh job keeps: the official account (token and jsapi_ticket) and the subscription messages' mini-program (token only) */
export interface CredentialApp {
  appId: string
  secret: string
  ticket: boolean
}

export function credentialApps(config: { wechatApi: WechatApiConfig; wechatSubscribe?: SubscribeConfig }): CredentialApp[] {
  const apps: CredentialApp[] = []
  if (config.wechatApi.mode !== 'off') apps.push({ appId: config.wechatApi.appId, secret: config.wechatApi.secret, ticket: true })
  const mp = config.wechatSubscribe?.miniProgram
  if (mp && !apps.some((a) => a.appId === mp.appId)) apps.push({ ...mp, ticket: false })
  return apps
}
