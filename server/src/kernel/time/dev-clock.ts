/**
 * The app's clock outside production: the real clock (or the test's) plus an offset that browser
 * tests move through `POST /dev/clock` (kernel/time/dev-routes.ts), so an unpaid order can be seen past
 * its deadline without waiting 20 minutes. Production has no DevClock: `now` is the real clock.
 */
export class DevClock {
  private offsetMs = 0

  constructor(private readonly base: () => Date) {}

  now = (): Date => new Date(this.base().getTime() + this.offsetMs)

  /** move forward (never back: deadlines and jobs already passed stay passed) */
  advance(ms: number): Date {
    this.offsetMs += Math.max(0, ms)
    return this.now()
  }

  /** back to the base clock (test reset only: a running server never goes back) */
  reset(): void {
    this.offsetMs = 0
  }
}
