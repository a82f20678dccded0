/**
 * Sending one subscription message (POST /cgi-bin/message/subscribe/send). Two implementations: the
 * real one over HTTPS (https-sender.ts) and the sandbox that keeps each message in /dev/outbox
 * (sandbox-sender.ts); app.ts picks one from config.wechatSubscribe.
 */
import type { TemplateData } from '../rules/notice-fields'

export interface SubscribeMessage {
  /** the mini-program the openid belongs to (its access token sends) */
  appId: string
  openid: string
  templateId: string
  /** the mini-program page the message opens, with its query */
  page: string
  data: TemplateData
  /** the language of the page it opens */
  lang: 'zh_CN' | 'en_US'
}

/**
 * delivered: WeChat took it. notDelivered: WeChat will never take this one (the attendee refused or
 * has no quota left, an openid or template WeChat does not know, a value it refuses): the notice goes
 * by SMS instead. Anything else (no answer, busy, a token WeChat no longer takes) throws, and the job
 * tries again later.
 */
export type SubscribeSendResult = { delivered: true } | { delivered: false; errcode: number; reason: string }

export interface SubscribeMessageSender {
  send(message: SubscribeMessage): Promise<SubscribeSendResult>
}

/**
 * WeChat's errcodes that say this message will never be delivered: 43101 the attendee refused or
 * used up the accept, 40003 an openid that is not the app's, 40037 / 43107 a template the app
 * does not have (or may not use), 47003 a value WeChat refuses, 41030 a page the app does not have.
 */
export const NOT_DELIVERABLE: ReadonlyMap<number, string> = new Map([
  [43101, 'the attendee refused, or has no accept left'],
  [40003, 'an openid WeChat does not know for this app'],
  [40037, 'a template id WeChat does not know'],
  [43107, 'the template may not be used'],
  [47003, 'a template value WeChat refuses'],
  [41030, 'a page the mini-program does not have'],
])

export class SubscribeSendError extends Error {
  name = 'SubscribeSendError'
  constructor(
    /** WeChat's errcode; null when there was no WeChat answer */
    readonly errcode: number | null,
    message: string,
  ) {
    super(message)
  }
}

/** WeChat's answer to a send: what it means for the notice */
export function resultOfAnswer(errcode: number, errmsg: string): SubscribeSendResult {
  if (errcode === 0) return { delivered: true }
  const reason = NOT_DELIVERABLE.get(errcode)
  if (reason) return { delivered: false, errcode, reason: `${reason} (${errmsg})` }
  throw new SubscribeSendError(errcode, `WeChat subscribe/send: errcode ${errcode} ${errmsg}`.trim())
}
