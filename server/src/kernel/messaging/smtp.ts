/**
 * E-mail over SMTP (nodemailer). One connection per message: login codes are few, and a pool
 * would keep sockets open to a relay that may drop idle clients.
 */
import nodemailer, { type Transporter } from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'
import type { EmailConfig } from '../../config'
import { MessageSendError } from './errors'
import type { MessageSender, OutgoingMessage } from './types'

export type SmtpConfig = Extract<EmailConfig, { provider: 'smtp' }>

/**
 * nodemailer waits minutes by default; the person is looking at a spinner, and codes.ts gives the
 * send back on failure, so fail within seconds instead.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

export class SmtpSender implements MessageSender {
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>

  constructor(
    private readonly config: SmtpConfig,
    timeouts: Partial<typeof SMTP_TIMEOUTS> = {},
  ) {
    const server: SMTPTransport.Options = config.url
      ? { url: config.url }
      : {
          host: config.host,
          port: config.port,
          // 465 is implicit TLS; other ports upgrade with STARTTLS when the server offers it
          secure: config.port === 465,
          auth: config.user ? { user: config.user, pass: config.pass } : undefined,
        }
    this.transport = nodemailer.createTransport({
      ...server,
      ...SMTP_TIMEOUTS,
      ...timeouts,
      // our messages are plain text we wrote: never let a message field read a file or a URL
      disableFileAccess: true,
      disableUrlAccess: true,
    })
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel !== 'email') throw new MessageSendError('smtp', `cannot carry ${message.channel}`)
    try {
      await this.transport.sendMail({ from: this.config.from, to: message.to, subject: message.subject, text: message.text })
    } catch (err) {
      throw new MessageSendError('smtp', describe(err))
    }
  }
}

/**
 * nodemailer's code (ESOCKET, ETIMEDOUT, EENVELOPE, EAUTH …), the socket's (ECONNREFUSED …), the
 * server's reply code and the command it refused: enough to act on, and no address in it
 */
function describe(err: unknown): string {
  const e = (err ?? {}) as { code?: unknown; originalCode?: unknown; responseCode?: unknown; command?: unknown }
  const parts = [e.code, e.originalCode, e.responseCode, e.command].filter((p) => typeof p === 'string' || typeof p === 'number')
  return parts.length ? parts.join(' ') : 'send failed'
}
