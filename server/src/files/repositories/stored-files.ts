/** stored_files and storage_removals as the cleanup of unclaimed files reads them: SQL only. */
import { and, asc, inArray, lt, not, sql, type SQL } from 'drizzle-orm'
import { UPLOAD_FIELDS } from '@contracts/register-form'
import type { Tx } from '../../kernel/db/client'
import { signupContacts, storageRemovals, storedFiles } from '../../kernel/db/schema'

/**
 * A file is claimed when a registration names it: the contact of its owner at its event holds its
 * code in an upload field. A draft's file (no user yet) is claimed by no one; an attendee's old
 * photo, replaced by an edit, no longer is.
 */
const claimed: SQL = sql`exists (select 1 from ${signupContacts} c where c.event_id = ${storedFiles.eventId} and c.user_id = ${storedFiles.userId} and (${sql.join(
  UPLOAD_FIELDS.map((field) => sql`c."values"->>${field} = ${storedFiles.fileCode}`),
  sql` or `,
)}))`

/**
 * Deletes up to `limit` files uploaded before `before` that no registration claims; resolves with
 * their storage keys. The candidates are locked first (SKIP LOCKED: a file a registration is
 * claiming right now is passed over), then checked again by a second statement, which sees every
 * claim committed before the lock was taken: a claim that waits for the lock finds no file and
 * fails (EREG2009) instead of naming deleted bytes.
 */
export async function deleteUnclaimedFiles(tx: Tx, before: Date, limit: number): Promise<Array<{ storageKey: string }>> {
  const candidates = await tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(lt(storedFiles.createdAt, before), not(claimed)))
    .orderBy(storedFiles.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  if (candidates.length === 0) return []
  return tx
    .delete(storedFiles)
    .where(
      and(
        inArray(
          storedFiles.id,
          candidates.map((c) => c.id),
        ),
        not(claimed),
      ),
    )
    .returning({ storageKey: storedFiles.storageKey })
}

/** keys whose bytes are to be removed once the transaction that wrote them commits (a key already there stays once) */
export async function addStorageRemovals(tx: Tx, keys: string[], now: Date): Promise<void> {
  if (keys.length)
    await tx
      .insert(storageRemovals)
      .values(keys.map((key) => ({ key, since: now })))
      .onConflictDoNothing()
}

/** up to `limit` keys still to be removed, the oldest first */
export async function pendingStorageRemovals(tx: Tx, limit: number): Promise<string[]> {
  const rows = await tx.select({ key: storageRemovals.key }).from(storageRemovals).orderBy(asc(storageRemovals.since), asc(storageRemovals.key)).limit(limit)
  return rows.map((r) => r.key)
}

/** the keys whose bytes are gone */
export async function deleteStorageRemovals(tx: Tx, keys: string[]): Promise<void> {
  if (keys.length) await tx.delete(storageRemovals).where(inArray(storageRemovals.key, keys))
}
