/**
 * The cleanup of unclaimed files: a file no registration names (a draft never submitted, a photo
 * replaced by an edit) is deleted FILE_RULES.cleanup.unclaimedAfterMs after its upload, its row and
 * its bytes. Recurring, one per database (a singleton row), every FILE_RULES.cleanup.everyMs.
 *
 * The rows go first, in the job's transaction, then the bytes: in the same transaction with the
 * database provider; with a folder or a bucket a failure to remove bytes rolls the rows back, and
 * the next run removes them again (removing missing bytes is no error).
 */
import type { TxJob } from '../kernel/jobs/runner'
import { needDep } from '../kernel/jobs/runner'
import { deleteUnclaimedFiles } from './repositories/stored-files'
import { FILE_RULES } from './rules/file-rules'

export const FILES_CLEANUP_JOB = { kind: 'files-cleanup', key: 'files-cleanup' } as const

export const filesCleanup: TxJob = async ({ tx, now, log, deps }) => {
  const storage = needDep(deps, 'storage')
  const rules = FILE_RULES.cleanup
  const gone = await deleteUnclaimedFiles(tx, new Date(now.getTime() - rules.unclaimedAfterMs), rules.batch)
  for (const f of gone) await storage.remove(f.storageKey, tx)
  if (gone.length > 0) log.info({ files: gone.length }, 'unclaimed files deleted')
  // a full batch: more may be waiting, run again soon rather than in an hour
  return { nextDueAt: new Date(now.getTime() + (gone.length === rules.batch ? rules.batchAgainMs : rules.everyMs)) }
}
