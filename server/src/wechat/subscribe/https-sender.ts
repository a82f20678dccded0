/**
 * The real subscription-message sender: POST {base}/cgi-bin/message/subscribe/send?access_token=…
 * with the mini-program's access token (the stored one the credentials job keeps fresh). The base
 * URL is WECHAT_API_BASE_URL, so tests point it at a local server answering as WeChat does.
 */
import { WECHAT_CREDENTIAL_RULES } from '../rules/credential-rules'
import { resultOfAnswer, SubscribeSendError, type SubscribeMessage, type SubscribeMessageSender, type SubscribeSendResult } from './types'

export class HttpsSubscribeSender implements SubscribeMessageSender {
  constructor(
    private readonly o: {
      baseUrl: string
      /** the app's valid access token; null: none stored yet (the job tries again later) */
      accessToken: (appId: string) => Promise<string | null>
      miniProgramState: 'formal' | 'trial' | 'developer'
      timeoutMs?: number
    },
  ) {}

  async send(m: SubscribeMessage): Promise<SubscribeSendResult> {
    const token = await this.o.accessToken(m.appId)
    if (!token) throw new SubscribeSendError(null, `WeChat subscribe/send: no valid access token stored for ${m.appId} yet`)
    const body = { touser: m.openid, template_id: m.templateId, page: m.page, data: m.data, miniprogram_state: this.o.miniProgramState, lang: m.lang }
    let res: Response
    try {
      res = await fetch(new URL(`/cgi-bin/message/subscribe/send?${new URLSearchParams({ access_token: token })}`, this.o.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.o.timeoutMs ?? WECHAT_CREDENTIAL_RULES.requestTimeoutMs),
      })
    } catch (e) {
      throw new SubscribeSendError(null, `WeChat subscribe/send: no answer (${(e as Error).message})`)
    }
    if (!res.ok) throw new SubscribeSendError(null, `WeChat subscribe/send: HTTP ${res.status}`)
    let a: { errcode?: unknown; errmsg?: unknown }
    try {
      a = (await res.json()) as { errcode?: unknown; errmsg?: unknown }
    } catch {
      throw new SubscribeSendError(null, 'WeChat subscribe/send: an answer that is not JSON')
    }
    return resultOfAnswer(Number(a.errcode ?? 0), String(a.errmsg ?? ''))
  }
}
