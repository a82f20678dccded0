/** registration_forms, signup_contacts, signup_followers, stored_files: SQL only. */
import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { FormConfig, FormValues } from '@contracts/register-form'
import type { Queryable, Tx } from '../../kernel/db/client'
import { attendees, registrationForms, signupContacts, signupFollowers, storedFiles, users } from '../../kernel/db/schema'

export type ContactRow = typeof signupContacts.$inferSelect
export type FollowerRow = typeof signupFollowers.$inferSelect
export type FileRow = typeof storedFiles.$inferSelect

export async function findForm(q: Queryable, eventId: number): Promise<FormConfig | null> {
  const [row] = await q.select({ config: registrationForms.config }).from(registrationForms).where(eq(registrationForms.eventId, eventId))
  // a row without a form (a test setting only the activity limit) is no form
  return row && Array.isArray((row.config as Partial<FormConfig>).attendeeTypes) ? (row.config as unknown as FormConfig) : null
}

export async function saveForm(q: Queryable, eventId: number, form: FormConfig, now: Date): Promise<void> {
  const values = { maxActivities: form.maxActivities, config: form as unknown as Record<string, unknown>, updatedAt: now }
  await q
    .insert(registrationForms)
    .values({ eventId, ...values })
    .onConflictDoUpdate({ target: registrationForms.eventId, set: values })
}

export async function findUserForRegistration(q: Queryable, by: { mobile?: string; email?: string }) {
  const conds = [by.mobile ? eq(users.mobile, by.mobile) : undefined, by.email ? eq(users.email, by.email) : undefined].filter((c) => c !== undefined)
  if (conds.length === 0) return undefined
  const [row] = await q
    .select()
    .from(users)
    .where(or(...conds))
    .orderBy(sql`${users.mobile} is null`)
    .limit(1)
  return row
}

export async function insertUser(tx: Tx, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning()
  return row
}

/** the new attendee, or undefined when the person is already registered for the event */
export async function insertAttendee(tx: Tx, values: typeof attendees.$inferInsert) {
  const [row] = await tx.insert(attendees).values(values).onConflictDoNothing().returning()
  return row
}

export async function insertContact(tx: Tx, values: typeof signupContacts.$inferInsert): Promise<ContactRow> {
  const [row] = await tx.insert(signupContacts).values(values).returning()
  return row
}

export async function findContactOf(q: Queryable, eventId: number, userId: number): Promise<ContactRow | undefined> {
  const [row] = await q
    .select()
    .from(signupContacts)
    .where(and(eq(signupContacts.eventId, eventId), eq(signupContacts.userId, userId)))
  return row
}

export async function resultsByCodes(q: Queryable, eventId: number, codes: string[]) {
  if (codes.length === 0) return []
  return q
    .select({ contactCode: signupContacts.contactCode, contactType: signupContacts.contactType, status: attendees.status })
    .from(signupContacts)
    .innerJoin(attendees, eq(attendees.id, signupContacts.attendeeId))
    .where(and(eq(signupContacts.eventId, eventId), inArray(signupContacts.contactCode, codes)))
}

export async function updateContactValues(tx: Tx, contactId: number, values: FormValues, now: Date): Promise<ContactRow> {
  const [row] = await tx.update(signupContacts).set({ values, updatedAt: now }).where(eq(signupContacts.id, contactId)).returning()
  return row
}

export async function updateUserFromForm(
  tx: Tx,
  userId: number,
  changes: Partial<Pick<typeof users.$inferInsert, 'name' | 'company' | 'idNumber'>>,
  now: Date,
) {
  await tx
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId))
}

export async function insertFollower(tx: Tx, values: typeof signupFollowers.$inferInsert): Promise<FollowerRow> {
  const [row] = await tx.insert(signupFollowers).values(values).returning()
  return row
}

export async function listFollowersOf(q: Queryable, contactId: number): Promise<FollowerRow[]> {
  return q.select().from(signupFollowers).where(eq(signupFollowers.contactId, contactId)).orderBy(signupFollowers.id)
}

export async function countFollowersOfType(q: Queryable, contactId: number, followerType: string): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(signupFollowers)
    .where(and(eq(signupFollowers.contactId, contactId), eq(signupFollowers.followerType, followerType)))
  return Number(row.n)
}

export async function updateFollowerValues(tx: Tx, id: number, values: FormValues, now: Date): Promise<FollowerRow> {
  const [row] = await tx.update(signupFollowers).set({ values, updatedAt: now }).where(eq(signupFollowers.id, id)).returning()
  return row
}

export async function deleteFollower(tx: Tx, id: number): Promise<void> {
  await tx.delete(signupFollowers).where(eq(signupFollowers.id, id))
}

// --- files ---

export async function insertFile(q: Queryable, values: typeof storedFiles.$inferInsert): Promise<FileRow> {
  const [row] = await q.insert(storedFiles).values(values).returning()
  return row
}

export async function findFile(q: Queryable, fileCode: string): Promise<FileRow | undefined> {
  const [row] = await q.select().from(storedFiles).where(eq(storedFiles.fileCode, fileCode))
  return row
}

/** `lock`: held until the transaction ends, so the cleanup of unclaimed files (files/cleanup-job.ts) waits for the claim */
export async function filesByCodes(q: Queryable, eventId: number, codes: string[], lock = false): Promise<FileRow[]> {
  if (codes.length === 0) return []
  const query = q
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.eventId, eventId), inArray(storedFiles.fileCode, codes)))
  return lock ? query.for('update') : query
}

/** files of one owner at an event: a user, or a device's draft before registering */
export async function countFilesOf(q: Queryable, eventId: number, owner: { userId: number } | { draftId: string }): Promise<number> {
  const who = 'userId' in owner ? eq(storedFiles.userId, owner.userId) : and(eq(storedFiles.draftId, owner.draftId), isNull(storedFiles.userId))
  const [row] = await q
    .select({ n: count() })
    .from(storedFiles)
    .where(and(eq(storedFiles.eventId, eventId), who))
  return Number(row.n)
}

/** the draft's files named by the form become the new attendee's */
export async function claimDraftFiles(tx: Tx, eventId: number, draftId: string, codes: string[], userId: number): Promise<number> {
  if (codes.length === 0) return 0
  const rows = await tx
    .update(storedFiles)
    .set({ userId })
    .where(and(eq(storedFiles.eventId, eventId), eq(storedFiles.draftId, draftId), isNull(storedFiles.userId), inArray(storedFiles.fileCode, codes)))
    .returning({ id: storedFiles.id })
  return rows.length
}

export async function findUserById(q: Queryable, userId: number) {
  const [row] = await q.select().from(users).where(eq(users.id, userId))
  return row
}

/** holds an attendee's registration until the transaction ends: their follower changes go one at a time */
export async function lockContact(tx: Tx, contactId: number): Promise<void> {
  await tx.select({ id: signupContacts.id }).from(signupContacts).where(eq(signupContacts.id, contactId)).for('update')
}

export async function setPasswordHash(tx: Tx, userId: number, passwordHash: string, now: Date): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId))
}
