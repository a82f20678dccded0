/** Sending SMS and e-mail. Real gateways (an SMS vendor, SMTP) implement the same interface later. */
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
