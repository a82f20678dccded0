/** What build() hangs on the Fastify instance (declaration merging, so routes are typed). */
import type { z } from 'zod'
import type { AnyCall } from '@contracts/call'
import type { DbHandle } from './kernel/db/client'
import type { Deps } from './deps'
import type { JobRunner } from './kernel/jobs/runner'
import type { DevClock } from './kernel/time/dev-clock'
import type { DevOutbox } from './kernel/messaging'
import type { Readiness } from './kernel/health/readiness'

declare module 'fastify' {
  interface FastifyInstance {
    /** what routes hand to services */
    deps: Deps
    dbHandle: DbHandle
    jobs: JobRunner
    /** every route registered (method, url) */
    routeList: ReadonlyArray<{ method: string; url: string }>
    /** each declared call's route by path: its declaration and the zod schema of its body (kernel/http/route.ts) */
    declaredRoutes: Map<string, { call: AnyCall; schema: z.ZodType }>
    /** null in production */
    outbox: DevOutbox | null
    /** the movable clock of browser tests (POST /dev/clock); null in production */
    devClock: DevClock | null
    /** /readyz's checks and the draining switch of a shutdown (server.ts) */
    readiness: Readiness
  }
}

export {}
