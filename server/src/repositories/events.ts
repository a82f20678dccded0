/** events: read by code or hash (no writes outside the seed yet). */
import { eq } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { events } from '../db/schema'

export type EventRow = typeof events.$inferSelect

export async function findEventByCode(q: Queryable, eventCode: string): Promise<EventRow | undefined> {
  const [row] = await q.select().from(events).where(eq(events.eventCode, eventCode))
  return row
}

export async function findEventByHash(q: Queryable, eventHashCode: string): Promise<EventRow | undefined> {
  const [row] = await q.select().from(events).where(eq(events.eventHashCode, eventHashCode))
  return row
}
