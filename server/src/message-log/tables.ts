/**
 * The message log: one row per SMS, e-mail or WeChat subscription message the server sends, with
 * its delivery state. Written where each provider is called (message-log/logged-senders.ts), so
 * every path, a job or a direct send, is logged; a message's text is never kept (a login code
 * must never be readable by staff).
 */
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { events, users } from '../kernel/db/core-tables'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const messageLog = pgTable(
  'message_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** null: a message of no event the sender knew of */
    eventId: integer('event_id').references(() => events.id),
    /** the attendee's account, when the sender knew it (a login code goes to a number, maybe nobody's yet) */
    userId: integer('user_id').references(() => users.id),
    /** 'sms' | 'email' | 'wechat' */
    channel: varchar('channel', { length: 8 }).notNull(),
    /** the mobile, e-mail address or openid, whole (masked when shown) */
    recipient: varchar('recipient', { length: 320 }).notNull(),
    /** what the message is: a job's kind ('register.notice', 'train.sms' …) or 'login.code' */
    kind: varchar('kind', { length: 64 }).notNull(),
    /** 'zh' | 'en'; null when the sender did not say */
    lang: varchar('lang', { length: 2 }),
    /** 'queued' | 'sent' | 'failed' */
    state: varchar('state', { length: 8 }).notNull(),
    /** the provider's reason of the last failed attempt */
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    sentAt: ts('sent_at'),
    /** the notice to attendees this message is part of */
    noticeId: integer('notice_id'),
    /** one row per job ('job:<id>'), whatever its attempts; null for a direct send */
    key: varchar('key', { length: 64 }),
  },
  (t) => [uniqueIndex('message_log_key_uq').on(t.key), index('message_log_event_idx').on(t.eventId, t.id)],
)
