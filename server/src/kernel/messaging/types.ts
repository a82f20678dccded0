/** Sending SMS and e-mail: the sandbox, SMTP and Tencent Cloud SMS implement this (from-config.ts picks them). */
export interface OutgoingMessage {
  channel: 'sms' | 'email'
  /** mobile number or e-mail address */
  to: string
  /** e-mail subject; '' for SMS */
  subject: string
  text: string
  /** the verification code carried by the message, if any (kept for the dev outbox only) */
  code?: string
}

export interface MessageSender {
  /** resolves when the gateway accepted the message; rejects if it did not */
  send(message: OutgoingMessage): Promise<void>
}
