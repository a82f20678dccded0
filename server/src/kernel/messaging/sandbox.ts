/**
 * Sandbox sender: nothing leaves the machine. Outside production each message is kept in the dev
 * outbox, where a developer reads the code. The log only says that a message was kept and for
 * whom (masked): a log is shipped and kept far longer than an outbox, and a code in it is a login.
 * `failNext` lets a test make the gateway refuse (ECODE1003 path).
 */
import type { FastifyBaseLogger } from 'fastify'
import { maskEmail, maskMobile } from '../mask'
import type { DevOutbox } from './outbox'
import type { MessageSender, OutgoingMessage } from './types'

export class SandboxSender implements MessageSender {
  private failures = 0

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly outbox: DevOutbox | null,
    private readonly now: () => Date,
  ) {}

  /** make the next `count` sends fail, as a gateway outage would */
  failNext(count = 1): void {
    this.failures = count
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (this.failures > 0) {
      this.failures--
      throw new Error('sandbox gateway: simulated failure')
    }
    const to = message.channel === 'sms' ? maskMobile(message.to) : maskEmail(message.to)
    this.log.info({ channel: message.channel, to }, this.outbox ? 'sandbox message kept in /dev/outbox' : 'sandbox message dropped')
    this.outbox?.add(message, this.now())
  }
}
