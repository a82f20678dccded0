/**
 * Check-in (contracts/calls/eventday.ts): self-service with a signed point code; staff check
 * attendees in at the console's desk (eventday/desk/sync.ts). One check-in per attendee and event: a second one
 * (again, from another phone, a queued offline scan arriving late, two at once) changes nothing and
 * answers when the first was.
 */
import type { AttendanceCode, CheckinMethod, CheckinRequest, CheckinResult, CheckinStatus } from '@contracts/calls/eventday'
import { checkIn as checkInCall } from '@contracts/calls/eventday'
import { parseCheckinText } from '@contracts/checkin'
import type { Queryable, Tx } from '../kernel/db/client'
import type { Deps } from '../deps'
import { signatureMatches, newAttendanceToken } from './rules/checkin-sign'
import { checkinTiming, EVENTDAY_RULES } from './rules/eventday-rules'
import { toShanghaiIso, toZoneIso } from '../kernel/time/time'
import { AppError } from '../kernel/errors'
import { once } from '../kernel/http/idempotency'
import {
  findAttendanceCode,
  findAttendanceCodes,
  findCheckin,
  findPoint,
  insertAttendanceCodeIfAbsent,
  insertCheckinIfAbsent,
  type CheckinPointRow,
} from './repositories/eventday'
import type { EventRow } from '../events/events'
import type { SessionInfo } from '../auth/sessions'

async function statusOf(q: Queryable, eventId: number, userId: number): Promise<CheckinStatus> {
  const row = await findCheckin(q, eventId, userId)
  if (!row) return { checkedInAt: null, method: null, pointNameZh: '', pointNameEn: '' }
  return {
    checkedInAt: toShanghaiIso(row.c.checkedInAt),
    method: row.c.method as CheckinMethod,
    pointNameZh: row.point?.nameZh ?? '',
    pointNameEn: row.point?.nameEn ?? '',
  }
}

export function checkinStatus({ db }: Pick<Deps, 'db'>, session: SessionInfo): Promise<CheckinStatus> {
  return statusOf(db, session.event.id, session.user.id)
}

/** the point a presented text names, or the spec §5 message that says why not */
async function pointOf(q: Queryable, secret: string, event: EventRow, text: string): Promise<CheckinPointRow> {
  const parsed = parseCheckinText(text)
  if (parsed.kind === 'empty') throw new AppError('ECHK1001')
  if (parsed.kind === 'unrecognised') throw new AppError('ECHK1002')
  // a code of another event's address is not an address of this one
  if (parsed.eventHashCode !== null && parsed.eventHashCode !== event.eventHashCode) throw new AppError('ECHK1002')
  if (!signatureMatches(secret, event.eventHashCode, parsed.pointCode, parsed.signature)) throw new AppError('ECHK1003')
  const point = await findPoint(q, event.id, parsed.pointCode)
  // signed but since removed: no longer a code of this event
  if (!point) throw new AppError('ECHK1003')
  return point
}

async function record(
  tx: Tx,
  a: { event: EventRow; userId: number; method: CheckinMethod; point: CheckinPointRow | null; at: Date; now: Date },
): Promise<CheckinResult> {
  const first = await insertCheckinIfAbsent(tx, {
    eventId: a.event.id,
    userId: a.userId,
    method: a.method,
    pointId: a.point?.id ?? null,
    checkedInAt: a.at,
    receivedAt: a.now,
  })
  const status = await statusOf(tx, a.event.id, a.userId)
  return { ...status, checkedInAt: status.checkedInAt!, first }
}

export async function selfCheckIn(deps: Pick<Deps, 'db' | 'now' | 'config'>, session: SessionInfo, req: CheckinRequest): Promise<CheckinResult> {
  const now = deps.now()
  const event = session.event
  return deps.db.transaction(async (tx) =>
    once(tx, { scope: checkInCall.path, userId: session.user.id, key: req.idempotencyKey, request: req }, now, async () => {
      const point = await pointOf(tx, deps.config.codeHashSecret, event, req.text)
      const at = req.scannedAt ? new Date(req.scannedAt) : now
      const timing = checkinTiming(event, at, now)
      if (!timing.ok) {
        // already checked in: a late duplicate is harmless whatever its time says
        const existing = await findCheckin(tx, event.id, session.user.id)
        if (existing)
          return { ...(await statusOf(tx, event.id, session.user.id)), checkedInAt: toZoneIso(existing.c.checkedInAt, event.timeZone), first: false }
        if (timing.msgId === 'ECHK1004') throw new AppError('ECHK1004', 200, { time: zonedWallClock(timing.opensAt, event.timeZone) })
        throw new AppError(timing.msgId)
      }
      return record(tx, { event, userId: session.user.id, method: 'scan', point, at, now })
    }),
  )
}

/** the caller's attendance code, made on the first ask (two first asks at once get the same) */
export async function attendanceCode(deps: Pick<Deps, 'db' | 'now'>, session: SessionInfo): Promise<AttendanceCode> {
  const { event, user } = session
  let row = await findAttendanceCode(deps.db, event.id, user.id)
  if (!row) {
    await insertAttendanceCodeIfAbsent(deps.db, { eventId: event.id, userId: user.id, token: newAttendanceToken(), issuedAt: deps.now() })
    row = await findAttendanceCode(deps.db, event.id, user.id)
  }
  return { token: row!.token, issuedAt: toShanghaiIso(row!.issuedAt) }
}

/**
 * The attendance codes of many attendees at once (the console's badges), issued to those without
 * one by the same insert-if-absent as the first ask above: a code the app issued meanwhile is the
 * one kept, so a printed badge and the app always show the same code.
 */
export async function attendanceCodesOf(q: Queryable, eventId: number, userIds: number[], now: Date): Promise<Map<number, string>> {
  const codes = await findAttendanceCodes(q, eventId, userIds)
  const missing = userIds.filter((id) => !codes.has(id))
  for (let i = 0; i < missing.length; i += EVENTDAY_RULES.attendanceCode.perInsert) {
    const rows = missing
      .slice(i, i + EVENTDAY_RULES.attendanceCode.perInsert)
      .map((userId) => ({ eventId, userId, token: newAttendanceToken(), issuedAt: now }))
    await insertAttendanceCodeIfAbsent(q, rows)
  }
  for (const [id, token] of await findAttendanceCodes(q, eventId, missing)) codes.set(id, token)
  return codes
}

/**
 * "2026-11-28 08:00 (UTC+08:00)": a time in a message, on the event's clock, with that clock's
 * offset, since the phone reading it may be in another zone (the message is one text for all)
 */
function zonedWallClock(at: Date, timeZone: string): string {
  const iso = toZoneIso(at, timeZone)
  const offset = /([+-]\d{2}:\d{2}|Z)$/.exec(iso)?.[1] ?? 'Z'
  return `${iso.slice(0, 16).replace('T', ' ')} (UTC${offset === 'Z' ? '+00:00' : offset})`
}
