/** sessions: only the sha256 of a token is stored. */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { AppDb, Queryable } from '../../kernel/db/client'
import { attendees, events, sessions, users } from '../../kernel/db/schema'
import type { EventRow } from '../../events/repositories/events'
import type { AttendeeRow, UserRow } from './users'

export type SessionRow = typeof sessions.$inferSelect

export async function insertSession(q: Queryable, s: Omit<typeof sessions.$inferInsert, 'id'>): Promise<void> {
  await q.insert(sessions).values(s)
}

export interface SessionWithParts {
  s: SessionRow
  user: UserRow
  event: EventRow
  attendee: AttendeeRow | null
}

/** the select of a session with its person, event and registration (one shape for every lookup) */
const sessionSelect = (q: Queryable) =>
  q
    .select({ s: sessions, user: users, event: events, attendee: attendees })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(events, eq(events.id, sessions.eventId))
    .leftJoin(attendees, and(eq(attendees.eventId, sessions.eventId), eq(attendees.userId, sessions.userId)))

/**
 * The query of the sessions of several token hashes at once (auth/sessions.ts batches the
 * lookups of concurrent requests), answering them keyed by token hash. Made once per app by the
 * composition root, its statement named once (drizzle's prepare): the hashes travel as one JSON
 * array, so the statement's text is the same whatever their number.
 */
export function sessionsByTokenHashesQuery(db: AppDb): (tokenHashes: readonly string[]) => Promise<Map<string, SessionWithParts>> {
  const prepare = () =>
    sessionSelect(db)
      .where(sql`${sessions.tokenHash} in (select json_array_elements_text(${sql.placeholder('hashes')}::json))`)
      .prepare('sessions_by_token_hashes')
  // prepared at the first lookup, not when the app is built (building touches no database)
  let prepared: ReturnType<typeof prepare> | null = null
  return async (tokenHashes) => {
    prepared ??= prepare()
    const rows = await prepared.execute({ hashes: JSON.stringify(tokenHashes) })
    return new Map(rows.map((r) => [r.s.tokenHash, r]))
  }
}

/**
 * Revokes the live sessions of a person at an event beyond the newest `keep` (at `now`); returns
 * their ids. Callers serialise the logins of one person first (`lockUserForSessions`), or two
 * parallel logins could each count the other's session out and keep one too many.
 */
export async function revokeSessionsBeyond(q: Queryable, who: { userId: number; eventId: number }, keep: number, now: Date): Promise<number[]> {
  const beyond = q
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, who.userId), eq(sessions.eventId, who.eventId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .offset(keep)
  const gone = await q.update(sessions).set({ revokedAt: now }).where(inArray(sessions.id, beyond)).returning({ id: sessions.id })
  return gone.map((g) => g.id)
}

/** revokes one session (logout); a session already revoked keeps its first time */
export async function revokeSession(q: Queryable, id: number, now: Date): Promise<void> {
  await q
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
}

/** sessions that ended (expired or revoked) before `before`; returns how many */
export async function deleteSessionsEndedBefore(q: Queryable, before: Date): Promise<number> {
  const gone = await q
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before))))
    .returning({ id: sessions.id })
  return gone.length
}
