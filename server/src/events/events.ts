/** The event and its appearance, as the public calls show them. */
import type { AppearanceResponse, EventResponse } from '@contracts/calls/event'
import type { Queryable } from '../kernel/db/client'
import type { Deps } from '../deps'
import { toZoneIso } from '../kernel/time/time'
import { AppError } from '../kernel/errors'
import { findEventByCode, findEventByHash, type EventRow } from './repositories/events'
import { lockEvent } from './repositories/admin-events'

export type { EventRow }

export async function requireEventByCode(q: Queryable, eventCode: string): Promise<EventRow> {
  const row = await findEventByCode(q, eventCode)
  if (!row) throw new AppError('EEVT1001')
  return row
}

export async function requireEventByHash(q: Queryable, eventHashCode: string): Promise<EventRow> {
  const row = await findEventByHash(q, eventHashCode)
  if (!row) throw new AppError('EEVT1001')
  return row
}

/**
 * The same, from the event cache (events/event-cache.ts): for the calls every page load makes, outside
 * any transaction (a transaction that must see its own writes reads with requireEventByHash).
 */
export async function requireCachedEventByHash(deps: Pick<Deps, 'db' | 'eventCache'>, eventHashCode: string): Promise<EventRow> {
  const row = await deps.eventCache.get(eventHashCode, () => findEventByHash(deps.db, eventHashCode))
  if (!row) throw new AppError('EEVT1001')
  return row
}

export function toEventInfo(e: EventRow): EventResponse {
  return {
    eventCode: e.eventCode,
    eventHashCode: e.eventHashCode,
    titleZh: e.titleZh,
    titleEn: e.titleEn,
    startTime: toZoneIso(e.startTime, e.timeZone),
    endTime: toZoneIso(e.endTime, e.timeZone),
    timeZone: e.timeZone,
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

export function toAppearance(e: EventRow): AppearanceResponse {
  return { shareTitle: e.shareTitle, shareSubTitle: e.shareSubTitle, sharePic: e.sharePic, themeColor: e.themeColor, bannerUrl: e.bannerUrl }
}

/** locks an event's row until the transaction ends: its changes made in the console (settings, content, policy) one at a time */
export async function lockEventRow(tx: Queryable, eventId: number): Promise<void> {
  await lockEvent(tx, eventId)
}
