/**
 * Fixed-window counters in memory, per instance. Good enough for the gentle limits here (page views,
 * code requests per IP): with N instances the effective limit is N times higher, which is
 * acceptable for abuse damping; the hard limits (codes per number) live in the database.
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>()

  constructor(private readonly now: () => Date) {}

  /** count one hit for `key`; false when it exceeds `limit` within `windowMs` */
  hit(key: string, limit: number, windowMs: number): boolean {
    const t = this.now().getTime()
    const w = this.windows.get(key)
    if (!w || t - w.start >= windowMs) {
      if (this.windows.size > 50_000) this.sweep(t, windowMs)
      this.windows.set(key, { start: t, count: 1 })
      return true
    }
    w.count++
    return w.count <= limit
  }

  /** forget every counter (tests) */
  clear(): void {
    this.windows.clear()
  }

  private sweep(t: number, windowMs: number): void {
    for (const [k, w] of this.windows) if (t - w.start >= windowMs) this.windows.delete(k)
  }
}

export interface RateLimits {
  /** page views per IP per minute */
  pageViewPerMinute: number
  /** code requests per IP per minute (per-number limits are separate, in the database) */
  sendCodePerMinute: number
  /** login attempts per IP per minute */
  loginPerMinute: number
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  pageViewPerMinute: 120,
  sendCodePerMinute: 20,
  loginPerMinute: 60,
}
