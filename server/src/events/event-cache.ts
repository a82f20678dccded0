/**
 * The event rows every page asks for (getEventByHash on each page load, addPageView on each page
 * view), kept in memory so a crowd opening the app does not put one query per page on the database.
 *
 * Invalidation:
 * - a change made through this process (the microsite loader, the test helper's reset) calls
 *   clear() after its transaction commits, so the next read loads the new row;
 * - a change made elsewhere (`npm run microsite:load` in another process, a second server on the
 *   same PostgreSQL, an UPDATE typed in psql) is seen at most `ttlMs` later: an entry older than that
 *   is loaded again. One second costs at most one query per event per second under any load.
 * Only found events are kept (a random hash is never cached, so callers cannot grow the map), and
 * at most `maxEntries` of them.
 */
import { ReadCache } from '../kernel/cache/read-cache'

export interface EventCacheOptions {
  ttlMs?: number
  maxEntries?: number
  /** monotonic milliseconds (tests pass a fake); not the app's clock, which tests move by days */
  monotonicMs?: () => number
}

export const EVENT_CACHE_TTL_MS = 1000

/** kernel/cache/read-cache.ts with the events' lifetime */
export class EventCache<Row> extends ReadCache<Row> {
  constructor(opts: EventCacheOptions = {}) {
    super({ ttlMs: opts.ttlMs ?? EVENT_CACHE_TTL_MS, maxEntries: opts.maxEntries ?? 1000, monotonicMs: opts.monotonicMs })
  }
}
