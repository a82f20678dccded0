/**
 * In-memory record of what the sandbox sent, newest first, for GET /dev/outbox: browser tests
 * read a code the way a person reads their phone, and the WeChat subscription messages the sandbox
 * "sent" (channel `wechat`). Never used in production.
 */
import type { OutgoingMessage } from './types'

/** an SMS or e-mail, or a WeChat subscription message (`to` the openid, `subject` the template id) */
export interface OutboxMessage extends Omit<OutgoingMessage, 'channel' | 'tag'> {
  channel: OutgoingMessage['channel'] | 'wechat'
}

export interface OutboxEntry extends Required<Omit<OutboxMessage, 'code'>> {
  code: string | null
  sentAt: string
}

export class DevOutbox {
  private entries: OutboxEntry[] = []

  constructor(private readonly capacity = 500) {}

  add(message: OutboxMessage, sentAt: Date): void {
    this.entries.unshift({
      channel: message.channel,
      to: message.to,
      subject: message.subject,
      text: message.text,
      code: message.code ?? null,
      sentAt: sentAt.toISOString(),
    })
    if (this.entries.length > this.capacity) this.entries.length = this.capacity
  }

  list(to?: string): OutboxEntry[] {
    if (!to) return [...this.entries]
    const key = to.trim().toLowerCase()
    return this.entries.filter((e) => e.to.toLowerCase() === key)
  }

  clear(): void {
    this.entries = []
  }
}
