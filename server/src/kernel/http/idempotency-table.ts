/**
 * Requests that must happen once (submit a registration, save or pay an order): the client sends
 * a key it made for this one intent and repeats it on every retry. The first request to commit
 * keeps its answer here; a retry with the same key gets that answer instead of doing it again
 * (kernel/http/idempotency.ts). Rows older than IDEMPOTENCY_RULES.keepMs are removed by the cleanup job.
 */
import { index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** what kind of request (the call's path): one key cannot answer two different calls */
    scope: varchar('scope', { length: 120 }).notNull(),
    userId: integer('user_id').notNull(),
    key: varchar('key', { length: 64 }).notNull(),
    /** sha256 of the request body: the same key with another body is refused, not answered */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)
