/**
 * The event, the person and their registration for the event: the tables every other area's table
 * points at. They live apart from schema.ts so the area files (./register, ./schedule …) import
 * them without importing schema.ts, which re-exports those area files.
 */
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import type { LoginExtraField, LoginMode } from '@contracts/event'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const events = pgTable('events', {
  id: serial('id').primaryKey(),
  eventCode: varchar('event_code', { length: 64 }).notNull().unique(),
  eventHashCode: varchar('event_hash_code', { length: 64 }).notNull().unique(),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  venueZh: text('venue_zh').notNull().default(''),
  venueEn: text('venue_en').notNull().default(''),
  startTime: ts('start_time').notNull(),
  endTime: ts('end_time').notNull(),
  /** IANA zone the event's times are shown in, e.g. 'Asia/Shanghai' (contracts/event.ts EventInfo.timeZone) */
  timeZone: varchar('time_zone', { length: 64 }).notNull().default('Asia/Shanghai'),
  enabled: boolean('enabled').notNull().default(true),
  loginModes: jsonb('login_modes').$type<LoginMode[]>().notNull(),
  loginExtraFields: jsonb('login_extra_fields').$type<LoginExtraField[]>().notNull(),
  permissionType: integer('permission_type').notNull().default(1),
  someUserTypes: jsonb('some_user_types').$type<string[]>().notNull(),
  // appearance (spec §3 "event settings") lives on the event: one row per event, read together
  shareTitle: text('share_title').notNull().default(''),
  shareSubTitle: text('share_sub_title').notNull().default(''),
  sharePic: text('share_pic').notNull().default(''),
  themeColor: varchar('theme_color', { length: 7 }).notNull().default('#1677ff'),
  bannerUrl: text('banner_url').notNull().default(''),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
})

/** A person. One person may attend many events (see `attendees`). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userCode: varchar('user_code', { length: 32 }).notNull().unique(),
    name: text('name').notNull(),
    /** mainland mobile, digits only */
    mobile: varchar('mobile', { length: 20 }).unique(),
    /** stored lower-cased so look-ups are case-insensitive */
    email: varchar('email', { length: 254 }).unique(),
    userName: varchar('user_name', { length: 64 }),
    /** `scrypt$N$r$p$salt$hash` (see auth/rules/passwords.ts); null: no password login */
    passwordHash: text('password_hash'),
    idNumber: varchar('id_number', { length: 32 }),
    company: text('company'),
    /** 'zh' | 'en': the language the person last used the app in, for their SMS and e-mail; null: never told (Chinese) */
    lang: varchar('lang', { length: 2 }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('users_user_name_lower_uq').on(sql`lower(${t.userName})`)],
)

/** Registration of a person for an event: who may log in to which event, and as what. */
export const attendees = pgTable(
  'attendees',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    userType: varchar('user_type', { length: 32 }).notNull().default('attendee'),
    /** 'approved' | 'auditing' | 'rejected' (spec §4 registration result) */
    status: varchar('status', { length: 16 }).notNull(),
    visitingCode: varchar('visiting_code', { length: 64 }),
    roomNumber: varchar('room_number', { length: 32 }),
    /** an organiser stopped this person at this event (register/attendee-disable.ts): no login, no session */
    disabled: boolean('disabled').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  // the second: the console's attendee list pages an event's attendees newest first
  (t) => [uniqueIndex('attendees_event_user_uq').on(t.eventId, t.userId), index('attendees_event_added_idx').on(t.eventId, t.createdAt, t.id)],
)
