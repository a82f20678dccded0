/**
 * The job whose provider call is running: a sender called from a job's `call` step knows the job
 * (its kind, its key, its attempts, what its payload says of the event and the attendee) without
 * every job passing it along (message-log/logged-senders.ts reads it).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { JobRow } from './repository'

const scope = new AsyncLocalStorage<JobRow>()

/** runs `fn` as the call of `job` */
export const inJobScope = <T>(job: JobRow, fn: () => Promise<T>): Promise<T> => scope.run(job, fn)

/** the job whose call is running here, or null (a direct send) */
export const currentJob = (): JobRow | null => scope.getStore() ?? null
