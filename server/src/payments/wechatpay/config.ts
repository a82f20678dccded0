/**
 * WeChat Pay settings from the environment. Outside production the sandbox is the default; in
 * production WeChat Pay is off (payments answer EPAY1001) until WECHATPAY_PROVIDER=v3 and the
 * merchant's values are set.
 */
import fs from 'node:fs'
import { z } from 'zod'

export type WechatPayConfig =
  | { provider: 'sandbox' | 'off'; notifyUrl: string }
  | {
      provider: 'v3'
      notifyUrl: string
      appId: string
      /** the mini-program's AppSecret: turns a wx.login code into the payer's openid */
      appSecret: string
      /**
       * the official account (WECHATPAY_OA_APP_ID/SECRET): turns the H5 page's OAuth code into the
       * payer's openid, and its JSAPI payments are made with its AppID; null: H5 in WeChat pays by QR code only
       */
      officialAccount: { appId: string; appSecret: string } | null
      mchId: string
      apiV3Key: string
      merchantSerial: string
      merchantPrivateKeyPem: string
      platformSerial: string
      platformPublicKeyPem: string
    }

/** the notify URL's path: one for every kind of order (contracts/calls/flight.ts orderPayNotify) */
export const NOTIFY_PATH = '/api/flight/pay/orderPayNotify'

const V3_VARS = [
  'WECHATPAY_APP_ID',
  'WECHATPAY_APP_SECRET',
  'WECHATPAY_MCH_ID',
  'WECHATPAY_API_V3_KEY',
  'WECHATPAY_MERCHANT_SERIAL',
  'WECHATPAY_MERCHANT_KEY_FILE',
  'WECHATPAY_PLATFORM_SERIAL',
  'WECHATPAY_PLATFORM_KEY_FILE',
  'PUBLIC_BASE_URL',
] as const

const Env = z.object({
  WECHATPAY_PROVIDER: z.enum(['sandbox', 'v3', 'off']).optional(),
  /** https://api.example.com: WeChat posts notifications to PUBLIC_BASE_URL + NOTIFY_PATH */
  PUBLIC_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, 'scheme://host[:port] without a path')
    .optional(),
  ...Object.fromEntries(V3_VARS.filter((k) => k !== 'PUBLIC_BASE_URL').map((k) => [k, z.string().min(1).optional()])),
  WECHATPAY_OA_APP_ID: z.string().min(1).optional(),
  WECHATPAY_OA_APP_SECRET: z.string().min(1).optional(),
  /** the official account of the H5 page's JS-SDK and OAuth (server/src/config.ts) */
  WX_APP_ID: z.string().min(1).optional(),
})

export function loadWechatPayConfig(env: NodeJS.ProcessEnv, isProduction: boolean): WechatPayConfig {
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')))
  if (!parsed.success) throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  const e = parsed.data as Record<string, string | undefined>
  const provider = (e.WECHATPAY_PROVIDER ?? (isProduction ? 'off' : 'sandbox')) as 'sandbox' | 'v3' | 'off'
  const notifyUrl = (e.PUBLIC_BASE_URL ?? '') + NOTIFY_PATH
  if (provider !== 'v3') return { provider, notifyUrl }
  const missing = V3_VARS.filter((k) => !e[k])
  if (missing.length) throw new Error(`Invalid environment: WECHATPAY_PROVIDER=v3 needs ${missing.join(', ')}`)
  if (e.WECHATPAY_API_V3_KEY!.length !== 32) throw new Error('Invalid environment: WECHATPAY_API_V3_KEY must be the 32-character APIv3 key')
  if (!e.WECHATPAY_OA_APP_ID !== !e.WECHATPAY_OA_APP_SECRET) throw new Error('Invalid environment: WECHATPAY_OA_APP_ID and WECHATPAY_OA_APP_SECRET go together')
  // the H5 page asks OAuth codes of WX_APP_ID (its share signature's AppID): a code of another account could never be exchanged
  if (e.WECHATPAY_OA_APP_ID && e.WX_APP_ID && e.WECHATPAY_OA_APP_ID !== e.WX_APP_ID) {
    throw new Error('Invalid environment: WECHATPAY_OA_APP_ID must be the official account of WX_APP_ID (the H5 page gets its OAuth codes there)')
  }
  return {
    provider,
    notifyUrl,
    appId: e.WECHATPAY_APP_ID!,
    appSecret: e.WECHATPAY_APP_SECRET!,
    officialAccount: e.WECHATPAY_OA_APP_ID ? { appId: e.WECHATPAY_OA_APP_ID, appSecret: e.WECHATPAY_OA_APP_SECRET! } : null,
    mchId: e.WECHATPAY_MCH_ID!,
    apiV3Key: e.WECHATPAY_API_V3_KEY!,
    merchantSerial: e.WECHATPAY_MERCHANT_SERIAL!,
    merchantPrivateKeyPem: fs.readFileSync(e.WECHATPAY_MERCHANT_KEY_FILE!, 'utf8'),
    platformSerial: e.WECHATPAY_PLATFORM_SERIAL!,
    platformPublicKeyPem: fs.readFileSync(e.WECHATPAY_PLATFORM_KEY_FILE!, 'utf8'),
  }
}
