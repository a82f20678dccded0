/**
 * Tables of the API server. One schema for PGlite and PostgreSQL; drizzle-kit generates the SQL
 * migrations from this file (`npm run db:generate`), never edit a generated migration by hand.
 *
 * Times are `timestamptz` and always written from the app's clock (`app.now()`), not from SQL
 * defaults, so tests can move time and so every instance agrees on "now" in the same way.
 */
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
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
    /** `scrypt$N$r$p$salt$hash` (see domain/passwords.ts); null: no password login */
    passwordHash: text('password_hash'),
    idNumber: varchar('id_number', { length: 32 }),
    company: text('company'),
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
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('attendees_event_user_uq').on(t.eventId, t.userId)],
)

/** Login sessions. Only the sha256 of the token is kept: a leaked table cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/**
 * One row per destination as typed (sms:13800138000, email:a+x@b.c): the current code. Every check
 * locks this row (SELECT … FOR UPDATE) first, which makes a code single-use and its wrong-answer
 * count exact under concurrency. The send limits are counted in `rate_counters`, per normalised
 * address (domain/addresses.ts).
 */
export const loginCodes = pgTable('login_codes', {
  destination: varchar('destination', { length: 300 }).primaryKey(),
  /** HMAC of the current code; null once used (single use) or after a failed send */
  codeHash: varchar('code_hash', { length: 64 }),
  eventCode: varchar('event_code', { length: 64 }),
  expiresAt: ts('expires_at'),
  /** wrong answers for the current code */
  attempts: integer('attempts').notNull().default(0),
  usedAt: ts('used_at'),
})

/**
 * Wrong-password state, locked like login_codes: one row per user name (lower-cased) from every
 * address together (`address` = ''), and one per user name and client address (domain/addresses.ts
 * addressKey). See domain/password-throttle.ts for the rules.
 */
export const passwordThrottle = pgTable(
  'password_throttle',
  {
    /** lower-cased, so it may be longer than the 64 characters typed ('İ' lower-cases to two) */
    userNameKey: varchar('user_name_key', { length: 256 }).notNull(),
    /** '' for the account row; the client address (IPv6: its /64) for a pair row */
    address: varchar('address', { length: 64 }).notNull().default(''),
    failures: integer('failures').notNull().default(0),
    windowStart: ts('window_start'),
    lockedUntil: ts('locked_until'),
    lastFailureAt: ts('last_failure_at'),
    /** after this the row no longer changes any answer: the cleanup job deletes it */
    forgetAfter: ts('forget_after'),
  },
  (t) => [primaryKey({ columns: [t.userNameKey, t.address] })],
)

/**
 * Every request limit and code counter, for all instances alike: one row per key and fixed window,
 * counted with an atomic upsert (INSERT … ON CONFLICT DO UPDATE … RETURNING, lib/rate-limits.ts).
 * A cooldown ("60 s between two codes") is a row whose window opens at the accepted request and
 * lasts until `expires_at`. The cleanup job deletes rows whose window has ended.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: varchar('key', { length: 400 }).notNull(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull(),
    /** end of the window (exclusive) */
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_counters_expires_idx').on(t.expiresAt)],
)

export const pageViews = pgTable(
  'page_views',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    userId: integer('user_id').references(() => users.id),
    type: varchar('type', { length: 200 }).notNull(),
    viewWay: varchar('view_way', { length: 16 }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('page_views_event_idx').on(t.eventId, t.createdAt)],
)

/**
 * Work that runs later (cleanup now; order deadlines, ticketing and refunds in later slices): one
 * row per job with the time it is due. A timer on every instance claims due rows with
 * `FOR UPDATE SKIP LOCKED` (jobs/runner.ts), so several instances share the work and none does a
 * job twice. `key` makes a job a singleton (one cleanup job, one deadline per order).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 64 }).notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    dueAt: ts('due_at').notNull(),
    /** failed runs since the last success */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
    /** set when a one-off job is done (recurring jobs move their dueAt instead) */
    doneAt: ts('done_at'),
  },
  (t) => [uniqueIndex('jobs_kind_key_uq').on(t.kind, t.key), index('jobs_due_idx').on(t.dueAt)],
)
