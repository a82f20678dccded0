/**
 * The sender build() uses: each channel goes to its configured gateway (config.ts: SMS_PROVIDER,
 * EMAIL_PROVIDER / SMTP_*). When both channels are the sandbox, the one SandboxSender itself is
 * returned, so tests can still reach its `failNext`.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import { MessageSendError } from './errors'
import type { DevOutbox } from './outbox'
import { SandboxSender } from './sandbox'
import { SmtpSender } from './smtp'
import { TencentSmsSender, type TencentSmsClient } from './tencent-sms'
import type { MessageSender, OutgoingMessage } from './types'

type Channel = OutgoingMessage['channel']

/** Routes a message to the sender of its channel. */
export class ChannelSender implements MessageSender {
  constructor(private readonly senders: Record<Channel, MessageSender>) {}

  send(message: OutgoingMessage): Promise<void> {
    return this.senders[message.channel].send(message)
  }
}

/** A channel this deployment does not serve: every send fails, so the caller answers ECODE1003. */
export class UnavailableSender implements MessageSender {
  constructor(private readonly reason: string) {}

  async send(message: OutgoingMessage): Promise<void> {
    throw new MessageSendError(message.channel, this.reason)
  }
}

export interface SenderDeps {
  log: FastifyBaseLogger
  outbox: DevOutbox | null
  now: () => Date
  /** the Tencent Cloud SDK client; absent: the real one (tests inject a fake) */
  tencentSmsClient?: TencentSmsClient
}

export function createSender(config: Pick<Config, 'isProduction' | 'sms' | 'email'>, deps: SenderDeps): MessageSender {
  let sandbox: SandboxSender | undefined
  const sandboxOr = (channel: Channel): MessageSender =>
    // server.ts refuses to start like this; an app built for a test with a production config
    // must still not pretend to deliver
    config.isProduction ? new UnavailableSender(`no ${channel} sender configured`) : (sandbox ??= new SandboxSender(deps.log, deps.outbox, deps.now))

  const sms =
    config.sms.provider === 'tencent'
      ? new TencentSmsSender(config.sms, deps.tencentSmsClient)
      : config.sms.provider === 'off'
        ? new UnavailableSender('SMS is off (SMS_PROVIDER=off)')
        : sandboxOr('sms')
  const email =
    config.email.provider === 'smtp'
      ? new SmtpSender(config.email)
      : config.email.provider === 'off'
        ? new UnavailableSender('e-mail is off (EMAIL_PROVIDER=off)')
        : sandboxOr('email')
  return sms === email ? sms : new ChannelSender({ sms, email })
}
