/**
 * Sandbox sender: nothing leaves the machine. Each message is logged and, outside production,
 * kept in the dev outbox. `failNext` lets a test make the gateway refuse (ECODE1003 path).
 */
import type { FastifyBaseLogger } from 'fastify'
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
    this.log.info({ channel: message.channel, to: message.to, subject: message.subject, text: message.text }, 'sandbox message sent')
    this.outbox?.add(message, this.now())
  }
}
