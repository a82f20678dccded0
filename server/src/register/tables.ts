/**
 * Registrations: what an attendee filled in, their followers, and uploaded files.
 * The login side of a registration stays in `attendees` (status, user type = attendee type) and
 * `users` (name, mobile, e-mail for logging in); the rest of the form is kept as submitted in
 * `values` (contracts/register-form.ts FormValues, checked before it is written).
 */
import { index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import type { FormValues } from '@contracts/register-form'
import { attendees, users } from '../kernel/db/core-tables'
import { eventColumn, ownerColumns, ts } from '../kernel/db/columns'

/** one per attendee: the form as submitted and last edited */
export const signupContacts = pgTable(
  'signup_contacts',
  {
    id: serial('id').primaryKey(),
    ...ownerColumns(),
    attendeeId: integer('attendee_id')
      .notNull()
      .unique()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    /** public, unguessable code of the registration (result page, getByContactCode) */
    contactCode: varchar('contact_code', { length: 32 }).notNull().unique(),
    contactType: varchar('contact_type', { length: 32 }).notNull(),
    values: jsonb('values').$type<FormValues>().notNull(),
    /** an organiser's decision on a registration under review (register/review.ts): when, and the reason told */
    reviewedAt: ts('reviewed_at'),
    reviewReason: text('review_reason').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('signup_contacts_event_user_idx').on(t.eventId, t.userId)],
)

/** fellow travellers of an attendee (spec "follower") */
export const signupFollowers = pgTable(
  'signup_followers',
  {
    id: serial('id').primaryKey(),
    ...ownerColumns(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => signupContacts.id, { onDelete: 'cascade' }),
    followerType: varchar('follower_type', { length: 32 }).notNull(),
    values: jsonb('values').$type<FormValues>().notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('signup_followers_contact_idx').on(t.contactId)],
)

/**
 * Uploaded files (photo, attachment). The bytes live with the storage provider
 * (kernel/storage) under `storage_key`; a file belongs to a user at an event, or, before the
 * person has registered, to the device's draft key (claimed by the registration that names it).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: serial('id').primaryKey(),
    fileCode: varchar('file_code', { length: 40 }).notNull(),
    eventId: eventColumn(),
    userId: integer('user_id').references(() => users.id),
    draftId: varchar('draft_id', { length: 64 }),
    field: varchar('field', { length: 16 }).notNull(),
    name: text('name').notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('stored_files_code_uq').on(t.fileCode),
    index('stored_files_draft_idx').on(t.draftId),
    // the cleanup of unclaimed files reads the oldest first (files/cleanup-job.ts)
    index('stored_files_created_idx').on(t.createdAt),
  ],
)
