/**
 * login_codes: one row per destination as typed (sms:…, email:…) holding its current code. Every
 * check locks the row first (`lockCodeRow`), which is what makes a code single-use and its wrong
 * answers exact under concurrency. The send limits live in rate_counters.
 */
import { eq, isNull, lt, or } from 'drizzle-orm'
import type { Queryable, Tx } from '../../kernel/db/client'
import { loginCodes } from '../../kernel/db/schema'

export type LoginCodeRow = typeof loginCodes.$inferSelect
export type LoginCodeChanges = Partial<Omit<LoginCodeRow, 'destination'>>

/** the row of a destination, locked for this transaction (undefined: no code was ever sent) */
export async function lockCodeRow(tx: Tx, destination: string): Promise<LoginCodeRow | undefined> {
  const [row] = await tx.select().from(loginCodes).where(eq(loginCodes.destination, destination)).for('update')
  return row
}

/** the row of a destination, created empty when missing, locked for this transaction (a send decides under it) */
export async function lockOrCreateCodeRow(tx: Tx, destination: string): Promise<LoginCodeRow> {
  await tx.insert(loginCodes).values({ destination }).onConflictDoNothing()
  return (await lockCodeRow(tx, destination))!
}

/** stores a new current code for a destination (a parallel check waits for this row's lock) */
export async function putCode(
  q: Queryable,
  destination: string,
  code: Required<Pick<LoginCodeRow, 'codeHash' | 'codeSealed' | 'expiresAt' | 'eventCode'>>,
): Promise<void> {
  const row = { ...code, attempts: 0, usedAt: null }
  await q
    .insert(loginCodes)
    .values({ destination, ...row })
    .onConflictDoUpdate({ target: loginCodes.destination, set: row })
}

export async function updateCodeRow(q: Queryable, destination: string, changes: LoginCodeChanges): Promise<void> {
  await q.update(loginCodes).set(changes).where(eq(loginCodes.destination, destination))
}

/** rows whose code is over (expired, or cleared by a failed send); returns how many */
export async function deleteIdleCodeRows(q: Queryable, now: Date): Promise<number> {
  const gone = await q
    .delete(loginCodes)
    .where(or(isNull(loginCodes.expiresAt), lt(loginCodes.expiresAt, now)))
    .returning({ d: loginCodes.destination })
  return gone.length
}
