import { eq } from 'drizzle-orm'
import type { EventResponse } from '../../../contracts/api'
import type { Queryable } from '../db/client'
import { events } from '../db/schema'
import { toShanghaiIso } from '../domain/time'
import { AppError } from '../errors'

export type EventRow = typeof events.$inferSelect

export async function findEventByCode(db: Queryable, eventCode: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.eventCode, eventCode))
  return row
}

export async function findEventByHash(db: Queryable, eventHashCode: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.eventHashCode, eventHashCode))
  return row
}

export async function requireEventByCode(db: Queryable, eventCode: string): Promise<EventRow> {
  const row = await findEventByCode(db, eventCode)
  if (!row) throw new AppError('EEVT1001')
  return row
}

export function toEventInfo(e: EventRow): EventResponse {
  return {
    eventCode: e.eventCode,
    eventHashCode: e.eventHashCode,
    titleZh: e.titleZh,
    titleEn: e.titleEn,
    startTime: toShanghaiIso(e.startTime),
    endTime: toShanghaiIso(e.endTime),
    venueZh: e.venueZh,
    venueEn: e.venueEn,
    enabled: e.enabled,
    loginModes: e.loginModes,
    loginExtraFields: e.loginExtraFields,
    permissionType: e.permissionType,
    someUserTypes: e.someUserTypes,
    extraFieldsRequired: e.loginExtraFields,
  }
}
