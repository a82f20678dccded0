/**
 * The jobs an operator looks after (docs/jobs.md):
 *
 *   npm run jobs -- failed          the jobs that gave up after JOB_RULES.maxAttempts failures in a row
 *   npm run jobs -- retry <id>      puts a failed job back: due now, its attempts from zero
 *
 * The database is the server's (DATABASE_URL, or the PGlite folder DATA_DIR: stop the server
 * first, PGlite is one process's). A retried job runs at the next pass of any instance's runner.
 */
import { loadDatabaseConfig } from './config'
import { openPglite, openPostgres } from './kernel/db/client'
import { listFailedJobs, retryFailedJob, type JobRow } from './kernel/jobs/repository'

const USAGE = ['usage: npm run jobs -- failed', '       npm run jobs -- retry <job id>'].join('\n')

const line = (j: JobRow): string =>
  `#${j.id} ${j.kind} ${j.key}  failed ${j.failedAt?.toISOString()} after ${j.attempts} attempts: ${j.lastError ?? '(no message)'}`

async function main(): Promise<number> {
  const [command, idText] = process.argv.slice(2)
  const id = Number(idText)
  if (!(command === 'failed' && idText === undefined) && !(command === 'retry' && Number.isInteger(id) && id > 0)) {
    console.error(USAGE)
    return 2
  }
  const config = loadDatabaseConfig()
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl, 2) : await openPglite({ dataDir: config.dataDir })
  try {
    await handle.migrate()
    if (command === 'failed') {
      const failed = await listFailedJobs(handle.db)
      console.log(failed.length ? failed.map(line).join('\n') : 'no failed jobs')
      return 0
    }
    const row = await retryFailedJob(handle.db, id, new Date())
    if (!row) {
      console.error(`job #${id} does not exist or has not failed (only failed jobs are retried)`)
      return 1
    }
    console.log(`job #${row.id} ${row.kind} ${row.key} is due again now`)
    return 0
  } finally {
    await handle.close()
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`failed: ${(e as Error).message ?? e}`)
    process.exit(1)
  },
)
