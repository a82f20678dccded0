/**
 * A small in-process cache of rows read on hot paths (the event of every page load, the session
 * and travel policy of every search, the seats left of a search): entries live `ttlMs` (monotonic
 * time), then the next get() loads them again. What the caller gets:
 * - a change made through this process is seen at once: the code making it calls delete(),
 *   deleteWhere() or clear(); a load that was in flight when that happened answers its own caller
 *   but is not kept (it may have read the row before the change);
 * - a change made elsewhere (another process, psql) is seen at most `ttlMs` later;
 * - a burst of gets for one cold key makes one load, not fifty;
 * - only found rows are kept (a load answering undefined is asked again next time, so callers
 *   cannot grow the map with keys that do not exist), at most `maxEntries` of them (the one loaded
 *   longest ago goes first).
 * The lifetime is measured on a monotonic clock, not the app's clock: tests move the app's clock by
 * days, and a row's freshness is about real time. Callers that check validity against the app's
 * clock (a session's expiry) do so on every hit.
 */
export interface ReadCacheOptions {
  ttlMs: number
  maxEntries?: number
  /** monotonic milliseconds (tests pass a fake) */
  monotonicMs?: () => number
  /**
   * an entry used when it is older than this (and younger than ttlMs) is read again in the
   * background with the load that made it, while it keeps answering: under load nobody waits for
   * the reload of a hot entry (with fifty connections on one key, all of them would). The bounds
   * above are unchanged (nothing is answered beyond ttlMs). Default: never.
   */
  refreshAfterMs?: number
}

type Load<V> = () => Promise<V | undefined>

export class ReadCache<V, K = string> {
  private readonly entries = new Map<K, { value: V; loadedAt: number; load?: Load<V> }>()
  /** loads in flight */
  private readonly loading = new Map<K, Promise<V | undefined>>()
  /** bumped by every invalidation: a load that started before it is not kept */
  private generation = 0
  readonly ttlMs: number
  private readonly maxEntries: number
  private readonly monotonicMs: () => number
  private readonly refreshAfterMs: number

  constructor(opts: ReadCacheOptions) {
    this.ttlMs = opts.ttlMs
    this.maxEntries = opts.maxEntries ?? 1000
    this.monotonicMs = opts.monotonicMs ?? (() => performance.now())
    this.refreshAfterMs = opts.refreshAfterMs ?? Infinity
  }

  /** the entry if it is fresh, without waiting for a load (one may start in the background: refreshAfterMs) */
  peek(key: K): V | undefined {
    const hit = this.entries.get(key)
    if (!hit) return undefined
    const age = this.monotonicMs() - hit.loadedAt
    if (age >= this.ttlMs) return undefined
    if (age >= this.refreshAfterMs && hit.load && !this.loading.has(key)) this.start(key, hit.load).catch(() => undefined)
    return hit.value
  }

  async get(key: K, load: Load<V>): Promise<V | undefined> {
    const hit = this.peek(key)
    if (hit !== undefined) return hit
    return this.loading.get(key) ?? this.start(key, load)
  }

  private start(key: K, load: Load<V>): Promise<V | undefined> {
    const generation = this.generation
    const startedAt = this.monotonicMs()
    const p = load().then(
      (value) => {
        if (this.loading.get(key) === p) this.loading.delete(key)
        // an invalidation while the load ran may mean what it read is already old: use it, do not keep it
        if (generation === this.generation) {
          if (value !== undefined) this.put(key, value, startedAt, load)
          // gone since (a background reload of a session revoked elsewhere): forgotten now
          else this.entries.delete(key)
        }
        return value
      },
      (e: unknown) => {
        if (this.loading.get(key) === p) this.loading.delete(key)
        throw e
      },
    )
    this.loading.set(key, p)
    return p
  }

  /** keeps a value read at `loadedAt` (default now) */
  put(key: K, value: V, loadedAt = this.monotonicMs(), load?: Load<V>): void {
    // re-inserted, so the map's order is the order of loading: the entry loaded longest ago goes first
    if (!this.entries.delete(key) && this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K)
    this.entries.set(key, { value, loadedAt, load })
  }

  delete(key: K): void {
    this.generation++
    this.entries.delete(key)
    this.loading.delete(key)
  }

  /** forgets every entry the predicate picks (and every load in flight, whatever it is for) */
  deleteWhere(pick: (value: V, key: K) => boolean): void {
    this.generation++
    this.loading.clear()
    for (const [key, e] of this.entries) if (pick(e.value, key)) this.entries.delete(key)
  }

  /** forgets everything */
  clear(): void {
    this.generation++
    this.entries.clear()
    this.loading.clear()
  }

  get size(): number {
    return this.entries.size
  }
}
