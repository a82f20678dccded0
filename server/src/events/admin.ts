/**
 * Events as the organisers' console makes them: the list, one event, create (platform
 * administrator), edit, publish and close (owner, organiser: contracts/admin/roles.ts). Each change
 * is audited in its transaction and the event cache is cleared once it commits, so this instance's
 * attendees see it on their next request and the other instances' within EVENT_CACHE_TTL_MS
 * (events/event-cache.ts).
 */
import type { AdminEvent, AdminEventSummary, EventSettings, EventUpdate } from '@contracts/admin/events'
import { ROLE_PERMISSIONS, type StaffRole } from '@contracts/admin/roles'

import type { Deps } from '../deps'
import { AppError } from '../kernel/errors'
import { fromZoneMinute, toZoneMinute } from '../kernel/time/time'
import { recordChange } from '../audit/record'
import { eventForStaff, requirePlatformAdmin } from '../staff/access'
import type { StaffSession } from '../staff/sessions'
import { micrositeSwitch, setMicrositeSwitch } from '../microsite/switch'
import { codesTaken, insertEvent, listEvents, lockEvent, updateEvent, type EventValues } from './repositories/admin-events'
import type { EventRow } from './repositories/events'
import { SOME_USER_TYPES } from './rules/settings'

type AdminDeps = Pick<Deps, 'db' | 'now' | 'eventCache'>

/** the settings as an organiser sees them (times on the event's wall clock) */
export function settingsOf(e: EventRow, micrositeEnabled: boolean | null): EventSettings {
  return {
    eventCode: e.eventCode,
    eventHashCode: e.eventHashCode,
    titleZh: e.titleZh,
    titleEn: e.titleEn,
    venueZh: e.venueZh,
    venueEn: e.venueEn,
    startTime: toZoneMinute(e.startTime, e.timeZone),
    endTime: toZoneMinute(e.endTime, e.timeZone),
    timeZone: e.timeZone,
    loginModes: e.loginModes,
    loginExtraFields: e.loginExtraFields,
    permissionType: e.permissionType,
    someUserTypes: e.someUserTypes,
    shareTitle: e.shareTitle,
    shareSubTitle: e.shareSubTitle,
    sharePic: e.sharePic,
    micrositeEnabled,
  }
}

const toAdminEvent = (e: EventRow, micrositeEnabled: boolean | null, myRole: StaffRole | null): AdminEvent => ({
  ...settingsOf(e, micrositeEnabled),
  published: e.enabled,
  myRole,
  updatedAt: e.updatedAt.toISOString(),
})

/** the row's values of typed settings, or the message that says what is wrong with them */
function valuesOf(s: EventSettings): Omit<EventValues, 'enabled'> {
  const startTime = fromZoneMinute(s.startTime, s.timeZone)
  const endTime = fromZoneMinute(s.endTime, s.timeZone)
  if (!startTime || !endTime) throw new AppError('EADM1005')
  if (endTime.getTime() <= startTime.getTime()) throw new AppError('EADM1006')
  return {
    eventCode: s.eventCode,
    eventHashCode: s.eventHashCode,
    titleZh: s.titleZh,
    titleEn: s.titleEn,
    venueZh: s.venueZh,
    venueEn: s.venueEn,
    startTime,
    endTime,
    timeZone: s.timeZone,
    loginModes: s.loginModes,
    loginExtraFields: s.loginExtraFields,
    permissionType: s.permissionType,
    // kept only where they mean something: type 4 admits these user types
    someUserTypes: s.permissionType === SOME_USER_TYPES ? s.someUserTypes : [],
    shareTitle: s.shareTitle,
    shareSubTitle: s.shareSubTitle,
    sharePic: s.sharePic,
  }
}

