/**
 * password_throttle: the wrong-password state of a user name (lower-cased) from every address
 * (`address` = ACCOUNT) and from one client address (the pair). Read without a lock for a cheap
 * refusal, then locked (account row first, then the pair: one order for everyone, no deadlock)
 * to record what happened.
 */
import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import type { Queryable, Tx } from '../../kernel/db/client'
import { passwordThrottle } from '../../kernel/db/schema'

export type ThrottleRow = typeof passwordThrottle.$inferSelect
export type ThrottleChanges = Partial<Omit<ThrottleRow, 'userNameKey' | 'address'>>

/** the address of the per-account row */
export const ACCOUNT = ''

export interface ThrottleRows<R = ThrottleRow | undefined> {
  account: R
  pair: R
}

const split = (rows: ThrottleRow[]) => ({
  account: rows.find((r) => r.address === ACCOUNT),
  pair: rows.find((r) => r.address !== ACCOUNT),
})

/** both rows as they are now, without a lock (missing rows: nothing recorded) */
export async function readThrottleRows(q: Queryable, userNameKey: string, address: string): Promise<ThrottleRows> {
  const rows = await q
    .select()
    .from(passwordThrottle)
    .where(and(eq(passwordThrottle.userNameKey, userNameKey), inArray(passwordThrottle.address, [ACCOUNT, address])))
  return split(rows)
}

/** both rows, created when missing, locked for this transaction */
export async function lockThrottleRows(tx: Tx, userNameKey: string, address: string): Promise<ThrottleRows<ThrottleRow>> {
  await tx
    .insert(passwordThrottle)
    .values([
      { userNameKey, address: ACCOUNT },
      { userNameKey, address },
    ])
    .onConflictDoNothing()
  // ORDER BY before FOR UPDATE: the rows are locked in that order (ACCOUNT '' first)
  const rows = await tx
    .select()
    .from(passwordThrottle)
    .where(and(eq(passwordThrottle.userNameKey, userNameKey), inArray(passwordThrottle.address, [ACCOUNT, address])))
    .orderBy(asc(passwordThrottle.address))
    .for('update')
  const { account, pair } = split(rows)
  return { account: account!, pair: pair! }
}

export async function updateThrottleRow(q: Queryable, userNameKey: string, address: string, changes: ThrottleChanges): Promise<void> {
  await q
    .update(passwordThrottle)
    .set(changes)
    .where(and(eq(passwordThrottle.userNameKey, userNameKey), eq(passwordThrottle.address, address)))
}

/** rows that no longer change any answer (auth/rules/password-throttle.ts forgetAfter); returns how many */
export async function deleteIdleThrottleRows(q: Queryable, now: Date): Promise<number> {
  const gone = await q
    .delete(passwordThrottle)
    .where(or(isNull(passwordThrottle.forgetAfter), lt(passwordThrottle.forgetAfter, now)))
    .returning({ k: passwordThrottle.userNameKey })
  return gone.length
}
