/**
 * What a train or flight search reads on every request, kept in memory (a search must not cost a
 * handful of queries each time a crowd searches the same trip). One SearchCaches per app, built in
 * app.ts (deps.searchCaches); each cache is a kernel/cache/read-cache.ts with its own lifetime and
 * invalidation:
 *
 * | cache | lifetime (a change elsewhere shows within) | invalidated at once in this process by |
 * |---|---|---|
 * | sessions (token → session, for read-only calls) | SESSION_CACHE_TTL_MS | logout, a login revoking older sessions (sessionsRevoked); expiry is checked on every hit |
 * | travel policies (event → policy) | POLICY_CACHE_TTL_MS | policiesChanged (saveEventTravelPolicy) |
 * | railway logins (attendee → railway session) | RAILWAY_SESSION_CACHE_TTL_MS | a railway login; expiry is checked on every hit and an entry that looks expired is read again |
 * | seats of runs (train runs of a date → their active holds) | SEATS_CACHE_TTL_MS | seatsChanged / runSeatsChanged, called by the services that book, release or give seats to the public, at once and again after their commit |
 *
 * Booking never reads these: it locks the run and counts the holds in its transaction, so a stale
 * seat count can only make a search show a few seats more or fewer for at most SEATS_CACHE_TTL_MS
 * (like the railway's own cached left-ticket query), never sell a seat that is gone.
 *
 * The services publish each invalidation through their deps (repositories only answer what changed,
 * e.g. the runs whose holds they released); an invalidation reaches this app's caches only, and
 * another process or app sees the change within the cache's lifetime.
 */
import { afterCommit } from './kernel/db/client'
import type { FlightListView } from '@contracts/calls/flight'
import type { TrainListView, TrainSearchResult } from '@contracts/calls/train'
import type { TravelPolicy } from './travel/rules/travel-policy'
import type { FlightOffer } from './air/airline'
import type { RailwaySessionRow } from './train/repositories/railway'
import type { HoldRow, RunRow } from './train/repositories/inventory'
import type { SessionInfo } from './auth/sessions'
import { ReadCache } from './kernel/cache/read-cache'

/** a session revoked by another process is refused at most this long afterwards */
export const SESSION_CACHE_TTL_MS = 2_000
export const POLICY_CACHE_TTL_MS = 1_000
export const RAILWAY_SESSION_CACHE_TTL_MS = 2_000
/** seats left in a train search are at most this old (a booking in this process shows at once) */
export const SEATS_CACHE_TTL_MS = 2_000

export type RunWithHolds = RunRow & { holds: HoldRow[] }

/** the runs of some trains on one start date, as the search read them */
export interface SeatsEntry {
  date: string
  codes: ReadonlySet<string>
  runIds: ReadonlySet<number>
  runs: RunWithHolds[]
}

/** a train search's answer and what it was made of (train/search.ts checks each on a hit) */
export interface TrainAnswer {
  policy: TravelPolicy
  seats: Array<[string, SeatsEntry]>
  /** app-clock ms when a train of it stops being sold */
  validUntilMs: number
  /** the trains as TrainOffers (the change-ticket options) */
  answer: TrainSearchResult
  /** the same compacted, as queryTrainTicket sends it (a shared answer: kernel/cache/shared-answer.ts) */
  list: TrainListView
}

/** a flight search's answer and the offers it was made of (air/search.ts) */
export interface FlightAnswer {
  /** the airline's searches it was made of (departure, arrival, date) and their answers, in order */
  asked: ReadonlyArray<readonly [string, string, string]>
  offers: readonly FlightOffer[][]
  rangeFrom: string
  validUntilMs: number
  answer: FlightListView
}

export interface SearchCachesOptions {
  /** monotonic milliseconds (tests pass a fake) */
  monotonicMs?: () => number
}

export class SearchCaches {
  readonly sessions: ReadCache<SessionInfo>
  readonly policies: ReadCache<TravelPolicy, number>
  readonly railwaySessions: ReadCache<RailwaySessionRow, number>
  readonly seats: ReadCache<SeatsEntry>
  /** answers, never trusted alone: each hit is checked against what the answer was made of */
  readonly trainAnswers: ReadCache<TrainAnswer>
  readonly flightAnswers: ReadCache<FlightAnswer>

  constructor(opts: SearchCachesOptions = {}) {
    const m = opts.monotonicMs
    // a hot entry is read again in the background from half its lifetime on (kernel/cache/read-cache.ts
    // refreshAfterMs), so a crowd never waits for its reload; the bounds above do not change
    const half = (ttlMs: number) => ({ ttlMs, refreshAfterMs: ttlMs / 2, monotonicMs: m })
    this.sessions = new ReadCache({ ...half(SESSION_CACHE_TTL_MS), maxEntries: 20_000 })
    this.policies = new ReadCache({ ...half(POLICY_CACHE_TTL_MS), maxEntries: 1000 })
    this.railwaySessions = new ReadCache({ ...half(RAILWAY_SESSION_CACHE_TTL_MS), maxEntries: 20_000 })
    // answers are tens of KB (object and bytes): a few hundred trips searched in the last seconds is plenty
    this.seats = new ReadCache({ ...half(SEATS_CACHE_TTL_MS), maxEntries: 1000 })
    this.trainAnswers = new ReadCache({ ttlMs: SEATS_CACHE_TTL_MS, maxEntries: 300, monotonicMs: m })
    this.flightAnswers = new ReadCache({ ttlMs: 10_000, maxEntries: 300, monotonicMs: m })
  }

  clear(): void {
    this.sessions.clear()
    this.policies.clear()
    this.railwaySessions.clear()
    this.seats.clear()
    this.trainAnswers.clear()
    this.flightAnswers.clear()
  }

  /** the app closes */
  close(): void {
    this.clear()
  }

  /** sessions revoked (logout, a login beyond the live-session limit) */
  sessionsRevoked(sessionIds: readonly number[]): void {
    if (!sessionIds.length) return
    const ids = new Set(sessionIds)
    nowAndAfterCommit(() => this.sessions.deleteWhere((s) => ids.has(s.sessionId)))
  }

  /** a travel policy written */
  policiesChanged(): void {
    nowAndAfterCommit(() => this.policies.clear())
  }

  /** a railway login made or extended by this process for this person */
  railwaySessionChanged(userId: number): void {
    nowAndAfterCommit(() => this.railwaySessions.delete(userId))
  }

  /** seats of a train on a start date sold, freed, or given to or taken from the public */
  seatsChanged(trainCode: string, date: string): void {
    nowAndAfterCommit(() => this.seats.deleteWhere((e) => e.date === date && e.codes.has(trainCode)))
  }

  /**
   * The same, known by the runs' ids (releases know the runs their holds were on). A run no entry
   * knows needs nothing: an entry read before the run existed was dropped when the run was locked
   * for the first time (its booking calls seatsChanged).
   */
  runSeatsChanged(runIds: readonly number[]): void {
    if (runIds.length) nowAndAfterCommit(() => this.seats.deleteWhere((e) => runIds.some((id) => e.runIds.has(id))))
  }
}

/** at once, and again once the caller's transaction commits (a read in between may have kept the old rows) */
function nowAndAfterCommit(f: () => void): void {
  f()
  afterCommit(f)
}
