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
  /** what the message log records of it beyond its channel and recipient (a job's own payload tells the rest) */
  tag?: MessageTag
}

/** who and what a message is for, as its sender knows it */
export interface MessageTag {
  eventId?: number | null
  userId?: number | null
  /** 'login.code', or a job's kind (the default for a message a job sends) */
  kind?: string
  lang?: 'zh' | 'en' | null
  noticeId?: number | null
}

export interface MessageSender {
  /** resolves when the gateway accepted the message; rejects if it did not */
  send(message: OutgoingMessage): Promise<void>
}
