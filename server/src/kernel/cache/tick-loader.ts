/**
 * Loads rows by key in batches: the keys asked for during one turn of the event loop go to the
 * database in ONE query (the DataLoader pattern). Fifty clients saving train orders at once would each
 * resolve their session with its own round trip, and on this machine every round trip is a
 * socket write and a wake-up of the server's one thread; batched, the requests that arrive together
 * share one.
 *
 * Nothing is kept: a key asked for in a later turn is loaded again, so a batch answers exactly
 * what a query of its own would have answered at that moment (a row changed before the batch's
 * query ran is seen changed). A lone request waits for nothing but the end of its turn
 * (setImmediate, no timer). The same key twice in one turn is asked for once and both callers get
 * that answer.
 */
export interface TickLoaderStats {
  /** queries made */
  loads: number
  /** keys asked for in them */
  keys: number
}

interface Waiter<V> {
  resolve: (v: V | undefined) => void
  reject: (e: unknown) => void
}

export class TickLoader<K, V> {
  readonly stats: TickLoaderStats = { loads: 0, keys: 0 }
  private pending = new Map<K, Array<Waiter<V>>>()
  private scheduled = false

  constructor(
    /** the rows of these keys (a key without a row is left out of the map) */
    private readonly loadMany: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
    /** the most keys in one query (a bigger turn makes several) */
    private readonly maxKeys = 500,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(key)
      if (waiting) waiting.push({ resolve, reject })
      else this.pending.set(key, [{ resolve, reject }])
      if (!this.scheduled) {
        this.scheduled = true
        setImmediate(() => this.flush())
      }
    })
  }

  private flush(): void {
    this.scheduled = false
    const batch = [...this.pending]
    this.pending = new Map()
    for (let at = 0; at < batch.length; at += this.maxKeys) void this.run(batch.slice(at, at + this.maxKeys))
  }

  private async run(batch: Array<[K, Array<Waiter<V>>]>): Promise<void> {
    this.stats.loads++
    this.stats.keys += batch.length
    let rows: ReadonlyMap<K, V>
    try {
      rows = await this.loadMany(batch.map(([key]) => key))
    } catch (e) {
      for (const [, waiters] of batch) for (const w of waiters) w.reject(e)
      return
    }
    for (const [key, waiters] of batch) for (const w of waiters) w.resolve(rows.get(key))
  }
}
