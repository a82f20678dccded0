/**
 * login_codes: one row per destination (sms:…, email:…). Every send and every check locks the
 * row first (`lockCodeRow`), which is what makes single use and the limits race-safe.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Queryable, Tx } from '../db/client'
import { loginCodes } from '../db/schema'

export type LoginCodeRow = typeof loginCodes.$inferSelect
export type LoginCodeChanges = Partial<Omit<LoginCodeRow, 'destination'>>

/** the row of a destination, locked for this transaction; created first when missing */
export async function lockCodeRow(tx: Tx, destination: string, opts: { create: boolean }): Promise<LoginCodeRow | undefined> {
  if (opts.create) await tx.insert(loginCodes).values({ destination }).onConflictDoNothing()
  const [row] = await tx.select().from(loginCodes).where(eq(loginCodes.destination, destination)).for('update')
  return row
}

export async function updateCodeRow(q: Queryable, destination: string, changes: LoginCodeChanges): Promise<void> {
  await q.update(loginCodes).set(changes).where(eq(loginCodes.destination, destination))
}

/**
 * rows whose code is over and whose counters no longer matter: nothing sent since `sentBefore`
 * (the daily limit and the resend wait only look at today)
 */
export async function deleteIdleCodeRows(q: Queryable, now: Date, sentBefore: Date): Promise<number> {
  const gone = await q
    .delete(loginCodes)
    .where(
      and(
        or(isNull(loginCodes.expiresAt), lt(loginCodes.expiresAt, now)),
        or(isNull(loginCodes.lastSentAt), lt(loginCodes.lastSentAt, sentBefore)),
      ),
    )
    .returning({ d: loginCodes.destination })
  return gone.length
}
