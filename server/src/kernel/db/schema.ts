/**
 * Tables of the API server. One schema for PGlite and PostgreSQL; drizzle-kit generates the SQL
 * migrations from this file (`npm run db:generate`), never edit a generated migration by hand.
 *
 * Times are `timestamptz` and always written from the app's clock (`app.now()`), not from SQL
 * defaults, so tests can move time and so every instance agrees on "now" in the same way.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { events, users } from './core-tables'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export * from './core-tables'

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
 * address and requester (auth/rules/addresses.ts).
 */
export const loginCodes = pgTable('login_codes', {
  destination: varchar('destination', { length: 300 }).primaryKey(),
  /** HMAC of the current code; null once used (single use) or after a failed send */
  codeHash: varchar('code_hash', { length: 64 }),
  /** the current code encrypted with the server secret, to send it again (auth/rules/codes.ts sealCode) */
  codeSealed: varchar('code_sealed', { length: 128 }),
  eventCode: varchar('event_code', { length: 64 }),
  expiresAt: ts('expires_at'),
  /** wrong answers for the current code from every requester (each requester's own are in rate_counters) */
  attempts: integer('attempts').notNull().default(0),
  usedAt: ts('used_at'),
})

/**
 * Wrong-password state, locked like login_codes: one row per user name (lower-cased) from every
 * address together (`address` = ''), and one per user name and client address (auth/rules/addresses.ts
 * addressKey). See auth/rules/password-throttle.ts for the rules.
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
 * counted with an atomic upsert (INSERT … ON CONFLICT DO UPDATE … RETURNING, kernel/limits/rate-counters.ts).
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
 * Work that runs later (clean-ups, order deadlines, ticketing, refunds): one
 * row per job with the time it is due. A timer on every instance claims due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease (`locked_by`, `locked_until`), commits, and only then runs
 * them (kernel/jobs/runner.ts, docs/jobs.md), so several instances share the work, none does a
 * job twice, and no provider call holds a transaction open. `key` makes a job a singleton (one
 * cleanup job, one deadline per order).
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
    /** the claim (instance and run) that holds the job until lockedUntil; null: free */
    lockedBy: varchar('locked_by', { length: 100 }),
    /** a claim past this is over (its instance crashed or hung): another instance may take the job */
    lockedUntil: ts('locked_until'),
    /** set after JOB_RULES.maxAttempts failures in a row: no longer run until an operator retries it */
    failedAt: ts('failed_at'),
  },
  (t) => [uniqueIndex('jobs_kind_key_uq').on(t.kind, t.key), index('jobs_due_idx').on(t.dueAt)],
)

// ---------------------------------------------------------------------------------------------
// Microsite (spec §7 cmsWebpage …). Who may see the microsite is the event's permissionType and
// someUserTypes above (spec §3 "microsite info": the event calls and the client guard read them
// there); these tables hold what it shows. Everything hangs off `cms_webpages` with ON DELETE
// CASCADE, so replacing a microsite is one delete and the inserts, in one transaction. Each row
// also carries event_id, so a code is always looked up within the caller's event.
// Rich text is stored sanitised (sanitize-html, at load time): nothing unsafe is ever kept.
// ---------------------------------------------------------------------------------------------

const bilingualTitle = () => ({ titleZh: text('title_zh').notNull(), titleEn: text('title_en').notNull() })

/** The microsite of an event: one per event, switched on or off as a whole. */
export const cmsWebpages = pgTable('cms_webpages', {
  id: serial('id').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .unique()
    .references(() => events.id),
  enabled: boolean('enabled').notNull().default(false),
  ...bilingualTitle(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
})

/** what each record of a microsite has: its event (codes are looked up within it) and its microsite (deleted with it) */
const micrositeRecord = () => ({
  id: serial('id').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id),
  webpageId: integer('webpage_id')
    .notNull()
    .references(() => cmsWebpages.id, { onDelete: 'cascade' }),
})

