/** users (people) and attendees (a person's registration for an event). */
import { and, eq, sql } from 'drizzle-orm'
import type { Lang } from '@contracts/messages'
import type { Queryable, Tx } from '../../kernel/db/client'
import { attendees, users } from '../../kernel/db/schema'

export type UserRow = typeof users.$inferSelect
export type AttendeeRow = typeof attendees.$inferSelect

export async function findUserByContact(q: Queryable, by: { mobile: string } | { email: string }): Promise<UserRow | undefined> {
  const [row] = await q
    .select()
    .from(users)
    .where('mobile' in by ? eq(users.mobile, by.mobile) : eq(users.email, by.email))
  return row
}

/** user names are unique case-insensitively; `key` is lower-cased */
export async function findUserByUserName(q: Queryable, key: string): Promise<UserRow | undefined> {
  const [row] = await q
    .select()
    .from(users)
    .where(sql`lower(${users.userName}) = ${key}`)
  return row
}

export async function findAttendee(q: Queryable, eventId: number, userId: number): Promise<AttendeeRow | undefined> {
  const [row] = await q
    .select()
    .from(attendees)
    .where(and(eq(attendees.eventId, eventId), eq(attendees.userId, userId)))
  return row
}

export async function updateUser(q: Queryable, userId: number, changes: Partial<Pick<UserRow, 'name' | 'company'>>, now: Date): Promise<UserRow> {
  const [row] = await q
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId))
    .returning()
  return row
}

/**
 * Records the language a person uses; writes only when it changed (the WHERE makes a repeat a
 * no-op, so a stale cached session cannot make it a write per request).
 */
export async function setUserLang(q: Queryable, userId: number, lang: Lang): Promise<void> {
  await q
    .update(users)
    .set({ lang })
    .where(and(eq(users.id, userId), sql`${users.lang} is distinct from ${lang}`))
}

/** the language a person's SMS and e-mail are written in (Chinese when never told, spec §1 default) */
export async function userLang(q: Queryable, userId: number): Promise<Lang> {
  const [row] = await q.select({ lang: users.lang }).from(users).where(eq(users.id, userId))
  return row?.lang === 'en' ? 'en' : 'zh'
}

/**
 * Locks a person's row until the transaction ends, so that their logins create and count sessions
 * one at a time. NO KEY UPDATE: rows that merely reference the person (a page view) are not held up.
 */
export async function lockUserForSessions(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
}
