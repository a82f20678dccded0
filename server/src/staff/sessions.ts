/**
 * Console sessions: created at login, resolved from the `authorization` header of every staff
 * call (kernel/http/route.ts, auth 'staff'), ended by logout, a password change or their age.
 * They live in their own table, so an attendee's token is unknown here and a staff token is
 * unknown to the attendee calls. The caller's roles are read with the session on every call: a
 * role taken away stops working at once, on every instance.
 */
import type { MsgId } from '@contracts/messages'
import type { StaffRole } from '@contracts/admin/roles'
import type { Queryable, Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import { hashToken, newToken } from '../auth/rules/tokens'
import { STAFF_RULES } from './rules/staff-rules'
import { TOUCH_EVERY_MS, sessionExpiry, sessionState } from './rules/sessions'
import {
  deleteStaffSessionsEndedBefore,
  insertStaffSession,
  revokeStaffSession,
  revokeStaffSessionsBeyond,
  sessionByTokenHash,
  touchStaffSession,
} from './repositories/sessions'
import { lockStaff, rolesOf, type StaffRow } from './repositories/staff'

export interface StaffSession {
  sessionId: number
  staff: StaffRow
  /** event id → the caller's role there */
  roles: Map<number, StaffRole>
  /** event id → code, for the caller's profile */
  eventCodes: Map<number, string>
}

export async function createStaffSession(tx: Tx, staffId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken()
  const expiresAt = sessionExpiry(now)
  await lockStaff(tx, staffId)
  await insertStaffSession(tx, { tokenHash: hashToken(token), staffId, createdAt: now, expiresAt, lastSeenAt: now })
  await revokeStaffSessionsBeyond(tx, staffId, STAFF_RULES.sessions.maxLive, now)
  return { token, expiresAt }
}

const TOKEN_SHAPE = /^[0-9a-f]{64}$/i

export async function resolveStaffSession(deps: Pick<Deps, 'db'>, token: string, now: Date): Promise<{ session: StaffSession } | { msgId: MsgId }> {
  if (!token) return { msgId: 'EAUT0003' }
  if (!TOKEN_SHAPE.test(token)) return { msgId: 'EAUT0005' }
  const row = await sessionByTokenHash(deps.db, hashToken(token.toLowerCase()))
  if (!row) return { msgId: 'EAUT0005' }
  const state = sessionState(row.s, now)
  if (state === 'revoked' || row.staff.disabled) return { msgId: 'EAUT0005' }
  if (state === 'expired') return { msgId: 'EAUT0004' }
  if (now.getTime() - row.s.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await touchStaffSession(deps.db, row.s.id, now)
  return { session: await withRoles(deps.db, row.s.id, row.staff) }
}

async function withRoles(q: Queryable, sessionId: number, staff: StaffRow): Promise<StaffSession> {
  const rows = await rolesOf(q, staff.id)
  return {
    sessionId,
    staff,
    roles: new Map(rows.map((r) => [r.eventId, r.role as StaffRole])),
    eventCodes: new Map(rows.map((r) => [r.eventId, r.eventCode])),
  }
}

export async function staffLogout(deps: Pick<Deps, 'db' | 'now'>, session: StaffSession): Promise<null> {
  await revokeStaffSession(deps.db, session.sessionId, deps.now())
  return null
}

/** sessions that ended (their age reached, or revoked) before `before`: the cleanup job's; returns how many */
export const deleteEndedStaffSessions = (tx: Tx, before: Date): Promise<number> => deleteStaffSessionsEndedBefore(tx, before)
