/**
 * Subscription messages that never leave the machine: each is kept in the dev outbox (channel
 * `wechat`, `to` the openid, `subject` the template id, `text` its fields one per line), read at
 * GET /dev/outbox as SMS are. A test may make the next sends answer a WeChat errcode (`answerNext`).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { DevOutbox } from '../../kernel/messaging/outbox'
import { resultOfAnswer, type SubscribeMessage, type SubscribeMessageSender, type SubscribeSendResult } from './types'

export class SandboxSubscribeSender implements SubscribeMessageSender {
  /** every message kept, oldest first (tests) */
  readonly sent: SubscribeMessage[] = []
  private answers: Array<{ errcode: number; errmsg: string }> = []

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly outbox: DevOutbox | null,
    private readonly now: () => Date,
  ) {}

  /** the next `times` sends answer this errcode (43101: the attendee refused …) */
  answerNext(errcode: number, errmsg = 'sandbox', times = 1): void {
    for (let i = 0; i < times; i++) this.answers.push({ errcode, errmsg })
  }

  reset(): void {
    this.sent.length = 0
    this.answers = []
  }

  async send(m: SubscribeMessage): Promise<SubscribeSendResult> {
    const told = this.answers.shift()
    if (told) return resultOfAnswer(told.errcode, told.errmsg)
    this.sent.push(m)
    const text = Object.entries(m.data)
      .map(([key, { value }]) => `${key}: ${value}`)
      .join('\n')
    this.outbox?.add({ channel: 'wechat', to: m.openid, subject: m.templateId, text }, this.now())
    this.log.info(
      { channel: 'wechat', templateId: m.templateId },
      this.outbox ? 'sandbox subscription message kept in /dev/outbox' : 'sandbox subscription message dropped',
    )
    return { delivered: true }
  }
}
