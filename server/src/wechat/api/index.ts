import { WECHAT_API_BASE_URL, type WechatApiConfig } from '../config'
import { HttpsWechatApi } from './https-client'
import { WechatApiSandbox } from './sandbox'
import type { WechatApi } from './types'

export * from './types'
export { HttpsWechatApi } from './https-client'
export { WechatApiSandbox, SANDBOX_ERRORS } from './sandbox'

/**
 * WeChat as configured: the real API, the sandbox (with its handle for tests), or none. With
 * WECHAT_API=off the real API is still there when the subscription messages' mini-program needs its token.
 */
export function createWechatApi(
  config: WechatApiConfig,
  now: () => Date,
  miniProgramToken = false,
): { api: WechatApi | null; sandbox: WechatApiSandbox | null } {
  if (config.mode === 'off') return { api: miniProgramToken ? new HttpsWechatApi(WECHAT_API_BASE_URL) : null, sandbox: null }
  if (config.mode === 'sandbox') {
    const sandbox = new WechatApiSandbox(now, { appId: config.appId, secret: config.secret })
    return { api: sandbox, sandbox }
  }
  return { api: new HttpsWechatApi(config.baseUrl), sandbox: null }
}
