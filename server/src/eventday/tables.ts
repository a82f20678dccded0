/**
 * Event day: what the event shows at the venue and what attendees do there.
 * Everything hangs off an event; a person's rows are keyed by (event, user) like a login is.
 */
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core'
import type { Contact, EntryKey, PageBlock, Venue } from '@contracts/calls/eventday'
import type { DeskScanResult } from '@contracts/admin/desk'
import { events, users } from '../kernel/db/core-tables'
import { staff } from '../staff/tables'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const eventRef = () =>
  integer('event_id')
    .notNull()
    .references(() => events.id)
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id)

/** One row per event: its home entries, information, venue, contacts and travel rules text. */
export const eventDaySettings = pgTable('event_day_settings', {
  eventId: eventRef().primaryKey(),
  entries: jsonb('entries').$type<EntryKey[]>().notNull(),
  activityZh: text('activity_zh').notNull().default(''),
  activityEn: text('activity_en').notNull().default(''),
  venue: jsonb('venue').$type<Venue | null>(),
  contacts: jsonb('contacts').$type<Contact[]>().notNull(),
  travelRulesTitleZh: text('travel_rules_title_zh').notNull().default(''),
  travelRulesTitleEn: text('travel_rules_title_en').notNull().default(''),
  travelRulesZh: text('travel_rules_zh').notNull().default(''),
  travelRulesEn: text('travel_rules_en').notNull().default(''),
  updatedAt: ts('updated_at').notNull(),
})

/** Where attendees check themselves in (a door, a desk): its code is signed, not stored. */
export const checkinPoints = pgTable(
  'checkin_points',
  {
    id: serial('id').primaryKey(),
    eventId: eventRef(),
    pointCode: varchar('point_code', { length: 32 }).notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
  },
  (t) => [uniqueIndex('checkin_points_event_code_uq').on(t.eventId, t.pointCode)],
)

/**
 * One check-in per attendee and event: the first one counts (the unique index makes a second,
 * concurrent or later, a no-op that reads the first). `checked_in_at` is when it happened (a scan
 * queued offline says when it was made), `received_at` when the server got it.
 */
export const checkins = pgTable(
  'checkins',
  {
    id: serial('id').primaryKey(),
    eventId: eventRef(),
    userId: userRef(),
    /** 'scan' | 'staff' */
    method: varchar('method', { length: 16 }).notNull(),
    /** null for a staff check-in */
    pointId: integer('point_id').references(() => checkinPoints.id),
    checkedInAt: ts('checked_in_at').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [uniqueIndex('checkins_event_user_uq').on(t.eventId, t.userId)],
)

/**
 * Every scan a check-in desk sent (eventday/desk/sync.ts), by the id the phone made for it: a scan
 * sent again (a retry after a lost answer, a queue synced twice) gets the stored answer and changes
 * nothing. `answer` is written in the transaction that decides the scan.
 */
export const deskScans = pgTable(
  'desk_scans',
  {
    scanId: uuid('scan_id').primaryKey(),
    eventId: eventRef(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    answer: jsonb('answer').$type<DeskScanResult>(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [index('desk_scans_event_idx').on(t.eventId, t.receivedAt)],
)

/** The attendee's personal attendance code: a random token, the same every time it is shown. */
export const attendanceCodes = pgTable(
  'attendance_codes',
  {
    eventId: eventRef(),
    userId: userRef(),
    token: varchar('token', { length: 16 }).notNull().unique(),
    issuedAt: ts('issued_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
)

export const feedbacks = pgTable(
  'feedbacks',
  {
    id: serial('id').primaryKey(),
    eventId: eventRef(),
    userId: userRef(),
    /** 'suggestion' | 'problem' | 'other' */
    category: varchar('category', { length: 16 }).notNull(),
    content: text('content').notNull(),
    contact: varchar('contact', { length: 254 }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('feedbacks_event_idx').on(t.eventId, t.createdAt)],
)

/** Table and seat of an attendee at the event's dinner or plenary. */
export const seatAssignments = pgTable(
  'seat_assignments',
  {
    eventId: eventRef(),
    userId: userRef(),
    tableNo: varchar('table_no', { length: 16 }).notNull(),
    seatNo: varchar('seat_no', { length: 16 }).notNull().default(''),
    hallZh: text('hall_zh').notNull().default(''),
    hallEn: text('hall_en').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
)

/** Organiser-designed pages (/designIndex, /customTempIndex): a list of blocks the client renders. */
export const eventPages = pgTable(
  'event_pages',
  {
    id: serial('id').primaryKey(),
    eventId: eventRef(),
    /** 'design' | 'custom' */
    kind: varchar('kind', { length: 16 }).notNull(),
    pageCode: varchar('page_code', { length: 64 }).notNull(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    blocks: jsonb('blocks').$type<PageBlock[]>().notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('event_pages_event_kind_code_uq').on(t.eventId, t.kind, t.pageCode)],
)
