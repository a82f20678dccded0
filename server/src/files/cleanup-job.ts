/**
 * The cleanup of unclaimed files: a file no registration names (a draft never submitted, a photo
 * replaced by an edit) is deleted FILE_RULES.cleanup.unclaimedAfterMs after its upload, its row and
 * its bytes. Recurring, one per database (a singleton row), every FILE_RULES.cleanup.everyMs.
 *
 * Three steps (a calling job, kernel/jobs/runner.ts): the rows go and their keys are written to
 * storage_removals in one transaction; the bytes are removed after it commits, outside any
 * transaction; then the keys' rows go. A row never comes back after its bytes are removed, and a
 * failure or a crash between the steps leaves the keys for the next run (removing bytes that are
 * already gone is no error).
 */
import type { FileStorage } from '../kernel/storage'
import { callingJob, needDep, type CallContext, type JobContext, type Prepared } from '../kernel/jobs/runner'
import { addStorageRemovals, deleteStorageRemovals, deleteUnclaimedFiles, pendingStorageRemovals } from './repositories/stored-files'
import { FILE_RULES } from './rules/file-rules'

export const FILES_CLEANUP_JOB = { kind: 'files-cleanup', key: 'files-cleanup' } as const

const rules = FILE_RULES.cleanup

/** a full batch: more may be waiting, so run again soon rather than in an hour */
const nextRun = (now: Date, count: number) => ({ nextDueAt: new Date(now.getTime() + (count >= rules.batch ? rules.batchAgainMs : rules.everyMs)) })

interface Plan {
  keys: string[]
  /** files whose rows this run deleted */
  files: number
}

async function prepare({ tx, now }: JobContext): Promise<Prepared<Plan>> {
  const gone = await deleteUnclaimedFiles(tx, new Date(now.getTime() - rules.unclaimedAfterMs), rules.batch)
  await addStorageRemovals(
    tx,
    gone.map((f) => f.storageKey),
    now,
  )
  // this run's keys and any an earlier run left
  const keys = await pendingStorageRemovals(tx, rules.batch)
  return keys.length ? { plan: { keys, files: gone.length } } : { result: nextRun(now, 0) }
}

async function removeBytes(plan: Plan, { deps }: CallContext): Promise<void> {
  const storage: FileStorage = needDep(deps, 'storage')
  for (const key of plan.keys) await storage.remove(key)
}

async function forgetRemoved({ tx, now, log }: JobContext, plan: Plan): Promise<{ nextDueAt: Date }> {
  await deleteStorageRemovals(tx, plan.keys)
  log.info({ files: plan.files, bytesRemoved: plan.keys.length }, 'unclaimed files deleted')
  return nextRun(now, Math.max(plan.files, plan.keys.length))
}

export const filesCleanup = callingJob<Plan, void>({ prepare, call: removeBytes, apply: forgetRemoved })
