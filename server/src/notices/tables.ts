/**
 * Notices to attendees: one row per notice sent from the console, and one per attendee it reached
 * (unique: an attendee gets a notice once, whatever happens to the request).
 */
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { events, users } from '../kernel/db/core-tables'
import { staff } from '../staff/tables'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    /** the console's key of this notice: the same key again is this notice, not another */
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    /** 'sms' | 'email' | 'own' */
    channel: varchar('channel', { length: 8 }).notNull(),
    templateZh: text('template_zh').notNull(),
    templateEn: text('template_en').notNull(),
    /** the attendee list's filter it was sent with */
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    /** messages queued */
    queued: integer('queued').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('notices_event_key_uq').on(t.eventId, t.idempotencyKey)],
)

export const noticeRecipients = pgTable(
  'notice_recipients',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** the job that sends it (its row in the message log is 'job:<id>') */
    jobId: integer('job_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('notice_recipients_job_idx').on(t.jobId)],
)
