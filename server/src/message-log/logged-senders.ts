/**
 * The senders the app hands out: each provider's sender wrapped so that every message it is
 * given, by a job or directly, is written to the message log (record.ts) with its outcome.
 */
import type { MessageSender, OutgoingMessage } from '../kernel/messaging/types'
import type { SubscribeMessage, SubscribeMessageSender, SubscribeSendResult } from '../wechat/subscribe/types'
import { SENT, type MessageLog } from './record'

export class LoggedSender implements MessageSender {
  constructor(
    private readonly inner: MessageSender,
    private readonly log: MessageLog,
  ) {}

  send(message: OutgoingMessage): Promise<void> {
    return this.log.record(
      { channel: message.channel, recipient: message.to, tag: message.tag },
      () => this.inner.send(message),
      () => SENT,
    )
  }
}

export class LoggedSubscribeSender implements SubscribeMessageSender {
  constructor(
    private readonly inner: SubscribeMessageSender,
    private readonly log: MessageLog,
  ) {}

  send(message: SubscribeMessage): Promise<SubscribeSendResult> {
    return this.log.record(
      { channel: 'wechat', recipient: message.openid, tag: { lang: message.lang === 'en_US' ? 'en' : 'zh' } },
      () => this.inner.send(message),
      // WeChat will never take this one: failed, and the job sends the SMS instead (its own row)
      (r) => (r.delivered ? SENT : { state: 'failed', reason: `${r.errcode}: ${r.reason}` }),
    )
  }
}
