import type { WechatApiConfig } from '../config'
import { HttpsWechatApi } from './https-client'
import { WechatApiSandbox } from './sandbox'
import type { WechatApi } from './types'

export * from './types'
export { HttpsWechatApi } from './https-client'
export { WechatApiSandbox, SANDBOX_ERRORS } from './sandbox'

/** WeChat as configured: the real API, the sandbox (with its handle for tests), or none */
export function createWechatApi(config: WechatApiConfig, now: () => Date): { api: WechatApi | null; sandbox: WechatApiSandbox | null } {
  if (config.mode === 'off') return { api: null, sandbox: null }
  if (config.mode === 'sandbox') {
    const sandbox = new WechatApiSandbox(now, { appId: config.appId, secret: config.secret })
    return { api: sandbox, sandbox }
  }
  return { api: new HttpsWechatApi(config.baseUrl), sandbox: null }
}
