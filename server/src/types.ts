/** What build() hangs on the Fastify instance (declaration merging, so routes are typed). */
import type { DbHandle } from './db/client'
import type { Deps } from './deps'
import type { JobRunner } from './jobs/runner'
import type { DevOutbox } from './providers/messaging'

declare module 'fastify' {
  interface FastifyInstance {
    /** what routes hand to services */
    deps: Deps
    dbHandle: DbHandle
    jobs: JobRunner
    /** every route registered (method, url) */
    routeList: ReadonlyArray<{ method: string; url: string }>
    /** null in production */
    outbox: DevOutbox | null
  }
}

export {}
