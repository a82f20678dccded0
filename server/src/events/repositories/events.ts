/** events: read by code or hash (no writes outside the seed yet). */
import { eq } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { events } from '../../kernel/db/schema'

export type EventRow = typeof events.$inferSelect

export async function findEventByCode(q: Queryable, eventCode: string): Promise<EventRow | undefined> {
  const [row] = await q.select().from(events).where(eq(events.eventCode, eventCode))
  return row
}

export async function findEventByHash(q: Queryable, eventHashCode: string): Promise<EventRow | undefined> {
  const [row] = await q.select().from(events).where(eq(events.eventHashCode, eventHashCode))
  return row
}

/** the microsite rule lives on the event (spec §3 "microsite info"); only the microsite loader changes it */
export async function updateMicrositeRule(q: Queryable, eventId: number, rule: { permissionType: number; someUserTypes: string[] }, now: Date): Promise<void> {
  await q
    .update(events)
    .set({ ...rule, updatedAt: now })
    .where(eq(events.id, eventId))
}