export async function adminEventList(deps: Pick<Deps, 'db'>, session: StaffSession): Promise<AdminEventSummary[]> {
  const rows = await listEvents(deps.db, session.staff.platformAdmin ? null : [...session.roles.keys()])
  return rows.map((e) => ({
    eventCode: e.eventCode,
    eventHashCode: e.eventHashCode,
    titleZh: e.titleZh,
    titleEn: e.titleEn,
    startTime: toZoneMinute(e.startTime, e.timeZone),
    endTime: toZoneMinute(e.endTime, e.timeZone),
    timeZone: e.timeZone,
    published: e.enabled,
    myRole: session.roles.get(e.id) ?? null,
  }))
}

export async function adminEvent(deps: Pick<Deps, 'db'>, session: StaffSession, eventCode: string): Promise<AdminEvent> {
  const { event, role } = await eventForStaff(deps.db, session, eventCode, ROLE_PERMISSIONS['event.read'])
  return toAdminEvent(event, await micrositeSwitch(deps.db, event.id), role)
}

export async function createEvent(deps: AdminDeps, session: StaffSession, settings: EventSettings): Promise<AdminEvent> {
  requirePlatformAdmin(session)
  const values = valuesOf(settings)
  const created = await deps.db.transaction(async (tx) => {
    const now = deps.now()
    if (await codesTaken(tx, values, null)) throw new AppError('EADM1003')
    // not published: the organisers prepare it first
    const row = await insertEvent(tx, { ...values, enabled: false }, now)
    await recordChange(tx, {
      staffId: session.staff.id,
      eventId: row.id,
      action: 'event.create',
      target: row.eventCode,
      before: null,
      after: { ...settingsOf(row, null) },
      at: now,
    })
    return row
  })
  deps.eventCache.clear()
  return toAdminEvent(created, null, session.roles.get(created.id) ?? null)
}

export async function updateEventSettings(deps: AdminDeps, session: StaffSession, req: EventUpdate): Promise<AdminEvent> {
  const values = valuesOf(req.settings)
  const answer = await deps.db.transaction(async (tx) => {
    const now = deps.now()
    const { event, role } = await eventForStaff(tx, session, req.currentCode, ROLE_PERMISSIONS['event.edit'])
    const before = (await lockEvent(tx, event.id))!
    if (await codesTaken(tx, values, event.id)) throw new AppError('EADM1003')
    const microsite = await micrositeSwitch(tx, event.id)
    const nextMicrosite = microsite === null || req.settings.micrositeEnabled === null ? microsite : req.settings.micrositeEnabled
    const after = await updateEvent(tx, event.id, values, now)
    if (nextMicrosite !== microsite) await setMicrositeSwitch(tx, event.id, nextMicrosite!, now)
    await recordChange(tx, {
      staffId: session.staff.id,
      eventId: event.id,
      action: 'event.update',
      target: after.eventCode,
      before: { ...settingsOf(before, microsite) },
      after: { ...settingsOf(after, nextMicrosite) },
      at: now,
    })
    return toAdminEvent(after, nextMicrosite, role)
  })
  // a new code or hash code: the old one must stop answering at once
  deps.eventCache.clear()
  return answer
}

export async function publishEvent(deps: AdminDeps, session: StaffSession, req: { eventCode: string; published: boolean }): Promise<AdminEvent> {
  const answer = await deps.db.transaction(async (tx) => {
    const now = deps.now()
    const { event, role } = await eventForStaff(tx, session, req.eventCode, ROLE_PERMISSIONS['event.publish'])
    const before = (await lockEvent(tx, event.id))!
    const after = before.enabled === req.published ? before : await updateEvent(tx, event.id, { enabled: req.published }, now)
    if (after !== before) {
      await recordChange(tx, {
        staffId: session.staff.id,
        eventId: event.id,
        action: req.published ? 'event.publish' : 'event.close',
        target: event.eventCode,
        before: { published: before.enabled },
        after: { published: after.enabled },
        at: now,
      })
    }
    return toAdminEvent(after, await micrositeSwitch(tx, event.id), role)
  })
  deps.eventCache.clear()
  return answer
}
