/**
 * Every number of the files domain's rules: how many bytes a stranger may make the server keep,
 * and how long a file nobody's registration names is kept. server/test/files-rules.test.ts walks
 * them at their edges. The per-file limits (format, size, picture size, files per owner) are the
 * registration form's (register/rules/register-rules.ts uploads).
 */
const MB = 1024 * 1024
const HOUR = 3600_000

export const FILE_RULES = {
  quotas: {
    /** the quotas are counted in fixed windows of this length (kernel/limits/rate-counters.ts) */
    windowMs: HOUR,
    /**
     * bytes stored per client address per window, whatever the draft or login. An event's
     * attendees often share one address (the venue's or an office's Wi-Fi): this is ~15 full forms
     * at the largest files any form allows and far more at real phone photos (~1 MB), while a
     * stranger with a new draft id per upload stops here
     */
    perAddressBytes: 100 * MB,
    /** bytes stored per draft (a device before it registers) per window: a form's two files at the ceiling, and a retry of each */
    perDraftBytes: 30 * MB,
    /** bytes stored per signed-in user per window (their edits), from any address */
    perUserBytes: 30 * MB,
  },
  cleanup: {
    /** a file no registration names is deleted (bytes and row) this long after its upload */
    unclaimedAfterMs: 24 * HOUR,
    /** the job runs this often */
    everyMs: HOUR,
    /** files deleted in one run (one transaction); a full batch runs again after batchAgainMs */
    batch: 200,
    batchAgainMs: 60_000,
  },
} as const

export type QuotaScope = 'address' | 'draft' | 'user'

export interface QuotaCounter {
  scope: QuotaScope
  /** the rate_counters key */
  key: string
  limit: number
}

/**
 * The counters one upload is charged to: its address's always; its draft's before registering,
 * or its user's when signed in.
 */
export function quotaCounters(who: { address: string; eventId: number } & ({ userId: number } | { draftId: string })): QuotaCounter[] {
  const q = FILE_RULES.quotas
  const owner: QuotaCounter =
    'userId' in who
      ? { scope: 'user', key: `upload-bytes:user|${who.userId}`, limit: q.perUserBytes }
      : { scope: 'draft', key: `upload-bytes:draft|${who.eventId}|${who.draftId}`, limit: q.perDraftBytes }
  return [{ scope: 'address', key: `upload-bytes:addr|${who.address}`, limit: q.perAddressBytes }, owner]
}

/** whole minutes until `windowEnd`, at least 1: what the refusal tells the person to wait */
export const minutesUntil = (now: Date, windowEnd: Date): number => Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 60_000))
