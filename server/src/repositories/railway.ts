/** railway_sessions / railway_accounts: the railway logins of attendees and the sandbox's accounts. */
import { eq } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { railwayAccounts, railwaySessions } from '../db/schema'

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

export async function touchRailwaySession(q: Queryable, userId: number, expiresAt: Date): Promise<void> {
  await q.update(railwaySessions).set({ expiresAt }).where(eq(railwaySessions.userId, userId))
}

/** the sandbox's account (seed): created once, its password left alone afterwards */
export async function ensureRailwayAccount(q: Queryable, account: string, passwordHash: string, now: Date): Promise<void> {
  await q.insert(railwayAccounts).values({ account, passwordHash, createdAt: now }).onConflictDoNothing()
}
