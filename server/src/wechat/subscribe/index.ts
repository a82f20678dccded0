import type { FastifyBaseLogger } from 'fastify'
import type { DevOutbox } from '../../kernel/messaging/outbox'
import { WECHAT_API_BASE_URL, type SubscribeConfig, type WechatApiConfig } from '../config'
import { HttpsSubscribeSender } from './https-sender'
import { SandboxSubscribeSender } from './sandbox-sender'
import type { SubscribeMessageSender } from './types'

export * from './types'
export { HttpsSubscribeSender } from './https-sender'
export { SandboxSubscribeSender } from './sandbox-sender'

/** the sender config.wechatSubscribe names (with its sandbox handle for tests and dev), or none */
export function createSubscribeSender(
  config: { wechatSubscribe: SubscribeConfig; wechatApi: WechatApiConfig },
  deps: { log: FastifyBaseLogger; outbox: DevOutbox | null; now: () => Date; accessToken: (appId: string) => Promise<string | null> },
): { sender: SubscribeMessageSender | null; sandbox: SandboxSubscribeSender | null } {
  const s = config.wechatSubscribe
  if (s.provider === 'off') return { sender: null, sandbox: null }
  if (s.provider === 'sandbox') {
    const sandbox = new SandboxSubscribeSender(deps.log, deps.outbox, deps.now)
    return { sender: sandbox, sandbox }
  }
  const baseUrl = config.wechatApi.mode === 'wechat' ? config.wechatApi.baseUrl : WECHAT_API_BASE_URL
  return { sender: new HttpsSubscribeSender({ baseUrl, accessToken: deps.accessToken, miniProgramState: s.miniProgramState }), sandbox: null }
}
