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
export interface EventCacheOptions {
  ttlMs?: number
  maxEntries?: number
  /** monotonic milliseconds (tests pass a fake); not the app's clock, which tests move by days */
  monotonicMs?: () => number
}

export const EVENT_CACHE_TTL_MS = 1000

export class EventCache<Row> {
  private readonly entries = new Map<string, { row: Row; loadedAt: number }>()
  /** loads in flight: a burst of requests for one cold event makes one query, not fifty */
  private readonly loading = new Map<string, Promise<Row | undefined>>()
  private generation = 0
  private readonly ttlMs: number
  private readonly maxEntries: number
  private readonly monotonicMs: () => number

  constructor(opts: EventCacheOptions = {}) {
    this.ttlMs = opts.ttlMs ?? EVENT_CACHE_TTL_MS
    this.maxEntries = opts.maxEntries ?? 1000
    this.monotonicMs = opts.monotonicMs ?? (() => performance.now())
  }

  async get(key: string, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const hit = this.entries.get(key)
    if (hit && this.monotonicMs() - hit.loadedAt < this.ttlMs) return hit.row
    const pending = this.loading.get(key)
    if (pending) return pending
    const generation = this.generation
    const startedAt = this.monotonicMs()
    const p = load().then(
      (row) => {
        this.loading.delete(key)
        // a clear() while the query ran may mean the row read is already old: use it, do not keep it
        if (row !== undefined && generation === this.generation) {
          if (this.entries.size >= this.maxEntries && !this.entries.has(key)) this.entries.delete(this.entries.keys().next().value as string)
          this.entries.set(key, { row, loadedAt: startedAt })
        }
        return row
      },
      (e: unknown) => {
        this.loading.delete(key)
        throw e
      },
    )
    this.loading.set(key, p)
    return p
  }

  /** forget everything (events are few; a change to one is rare) */
  clear(): void {
    this.generation++
    this.entries.clear()
    this.loading.clear()
  }
}