/** Pages of a microsite: homes (Sudoku grid or 2.5D) and detail pages, each with its own rule. */
export const cmsWebpagePages = pgTable(
  'cms_webpage_pages',
  {
    ...micrositeRecord(),
    pageCode: varchar('page_code', { length: 64 }).notNull(),
    /** 'home' | 'detail' */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** 'sudoku' | '2.5d' */
    style: varchar('style', { length: 16 }).notNull(),
    ...bilingualTitle(),
    bannerUrl: text('banner_url').notNull().default(''),
    /** null: only the microsite's rule applies */
    permissionType: integer('permission_type'),
    someUserTypes: jsonb('some_user_types').$type<string[]>().notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [uniqueIndex('cms_webpage_pages_event_code_uq').on(t.eventId, t.pageCode), index('cms_webpage_pages_webpage_idx').on(t.webpageId, t.sort)],
)

/** Modules of a page: grid tiles on a home, sections on a detail page. */
export const webpageModules = pgTable(
  'webpage_modules',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    pageId: integer('page_id')
      .notNull()
      .references(() => cmsWebpagePages.id, { onDelete: 'cascade' }),
    moduleCode: varchar('module_code', { length: 64 }).notNull(),
    sort: integer('sort').notNull(),
    /** 'page' | 'article' | 'album' | 'link' | 'text' */
    kind: varchar('kind', { length: 16 }).notNull(),
    icon: text('icon').notNull().default(''),
    color: varchar('color', { length: 7 }).notNull().default('#2563eb'),
    /** pageCode, articleCode, atlasCode or address (see ModuleView.target) */
    target: varchar('target', { length: 2000 }).notNull().default(''),
    embeddable: boolean('embeddable').notNull().default(false),
  },
  (t) => [uniqueIndex('webpage_modules_page_code_uq').on(t.pageId, t.moduleCode)],
)

/** A module's texts in one language (spec "webpageModuleLang"). */
export const webpageModuleLangs = pgTable(
  'webpage_module_langs',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => webpageModules.id, { onDelete: 'cascade' }),
    /** 'zh' | 'en' */
    lang: varchar('lang', { length: 2 }).notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    /** sanitised HTML (text modules) */
    contentHtml: text('content_html').notNull().default(''),
  },
  (t) => [uniqueIndex('webpage_module_langs_module_lang_uq').on(t.moduleId, t.lang)],
)

/** Articles of a microsite, read through a page that links to them. */
export const cmsArticles = pgTable(
  'cms_articles',
  {
    ...micrositeRecord(),
    articleCode: varchar('article_code', { length: 64 }).notNull(),
    ...bilingualTitle(),
    summaryZh: text('summary_zh').notNull().default(''),
    summaryEn: text('summary_en').notNull().default(''),
    coverUrl: text('cover_url').notNull().default(''),
    /** sanitised HTML */
    contentZh: text('content_zh').notNull(),
    contentEn: text('content_en').notNull(),
    publishedAt: ts('published_at').notNull(),
  },
  (t) => [uniqueIndex('cms_articles_event_code_uq').on(t.eventId, t.articleCode)],
)

/** Photo albums (spec "atlas"), read through a page that links to them. */
export const cmsAtlases = pgTable(
  'cms_atlases',
  {
    ...micrositeRecord(),
    atlasCode: varchar('atlas_code', { length: 64 }).notNull(),
    ...bilingualTitle(),
  },
  (t) => [uniqueIndex('cms_atlases_event_code_uq').on(t.eventId, t.atlasCode)],
)

/** The photos of an album (spec "atlasDetail"), paged in `sort` order. */
export const cmsAtlasPhotos = pgTable(
  'cms_atlas_photos',
  {
    id: serial('id').primaryKey(),
    atlasId: integer('atlas_id')
      .notNull()
      .references(() => cmsAtlases.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    captionZh: text('caption_zh').notNull().default(''),
    captionEn: text('caption_en').notNull().default(''),
  },
  (t) => [index('cms_atlas_photos_atlas_idx').on(t.atlasId, t.sort)],
)

// ---------------------------------------------------------------------------------------------
// The other areas' tables live in ./tables/<area>.ts, one file per area, re-exported here so
// drizzle-kit and the app see one schema.
// ---------------------------------------------------------------------------------------------
export * from '../http/idempotency-table'
export * from '../storage/tables'
export * from '../../payments/tables'
export * from '../../travel/tables'
export * from '../../train/tables'
export * from '../../air/tables'
export * from '../../eventday/tables'
export * from '../../schedule/tables'
export * from '../../register/tables'
export * from '../../train/aftersales/tables'
export * from '../../air/aftersales-tables'
export * from '../../wechat/tables'
export * from '../../staff/tables'
export * from '../../audit/tables'
export * from '../../message-log/tables'
export * from '../../notices/tables'
