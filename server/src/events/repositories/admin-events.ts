/** events as the organisers' console writes them, and its list. */
import { desc, eq, inArray, ne, and, or } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { events } from '../../kernel/db/schema'
import type { EventRow } from './events'

export type EventValues = Omit<typeof events.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>

export async function insertEvent(q: Queryable, values: EventValues, now: Date): Promise<EventRow> {
  const [row] = await q
    .insert(events)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning()
  return row
}

export async function updateEvent(q: Queryable, id: number, values: Partial<EventValues>, now: Date): Promise<EventRow> {
  const [row] = await q
    .update(events)
    .set({ ...values, updatedAt: now })
    .where(eq(events.id, id))
    .returning()
  return row
}

export async function lockEvent(q: Queryable, id: number): Promise<EventRow | undefined> {
  const [row] = await q.select().from(events).where(eq(events.id, id)).for('update')
  return row
}

/** whether another event (not `exceptId`) has this code or this hash code */
export async function codesTaken(q: Queryable, codes: { eventCode: string; eventHashCode: string }, exceptId: number | null): Promise<boolean> {
  const same = or(eq(events.eventCode, codes.eventCode), eq(events.eventHashCode, codes.eventHashCode))
  const [row] = await q
    .select({ id: events.id })
    .from(events)
    .where(exceptId === null ? same : and(same, ne(events.id, exceptId)))
    .limit(1)
  return !!row
}

/** the events of these ids (null: every event), latest start first */
export async function listEvents(q: Queryable, ids: number[] | null): Promise<EventRow[]> {
  if (ids && ids.length === 0) return []
  return q
    .select()
    .from(events)
    .where(ids ? inArray(events.id, ids) : undefined)
    .orderBy(desc(events.startTime), desc(events.id))
}
