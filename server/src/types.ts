/** What build() hangs on the Fastify instance (declaration merging, so handlers are typed). */
import type { Config } from './config'
import type { AppDb, DbHandle } from './db/client'
import type { RateLimiter, RateLimits } from './lib/rate-limiter'
import type { DevOutbox, MessageSender } from './providers/messaging'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    db: AppDb
    dbHandle: DbHandle
    /** the app's clock: every rule that depends on time asks this, so tests can move time */
    now: () => Date
    sender: MessageSender
    /** null in production */
    outbox: DevOutbox | null
    rateLimiter: RateLimiter
    rateLimits: RateLimits
  }
}

export {}
