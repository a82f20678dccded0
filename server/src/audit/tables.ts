/** The audit log: one row per change made in the organisers' console, never updated or deleted. */
import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'
import { events } from '../kernel/db/core-tables'
import { staff } from '../staff/tables'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    /** null: a change to no event (a staff account) */
    eventId: integer('event_id').references(() => events.id),
    action: varchar('action', { length: 32 }).notNull(),
    target: varchar('target', { length: 64 }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_event_idx').on(t.eventId, t.id)],
)
