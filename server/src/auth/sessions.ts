/** Login sessions: create, resolve from the `authorization` header, and the user view of a session. */
import type { UserInfo } from '@contracts/event'
import type { MsgId } from '@contracts/messages'
import type { AppDb, Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import { AUTH_RULES } from './rules/auth-rules'
import { TickLoader } from '../kernel/cache/tick-loader'
import { hashToken, md5Hex, newToken } from './rules/tokens'
import type { EventRow } from '../events/repositories/events'
import { sessionsByTokenHashesQuery, insertSession, revokeSession, revokeSessionsBeyond, type SessionWithParts } from './repositories/sessions'
import { lockUserForSessions, type AttendeeRow, type UserRow } from './repositories/users'

export type { AttendeeRow, UserRow }

export interface SessionInfo {
  sessionId: number
  expiresAt: Date
  user: UserRow
  event: EventRow
  attendee: AttendeeRow | null
}

/**
 * A new session; the person's live sessions at the event beyond AUTH_RULES.sessions.maxLivePerUserEvent
 * (the oldest) are revoked in the same transaction, so a script logging in all day cannot pile
 * them up.
 */
export async function createSession(
  tx: Tx,
  deps: Pick<Deps, 'searchCaches'>,
  args: { userId: number; eventId: number; now: Date; ttlHours: number },
): Promise<{ token: string; tokenMd5: string; expiresAt: Date }> {
  const token = newToken()
  const expiresAt = new Date(args.now.getTime() + args.ttlHours * 3600_000)
  await lockUserForSessions(tx, args.userId)
  await insertSession(tx, { tokenHash: hashToken(token), userId: args.userId, eventId: args.eventId, createdAt: args.now, expiresAt })
  deps.searchCaches.sessionsRevoked(await revokeSessionsBeyond(tx, args, AUTH_RULES.sessions.maxLivePerUserEvent, args.now))
  return { token, tokenMd5: md5Hex(token), expiresAt }
}

/**
 * Ends every live session of a person at an event (disabled there by the organisers); returns
 * their ids, for the session cache to forget once the transaction commits.
 */
export const revokeSessionsAt = (tx: Tx, who: { userId: number; eventId: number }, now: Date): Promise<number[]> => revokeSessionsBeyond(tx, who, 0, now)

/** logout: the caller's token stops working at once, on every instance */
export async function logout(deps: Pick<Deps, 'db' | 'now' | 'searchCaches'>, session: SessionInfo): Promise<null> {
  await revokeSession(deps.db, session.sessionId, deps.now())
  deps.searchCaches.sessionsRevoked([session.sessionId])
  return null
}

const TOKEN_SHAPE = /^[0-9a-f]{64}$/i

export type SessionLookups = TickLoader<string, SessionWithParts>

/**
 * The app's session lookups (deps.sessionLookups, built in app.ts), batched per turn of the event
 * loop (kernel/cache/tick-loader.ts): the requests that arrive together resolve their sessions in one query.
 * Nothing is cached: each lookup reads the rows as they are when its batch's query runs, so a
 * logout or a revocation committed before it is seen exactly as a query of its own would see it.
 */
export const newSessionLookups = (db: AppDb): SessionLookups => new TickLoader(sessionsByTokenHashesQuery(db))

/**
 * The session of a token, or the msgId that says why there is none. Outside any transaction (the
 * route resolves the caller before the handler starts): the lookup joins its turn's batch.
 */
export async function resolveSession(deps: Pick<Deps, 'sessionLookups'>, token: string, now: Date): Promise<{ session: SessionInfo } | { msgId: MsgId }> {
  if (!token) return { msgId: 'EAUT0003' }
  // not one of our tokens: no need to ask the database
  if (!TOKEN_SHAPE.test(token)) return { msgId: 'EAUT0005' }
  const row = await deps.sessionLookups.load(hashToken(token.toLowerCase()))
  // a person disabled at the event (register/attendee-disable.ts) has their sessions revoked; the
  // row is read here too, so a login racing the disable cannot leave one that works
  if (!row || row.s.revokedAt || row.attendee?.disabled) return { msgId: 'EAUT0005' }
  if (row.s.expiresAt.getTime() <= now.getTime()) return { msgId: 'EAUT0004' }
  return {
    session: { sessionId: row.s.id, expiresAt: row.s.expiresAt, user: row.user, event: row.event, attendee: row.attendee },
  }
}

/**
 * resolveSession through the session cache (search-caches.ts), for read-only calls that use
 * only who the caller is (`route(…, { cachedSession: true })`: the searches). A revoked session is
 * refused at once when this process revoked it, within SESSION_CACHE_TTL_MS when another did;
 * expiry is checked against the app's clock on every hit. The rows it carries (user, event,
 * registration) may be that old too, which is why calls that read or change them do not use it.
 */
export async function resolveCachedSession(
  deps: Pick<Deps, 'sessionLookups' | 'searchCaches'>,
  token: string,
  now: Date,
): Promise<{ session: SessionInfo } | { msgId: MsgId }> {
  if (!token || !TOKEN_SHAPE.test(token)) return resolveSession(deps, token, now)
  let refused: { msgId: MsgId } | null = null
  const hit = await deps.searchCaches.sessions.get(hashToken(token.toLowerCase()), async () => {
    const res = await resolveSession(deps, token, now)
    if ('session' in res) return res.session
    refused = res
    return undefined
  })
  // (refused is null when this request joined another one's load)
  if (!hit) return refused ?? resolveSession(deps, token, now)
  if (hit.expiresAt.getTime() <= now.getTime()) return { msgId: 'EAUT0004' }
  return { session: hit }
}

/** the response view of a person at an event (never the row itself: it holds the password hash) */
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

export const profileOf = (s: SessionInfo): UserInfo => toUserInfo(s.user, s.event, s.attendee)
