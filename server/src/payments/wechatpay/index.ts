/**
 * WeChat Pay behind one interface (WechatPayGateway): the v3 client talking to WeChat in
 * production, or to the in-process sandbox platform in development and tests. The payments
 * service (payments/payments.ts) is the only user.
 */
import { NOTIFY_PATH, type WechatPayConfig } from './config'
import { codeExchange } from './code-exchange'
import { WechatPaySandbox } from './sandbox'
import type { SandboxIdentity, SandboxStore } from './sandbox-store'
import type { WechatPayGateway } from './types'
import { WechatPayV3Client, fetchTransport } from './v3-client'

export { NOTIFY_PATH, loadWechatPayConfig, type WechatPayConfig } from './config'
export { SANDBOX_OAUTH_CODE_PREFIX, WechatPaySandbox } from './sandbox'
export { databaseSandboxStore, sharedSandbox, sharedSandboxIdentity, type SandboxIdentity, type SandboxStore } from './sandbox-store'
export { WechatPayError, type Payer, type WechatPayGateway, type WxRefund, type WxTransaction } from './types'

/** WeChat's suggestion: refuse a signed message whose timestamp is more than 5 minutes off */
export const WECHATPAY_TIMESTAMP_WINDOW_SECONDS = 300
/** the sandbox's confirmation page (payments/wechatpay/dev-routes.ts) */
export const SANDBOX_PAY_PAGE = '/dev/wechatpay/pay'

export interface WechatPay {
  /** null: WeChat Pay is off here */
  gateway: WechatPayGateway | null
  /** the sandbox platform, when that is what the gateway talks to */
  sandbox: WechatPaySandbox | null
  notifyUrl: string
}

/**
 * `sandboxShared`: the sandbox platform's keys and records on the database every instance shares
 * (sandbox-store.ts); absent, the sandbox makes its own keys and keeps its records in memory.
 */
export function createWechatPay(config: WechatPayConfig, now: () => Date, sandboxShared: { identity?: SandboxIdentity; store?: SandboxStore } = {}): WechatPay {
  if (config.provider === 'off') return { gateway: null, sandbox: null, notifyUrl: config.notifyUrl }
  if (config.provider === 'sandbox') {
    // code_url / h5_url: relative to this server unless PUBLIC_BASE_URL says where it is
    const base = config.notifyUrl.slice(0, config.notifyUrl.length - NOTIFY_PATH.length)
    const sandbox = new WechatPaySandbox(now, base + SANDBOX_PAY_PAGE, null, sandboxShared)
    const gateway = new WechatPayV3Client({
      appId: sandbox.appId,
      merchant: sandbox.merchant,
      apiV3Key: sandbox.apiV3Key,
      platformKeys: sandbox.platformKeys,
      transport: (req) => sandbox.handle(req),
      now,
      timestampWindowSeconds: WECHATPAY_TIMESTAMP_WINDOW_SECONDS,
      officialAccountAppId: sandbox.officialAccountAppId,
      exchangeCode: async (code, source) => sandbox.openidFromCode(code, source),
    })
    return { gateway, sandbox, notifyUrl: config.notifyUrl }
  }
  if (config.provider !== 'v3') throw new Error(`unknown WeChat Pay provider ${String(config.provider)}`)
  const gateway = new WechatPayV3Client({
    appId: config.appId,
    merchant: { mchId: config.mchId, serialNo: config.merchantSerial, privateKeyPem: config.merchantPrivateKeyPem },
    apiV3Key: config.apiV3Key,
    platformKeys: { [config.platformSerial]: config.platformPublicKeyPem },
    transport: fetchTransport(),
    now,
    timestampWindowSeconds: WECHATPAY_TIMESTAMP_WINDOW_SECONDS,
    officialAccountAppId: config.officialAccount?.appId ?? null,
    // each kind of code at its own endpoint (code-exchange.ts)
    exchangeCode: codeExchange({ miniProgram: { appId: config.appId, appSecret: config.appSecret }, officialAccount: config.officialAccount }),
  })
  return { gateway, sandbox: null, notifyUrl: config.notifyUrl }
}
