/** password_throttle: wrong-password counter per user name (lower-cased), locked like login_codes. */
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Queryable, Tx } from '../db/client'
import { passwordThrottle } from '../db/schema'

export type ThrottleRow = typeof passwordThrottle.$inferSelect

export async function lockThrottleRow(tx: Tx, userNameKey: string): Promise<ThrottleRow> {
  await tx.insert(passwordThrottle).values({ userNameKey }).onConflictDoNothing()
  const [row] = await tx.select().from(passwordThrottle).where(eq(passwordThrottle.userNameKey, userNameKey)).for('update')
  return row
}

export async function updateThrottleRow(q: Queryable, userNameKey: string, changes: Partial<Omit<ThrottleRow, 'userNameKey'>>): Promise<void> {
  await q.update(passwordThrottle).set(changes).where(eq(passwordThrottle.userNameKey, userNameKey))
}

/** rows with no lock in force and no failure window still open */
export async function deleteIdleThrottleRows(q: Queryable, now: Date, windowStartedBefore: Date): Promise<number> {
  const gone = await q
    .delete(passwordThrottle)
    .where(
      and(
        or(isNull(passwordThrottle.lockedUntil), lt(passwordThrottle.lockedUntil, now)),
        or(isNull(passwordThrottle.windowStart), lt(passwordThrottle.windowStart, windowStartedBefore)),
      ),
    )
    .returning({ k: passwordThrottle.userNameKey })
  return gone.length
}
