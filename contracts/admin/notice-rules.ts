/** The numbers of a notice to attendees, read alike by the console and the server (server/src/notices/). */
export const NOTICE_RULES = {
  /** each language's template, in characters (it goes into one SMS) */
  templateMaxLength: 300,
  /** attendees one notice reaches at most */
  maxRecipients: 5000,
  /** messages handed to each provider per minute, over every notice of every event */
  perMinute: { sms: 60, email: 120 },
  /** rows of one insert (the recipients, their jobs, their messages) */
  insertRows: 1000,
  /** the console's idempotency key of a notice, in characters */
  keyMaxLength: 64,
} as const
