/**
 * The organisers' console's people: staff accounts (apart from the attendees' `users`), their role
 * at each event and their sessions. Tokens are kept as their sha256 only, like the attendees'.
 */
import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { events } from '../kernel/db/core-tables'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** lower case (staff/rules/accounts.ts USER_NAME) */
    userName: varchar('user_name', { length: 32 }).notNull(),
    name: text('name').notNull(),
    /** `scrypt$…` as attendees' (auth/rules/passwords.ts) */
    passwordHash: text('password_hash').notNull(),
    platformAdmin: boolean('platform_admin').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    /** the authenticator's secret, sealed with the server secret (staff/rules/totp.ts); null: none */
    totpSealed: text('totp_sealed'),
    /** a secret being set up, until a code from it is confirmed */
    totpPendingSealed: text('totp_pending_sealed'),
    /** the last time step a code was accepted for: a code is good once */
    totpLastStep: integer('totp_last_step'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('staff_user_name_uq').on(t.userName)],
)

/** one role per staff member per event (contracts/admin/roles.ts) */
export const staffRoles = pgTable(
  'staff_roles',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    role: varchar('role', { length: 16 }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.eventId] }), index('staff_roles_event_idx').on(t.eventId)],
)

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** the session ends this long after its last call (STAFF_RULES.sessions.idleMs) */
    lastSeenAt: ts('last_seen_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    index('staff_sessions_staff_idx')
      .on(t.staffId)
      .where(sql`revoked_at IS NULL`),
  ],
)
