/** Login sessions: create, resolve from the `authorization` header, user info of a session. */
import { and, eq } from 'drizzle-orm'
import type { UserInfo } from '../../../contracts/event'
import type { MsgId } from '../../../contracts/messages'
import type { Queryable } from '../db/client'
import { attendees, events, sessions, users } from '../db/schema'
import { hashToken, md5Hex, newToken } from '../domain/tokens'
import type { EventRow } from './events'

export type UserRow = typeof users.$inferSelect
export type AttendeeRow = typeof attendees.$inferSelect

export interface SessionInfo {
  sessionId: number
  expiresAt: Date
  user: UserRow
  event: EventRow
  attendee: AttendeeRow | null
}

export async function createSession(
  db: Queryable,
  userId: number,
  eventId: number,
  now: Date,
  ttlHours: number,
): Promise<{ token: string; tokenMd5: string; expiresAt: Date }> {
  const token = newToken()
  const expiresAt = new Date(now.getTime() + ttlHours * 3600_000)
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, eventId, createdAt: now, expiresAt })
  return { token, tokenMd5: md5Hex(token), expiresAt }
}

const TOKEN_SHAPE = /^[0-9a-f]{64}$/i

/** The session of a token, or the msgId that says why there is none. */
export async function resolveSession(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ session: SessionInfo } | { msgId: MsgId }> {
  if (!token) return { msgId: 'EAUT0003' }
  // not one of our tokens: no need to ask the database
  if (!TOKEN_SHAPE.test(token)) return { msgId: 'EAUT0005' }
  const [row] = await db
    .select({ s: sessions, user: users, event: events, attendee: attendees })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(events, eq(events.id, sessions.eventId))
    .leftJoin(attendees, and(eq(attendees.eventId, sessions.eventId), eq(attendees.userId, sessions.userId)))
    .where(eq(sessions.tokenHash, hashToken(token.toLowerCase())))
  if (!row || row.s.revokedAt) return { msgId: 'EAUT0005' }
  if (row.s.expiresAt.getTime() <= now.getTime()) return { msgId: 'EAUT0004' }
  return {
    session: { sessionId: row.s.id, expiresAt: row.s.expiresAt, user: row.user, event: row.event, attendee: row.attendee },
  }
}

export function toUserInfo(user: UserRow, event: Pick<EventRow, 'eventCode'>, attendee: AttendeeRow | null): UserInfo {
  return {
    userCode: user.userCode,
    name: user.name,
    mobile: user.mobile,
    email: user.email,
    userName: user.userName,
    userType: attendee?.userType ?? 'attendee',
    company: user.company,
    eventCode: event.eventCode,
  }
}
