/**
 * Loading a record that belongs to someone: every call that takes an id loads its record through
 * this, so changing a number in a request can never reach another attendee's order, passenger,
 * follower or file. A record that is missing and one that is someone else's get the same answer
 * (ESYS0004), so ids cannot be probed either.
 */
import { and, eq, type InferSelectModel } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Queryable } from './client'
import { AppError } from '../errors'

/** whose records: a person at one event (a token is issued for one event) */
export interface Owner {
  userId: number
  eventId: number
}

export const ownerOf = (s: { user: { id: number }; event: { id: number } }): Owner => ({ userId: s.user.id, eventId: s.event.id })

export type OwnedTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn; eventId: AnyPgColumn }

export async function loadOwned<T extends OwnedTable>(
  q: Queryable,
  table: T,
  id: number,
  owner: Owner,
  opts: { forUpdate?: boolean } = {},
): Promise<InferSelectModel<T>> {
  const query = q
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.userId, owner.userId), eq(table.eventId, owner.eventId)))
  const [row] = opts.forUpdate ? await query.for('update') : await query
  if (!row) throw new AppError('ESYS0004')
  return row as InferSelectModel<T>
}
