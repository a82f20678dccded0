/**
 * Scans from the check-in desks (contracts/admin/desk.ts syncDeskScans): one online, or a queue
 * once the network is back. Each scan is decided in its own transaction:
 *
 * - exactly once: the scan's id is claimed first (desk_scans); an id claimed before answers what
 *   was answered then and changes nothing;
 * - one check-in per attendee: the attendee's row is locked, so two desks deciding on one person
 *   take turns (and the unique index of `checkins` holds whatever happens);
 * - the earlier scan wins: a scan made before the stored check-in (another desk's, queued offline
 *   or just slower) moves the check-in to its time and point; a later one is told the stored one;
 * - each check-in made or moved writes its audit row in the same transaction.
 *
 * The whole batch is checked before any scan is decided: bad input writes nothing.
 */
import type { DeskCheckin, DeskScan, DeskScanResult } from '@contracts/admin/desk'
import { clampScanTime, DESK_RULES } from '@contracts/admin/desk-rules'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import { ATTENDANCE_TOKEN_PATTERN } from '@contracts/checkin'
import type { Deps } from '../../deps'
import type { Tx } from '../../kernel/db/client'
import { AppError } from '../../kernel/errors'
import { recordChange } from '../../audit/record'
import { eventForStaff } from '../../staff/access'
import type { StaffSession } from '../../staff/sessions'
import type { EventRow } from '../../events/events'
import { findCheckin, insertCheckinIfAbsent, listPoints, type CheckinPointRow } from '../repositories/eventday'
import { claimScan, lockScannedAttendee, moveCheckin, saveAnswer, scansByIds, storedAnswer } from '../repositories/desk'

export async function syncScans(
  deps: Pick<Deps, 'db' | 'now'>,
  session: StaffSession,
  req: { eventCode: string; scans: DeskScan[] },
): Promise<{ results: DeskScanResult[] }> {
  const { event } = await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['checkin.desk'])
  if (req.scans.length > DESK_RULES.maxScansPerSync) throw new AppError('EADM7001', 200, { max: DESK_RULES.maxScansPerSync })
  const points = new Map((await listPoints(deps.db, event.id)).map((p) => [p.pointCode, p]))
  if (req.scans.some((s) => !points.has(s.pointCode))) throw new AppError('EADM7002')
  // an id a phone made for a scan at another event is not this event's to answer
  if (
    (
      await scansByIds(
        deps.db,
        req.scans.map((s) => s.scanId),
      )
    ).some((r) => r.eventId !== event.id)
  )
    throw new AppError('EADM7005')
  const results: DeskScanResult[] = []
  for (const scan of req.scans) {
    const now = deps.now()
    results.push(await deps.db.transaction((tx) => decide(tx, { event, staffId: session.staff.id, scan, point: points.get(scan.pointCode)!, now })))
  }
  return { results }
}

interface Decision {
  event: EventRow
  staffId: number
  scan: DeskScan
  point: CheckinPointRow
  now: Date
}

async function decide(tx: Tx, d: Decision): Promise<DeskScanResult> {
  const { event, scan, now } = d
  if (!(await claimScan(tx, { scanId: scan.scanId, eventId: event.id, staffId: d.staffId, receivedAt: now }))) {
    const stored = await storedAnswer(tx, scan.scanId)
    if (stored) return stored
    throw new AppError('EADM7005')
  }
  const answer = await answerOf(tx, d)
  await saveAnswer(tx, scan.scanId, answer)
  return answer
}

/** what the scanned code is: an attendance token (as the QR code holds it) or a user code (typed) */
function targetOf(code: string): { token: string } | { userCode: string } {
  const text = code.trim()
  return ATTENDANCE_TOKEN_PATTERN.test(text.toUpperCase()) ? { token: text.toUpperCase() } : { userCode: text }
}

async function answerOf(tx: Tx, { event, staffId, scan, point, now }: Decision): Promise<DeskScanResult> {
  const who = await lockScannedAttendee(tx, event.id, targetOf(scan.code))
  const base = { scanId: scan.scanId, userCode: who?.userCode ?? '', name: who?.name ?? '' }
  if (!who) return { ...base, outcome: 'notAttendee', checkin: null }
  const existing = await findCheckin(tx, event.id, who.userId)
  const held = existing ? checkinOf(existing.c.checkedInAt, existing.point?.pointCode ?? null, who.userCode) : null
  if (who.status !== 'approved' || who.disabled) return { ...base, outcome: 'notApproved', checkin: held }
  const at = clampScanTime(new Date(scan.scannedAt), new Date(scan.snapshotAt), now)
  const mine = checkinOf(at, point.pointCode, who.userCode)
  const audit = (before: Record<string, unknown> | null) =>
    recordChange(tx, {
      staffId,
      eventId: event.id,
      action: 'checkin.desk',
      target: who.userCode,
      before,
      after: { checkedInAt: mine.at, point: point.pointCode },
      at: now,
    })
  if (!existing) {
    await insertCheckinIfAbsent(tx, { eventId: event.id, userId: who.userId, method: 'staff', pointId: point.id, checkedInAt: at, receivedAt: now })
    await audit(null)
    return { ...base, outcome: 'checkedIn', checkin: mine }
  }
  if (at.getTime() < existing.c.checkedInAt.getTime()) {
    await moveCheckin(tx, existing.c.id, { checkedInAt: at, pointId: point.id, receivedAt: now })
    await audit({ checkedInAt: held!.at, point: held!.pointCode })
    return { ...base, outcome: 'checkedIn', checkin: mine }
  }
  // stored before this scan was made: a second arrival; stored after: two desks raced, the earlier scan won
  const outcome = existing.c.receivedAt.getTime() <= at.getTime() ? 'already' : 'earlierWon'
  return { ...base, outcome, checkin: held }
}

const checkinOf = (at: Date, pointCode: string | null, userCode: string): DeskCheckin => ({ userCode, at: at.toISOString(), pointCode })
