/**
 * The first platform administrator of a database, from the server's command line (production seeds
 * no one; the administrator then makes events and their owners in the console):
 *
 *   STAFF_PASSWORD='…' npm run staff -- admin --user <userName> --name <name>
 *
 * The password comes from the environment, not the command line, which other users of the machine
 * can read. The database is the server's (DATABASE_URL, or the PGlite folder DATA_DIR: stop the
 * server first, PGlite is one process's).
 */
import { messageText } from '@contracts/messages'
import { loadConfig } from '../config'
import { openPglite, openPostgres } from '../kernel/db/client'
import { AppError } from '../kernel/errors'
import { createPlatformAdmin } from './team'

const USAGE = "usage: STAFF_PASSWORD='…' npm run staff -- admin --user <userName> --name <name>"

export function argsOf(argv: string[]): { userName: string; name: string } {
  const [command, ...rest] = argv
  if (command !== 'admin') throw new Error(USAGE)
  const out: { userName?: string; name?: string } = {}
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--user') out.userName = rest[++i]
    else if (rest[i] === '--name') out.name = rest[++i]
    else throw new Error(`unknown argument "${rest[i]}"\n${USAGE}`)
  }
  if (!out.userName || !out.name) throw new Error(USAGE)
  return { userName: out.userName, name: out.name }
}

async function main(): Promise<void> {
  const args = argsOf(process.argv.slice(2))
  const password = process.env.STAFF_PASSWORD
  if (!password) throw new Error(`STAFF_PASSWORD is not set\n${USAGE}`)
  const config = loadConfig()
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl, 2) : await openPglite({ dataDir: config.dataDir })
  try {
    await handle.migrate()
    await createPlatformAdmin({ db: handle.db, now: () => new Date() }, { ...args, password })
    console.log(`platform administrator ${args.userName.trim().toLowerCase()} created: log in at /admin/`)
  } finally {
    await handle.close()
  }
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e instanceof AppError ? messageText(e.msgId, 'en', e.params) : (e as Error).message)
      process.exit(1)
    },
  )
}
