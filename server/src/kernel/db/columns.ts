/**
 * Columns the area tables share: times written from the app's clock, and the owner of a record
 * (a person at an event: kernel/db/owned.ts loadOwned checks both).
 */
import { integer, timestamp } from 'drizzle-orm/pg-core'
import { events, users } from './core-tables'

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** event_id and user_id, both required: whose record, at which event */
export const ownerColumns = () => ({
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
})

export const eventColumn = () =>
  integer('event_id')
    .notNull()
    .references(() => events.id)
