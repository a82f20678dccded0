/** railway_sessions / railway_accounts: the railway logins of attendees and the sandbox's accounts. */
import { and, eq, gt } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { railwayAccounts, railwaySessions } from '../../kernel/db/schema'

export type RailwaySessionRow = typeof railwaySessions.$inferSelect

export async function findRailwaySession(q: Queryable, userId: number): Promise<RailwaySessionRow | undefined> {
  const [row] = await q.select().from(railwaySessions).where(eq(railwaySessions.userId, userId))
  return row
}

export async function saveRailwaySession(q: Queryable, s: RailwaySessionRow): Promise<void> {
  await q
    .insert(railwaySessions)
    .values(s)
    .onConflictDoUpdate({ target: railwaySessions.userId, set: { account: s.account, expiresAt: s.expiresAt, createdAt: s.createdAt } })
}

/**
 * Moves a login's expiry to `expiresAt` if it is still alive at `now`, in one statement
 * (every booking and search checks and keeps the login alive); false when there is none or it had
 * expired.
 */
export async function touchLiveRailwaySession(q: Queryable, userId: number, now: Date, expiresAt: Date): Promise<boolean> {
  const rows = await q
    .update(railwaySessions)
    .set({ expiresAt })
    .where(and(eq(railwaySessions.userId, userId), gt(railwaySessions.expiresAt, now)))
    .returning({ userId: railwaySessions.userId })
  return rows.length > 0
}

/** the sandbox's account (seed): created once, its password left alone afterwards */
export async function ensureRailwayAccount(q: Queryable, account: string, passwordHash: string, now: Date): Promise<void> {
  await q.insert(railwayAccounts).values({ account, passwordHash, createdAt: now }).onConflictDoNothing()
}
