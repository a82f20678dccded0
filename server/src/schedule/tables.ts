/**
 * Sub-events of an event (spec §7 cmsEventInfoChildrenSchedule, signupScheduleSummary; the form's
 * "activities attended"): the agenda, some of whose sessions are activities attendees sign up for.
 *
 * `taken` is the count of rows in sub_event_signups for the sub-event, kept on the row so a sign-up
 * is one conditional UPDATE (`taken < capacity`): PostgreSQL makes concurrent sign-ups for the same
 * sub-event wait on that row and re-checks the condition after the wait, so a place is never sold
 * twice (schedule/schedule.ts; tested on PostgreSQL in server/test/schedule.test.ts).
 */
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { attendees, events, users } from '../kernel/db/core-tables'
import { eventColumn, ts } from '../kernel/db/columns'

export const subEvents = pgTable(
  'sub_events',
  {
    id: serial('id').primaryKey(),
    eventId: eventColumn(),
    code: varchar('code', { length: 64 }).notNull(),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    trackZh: text('track_zh').notNull().default(''),
    trackEn: text('track_en').notNull().default(''),
    venueZh: text('venue_zh').notNull().default(''),
    venueEn: text('venue_en').notNull().default(''),
    speakerZh: text('speaker_zh').notNull().default(''),
    speakerEn: text('speaker_en').notNull().default(''),
    summaryZh: text('summary_zh').notNull().default(''),
    summaryEn: text('summary_en').notNull().default(''),
    signupOpen: boolean('signup_open').notNull().default(false),
    /** null: no limit */
    capacity: integer('capacity'),
    taken: integer('taken').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('sub_events_event_code_uq').on(t.eventId, t.code), index('sub_events_event_start_idx').on(t.eventId, t.startTime)],
)

/** who signed up for which sub-event: one row per attendee and sub-event */
export const subEventSignups = pgTable(
  'sub_event_signups',
  {
    id: serial('id').primaryKey(),
    eventId: eventColumn(),
    subEventId: integer('sub_event_id')
      .notNull()
      .references(() => subEvents.id, { onDelete: 'cascade' }),
    attendeeId: integer('attendee_id')
      .notNull()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('sub_event_signups_sub_attendee_uq').on(t.subEventId, t.attendeeId), index('sub_event_signups_attendee_idx').on(t.attendeeId)],
)

/**
 * The registration rules of an event, loaded from an organiser's JSON file (npm run register:load):
 * the form (fields, order, required, labels), follower types, audit and edit rules in `config`
 * (contracts/register-form.ts), and the activity limit as a column because the schedule reads it.
 */
export const registrationForms = pgTable('registration_forms', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id),
  /** activities one attendee may sign up for; null: no limit */
  maxActivities: integer('max_activities'),
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  updatedAt: ts('updated_at').notNull(),
})
