/**
 * Every number of the event-day rules, in one table (the spec gives none: these are ours, chosen
 * for a conference at a venue with a bad network). The pure functions below read it;
 * server/test/eventday-rules.test.ts walks each at its edges with a fixed clock.
 */
const MINUTE = 60_000
const HOUR = 60 * MINUTE

export const EVENTDAY_RULES = {
  checkin: {
    /** self check-in opens this long before the event starts (arrivals the evening before) */
    opensBeforeStartMs: 24 * HOUR,
    /** a queued offline scan may say it happened this far in the future (phone clocks drift) */
    maxClockSkewMs: 5 * MINUTE,
    /** a queued offline scan older than this is refused (the client keeps its queue this long) */
    maxQueuedAgeMs: 72 * HOUR,
    /** letters of the point signature (base32: 50 bits, far beyond guessing at any rate limit) */
    signatureLength: 10,
    /** scans per address per minute (a door of attendees behind one venue NAT) */
    perAddressPerMinute: 600,
  },
  attendanceCode: {
    /** base32 letters after `ATT-` (60 bits) */
    tokenLength: 12,
    /** codes issued by one INSERT (the badges issue many): well below PostgreSQL's 65,535 parameters */
    perInsert: 1000,
  },
  feedback: {
    maxLength: 500,
    /** per address per minute */
    perAddressPerMinute: 30,
  },
  orders: {
    maxPageSize: 50,
    /** pages beyond this are refused: each page merges pageNo × pageSize rows of every feed */
    maxPageNo: 100,
  },
} as const

export type CheckinTiming = { ok: true } | { ok: false; msgId: 'ECHK1004'; opensAt: Date } | { ok: false; msgId: 'ECHK1005' | 'ECHK1006' }

/**
 * Whether a scan made at `scannedAt` and received `now` counts: not from the future (beyond the
 * skew), not older than the queue keeps, within the check-in window of the event.
 */
export function checkinTiming(event: { startTime: Date; endTime: Date }, scannedAt: Date, now: Date): CheckinTiming {
  const r = EVENTDAY_RULES.checkin
  if (scannedAt.getTime() > now.getTime() + r.maxClockSkewMs) return { ok: false, msgId: 'ECHK1006' }
  if (scannedAt.getTime() < now.getTime() - r.maxQueuedAgeMs) return { ok: false, msgId: 'ECHK1006' }
  const opensAt = new Date(event.startTime.getTime() - r.opensBeforeStartMs)
  if (scannedAt.getTime() < opensAt.getTime()) return { ok: false, msgId: 'ECHK1004', opensAt }
  if (scannedAt.getTime() >= event.endTime.getTime()) return { ok: false, msgId: 'ECHK1005' }
  return { ok: true }
}
