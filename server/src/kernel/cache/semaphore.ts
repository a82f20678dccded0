/**
 * At most `max` tasks at once; up to `maxQueue` more wait their turn (first come, first served),
 * and one more is refused at once with SemaphoreFull rather than piling up. Used to bound the
 * password hashes: each takes ~60 ms of a core and 64 MiB, so a burst of logins must neither
 * take every core from the other calls nor queue without end.
 */
export class SemaphoreFull extends Error {
  constructor() {
    super('too many tasks waiting')
    this.name = 'SemaphoreFull'
  }
}

export class Semaphore {
  private active = 0
  private readonly waiting: Array<() => void> = []

  constructor(
    readonly max: number,
    readonly maxQueue: number,
  ) {
    if (!(max >= 1)) throw new Error('a semaphore needs at least one slot')
  }

  /** tasks running now, and waiting */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length }
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.max) this.active++
    else if (this.waiting.length < this.maxQueue) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else throw new SemaphoreFull()
    try {
      return await task()
    } finally {
      // hand the slot straight to the next in line (active stays the same), or give it back
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }
}
