/**
 * rate_counters: every request limit and code counter, shared by all instances. Each statement is
 * one atomic upsert, so parallel requests on any number of instances count exactly (no read, then
 * write: two requests could both read 4 and both write 5).
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { rateCounters } from '../db/schema'
import type { Window } from '../time/time'

/** the start of a cooldown row's one and only window (a cooldown is timed by its expires_at) */
const COOLDOWN_WINDOW = new Date(0)

/** counts one hit of `key` in `window`; resolves with the hits in that window, this one included */
export async function countHit(q: Queryable, key: string, window: Window): Promise<number> {
  const [row] = await q
    .insert(rateCounters)
    .values({ key, windowStart: window.start, hits: 1, expiresAt: window.end })
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.windowStart],
      set: { hits: sql`${rateCounters.hits} + 1` },
    })
    .returning({ hits: rateCounters.hits })
  return row.hits
}

/** the hits of `key` in `window` so far (0: none) */
export async function readHits(q: Queryable, key: string, window: Window): Promise<number> {
  const [row] = await q
    .select({ hits: rateCounters.hits })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, window.start)))
  return row?.hits ?? 0
}

/** starts the count of `key` in `window` again (hits 0) */
export async function resetHits(q: Queryable, key: string, window: Window): Promise<void> {
  await q
    .update(rateCounters)
    .set({ hits: 0 })
    .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, window.start)))
}

/**
 * Adds `amount` to `key` in `window` unless that would take it over `limit`: true when added. One
 * statement (the update happens only when the sum stays within the limit), so parallel callers on
 * any number of instances never pass the limit together, and a refusal adds nothing.
 */
export async function addWithin(q: Queryable, key: string, window: Window, amount: number, limit: number): Promise<boolean> {
  if (amount > limit) return false
  const rows = await q
    .insert(rateCounters)
    .values({ key, windowStart: window.start, hits: amount, expiresAt: window.end })
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.windowStart],
      set: { hits: sql`${rateCounters.hits} + ${amount}` },
      setWhere: sql`${rateCounters.hits} + ${amount} <= ${limit}`,
    })
    .returning({ key: rateCounters.key })
  return rows.length === 1
}

/** gives one hit back (a send that failed) */
export async function uncountHit(q: Queryable, key: string, window: Window): Promise<void> {
  await q
    .update(rateCounters)
    .set({ hits: sql`greatest(${rateCounters.hits} - 1, 0)` })
    .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, window.start)))
}

/**
 * Starts a cooldown of `key` until `until` unless one is running at `now`: true when this caller
 * got it. The conflicting row is updated only when its cooldown is over, in the same statement,
 * so of parallel callers exactly one gets true.
 */
export async function claimCooldown(q: Queryable, key: string, now: Date, until: Date): Promise<boolean> {
  const rows = await q
    .insert(rateCounters)
    .values({ key, windowStart: COOLDOWN_WINDOW, hits: 1, expiresAt: until })
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.windowStart],
      set: { hits: sql`${rateCounters.hits} + 1`, expiresAt: until },
      setWhere: lte(rateCounters.expiresAt, now),
    })
    .returning({ key: rateCounters.key })
  return rows.length === 1
}

/** ends a cooldown at `now` (the send it guarded failed) */
export async function endCooldown(q: Queryable, key: string, now: Date): Promise<void> {
  await q
    .update(rateCounters)
    .set({ expiresAt: now })
    .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, COOLDOWN_WINDOW)))
}

/**
 * A mark: `key` holds until `until` (a requester a person logged in from). Set again, it holds
 * until the later moment; it lives in the cooldown window, so the clean-up deletes it when over.
 */
export async function setMark(q: Queryable, key: string, until: Date): Promise<void> {
  await q
    .insert(rateCounters)
    .values({ key, windowStart: COOLDOWN_WINDOW, hits: 1, expiresAt: until })
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.windowStart],
      set: { hits: sql`${rateCounters.hits} + 1`, expiresAt: sql`greatest(${rateCounters.expiresAt}, excluded.expires_at)` },
    })
}

/** whether the mark `key` holds at `now` */
export async function hasMark(q: Queryable, key: string, now: Date): Promise<boolean> {
  const rows = await q
    .select({ key: rateCounters.key })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, COOLDOWN_WINDOW), gt(rateCounters.expiresAt, now)))
  return rows.length > 0
}

/** rows whose window (or cooldown) is over at `now`; returns how many */
export async function deleteEndedCounters(q: Queryable, now: Date): Promise<number> {
  const gone = await q.delete(rateCounters).where(lte(rateCounters.expiresAt, now)).returning({ k: rateCounters.key })
  return gone.length
}
