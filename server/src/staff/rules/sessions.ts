/** When a console session has ended: its maximum age, or its idle time since the last call. */
import { STAFF_RULES } from './staff-rules'

const R = STAFF_RULES.sessions

export const sessionExpiry = (createdAt: Date): Date => new Date(createdAt.getTime() + R.maxAgeMs)

/** 'expired': past its age or idle too long; 'live' otherwise */
export function sessionState(s: { expiresAt: Date; lastSeenAt: Date; revokedAt: Date | null }, now: Date): 'revoked' | 'expired' | 'live' {
  if (s.revokedAt) return 'revoked'
  if (s.expiresAt.getTime() <= now.getTime()) return 'expired'
  if (s.lastSeenAt.getTime() + R.idleMs <= now.getTime()) return 'expired'
  return 'live'
}

/** a call less than this after the last recorded one does not write lastSeenAt again */
export const TOUCH_EVERY_MS = 60_000
