/**
 * The organiser's registration command (server/README.md "Registration form"); the console's
 * content page does the same (docs/console.md):
 *
 *   npm run register:load -- --event DEMO --file form.json [--check]
 *       loads (or replaces) an event's registration form and adds/updates its agenda from a JSON
 *       file (format: register/rules/form-file.ts, example: register/demo-form.json). The file
 *       is checked whole first and every problem listed with its place; nothing is written unless
 *       all of it passes, then all of it in one transaction. --check only checks.
 *
 * The database is the server's (DATABASE_URL, or the PGlite folder DATA_DIR: stop the server
 * first, PGlite is one process's).
 */
import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { openPglite, openPostgres } from '../kernel/db/client'
import { parseFormFile } from './rules/form-file'
import { AppError } from '../kernel/errors'
import { FormFileError, loadRegistrationForm } from './load'
import { readJsonFile } from '../kernel/cli/read-json'

const USAGE = 'usage: npm run register:load -- --event <eventCode> --file <form.json> [--check]'

interface Args {
  event?: string
  file?: string
  check: boolean
}

export function argsOf(argv: string[]): Args {
  const [command, ...rest] = argv
  if (command !== 'load') throw new Error(USAGE)
  try {
    const { values } = parseArgs({
      args: rest,
      options: { event: { type: 'string' }, file: { type: 'string' }, check: { type: 'boolean', default: false } },
      strict: true,
    })
    return { event: values.event, file: values.file, check: !!values.check }
  } catch (e) {
    throw new Error(`${(e as Error).message}\n${USAGE}`)
  }
}

const readJson = (file: string): unknown => readJsonFile(file, (messages) => new FormFileError(messages))

async function main(): Promise<number> {
  const args = argsOf(process.argv.slice(2))
  if (!args.file || (!args.event && !args.check)) throw new Error(USAGE)
  const input = readJson(args.file)
  if (args.check) {
    parseFormFile(input)
    console.log(`${args.file}: the file is valid`)
    return 0
  }
  const config = loadConfig()
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl, 2) : await openPglite({ dataDir: config.dataDir })
  try {
    await handle.migrate()
    const s = await loadRegistrationForm({ db: handle.db, now: () => new Date() }, args.event!, input)
    console.log(`loaded the registration form of ${args.event}: ${s.types} attendee types, ${s.agenda} agenda items`)
    return 0
  } finally {
    await handle.close()
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      const msg = e instanceof FormFileError ? e.message : e instanceof AppError ? `refused: ${e.msgId} (no such event)` : (e as Error).message
      console.error(msg)
      process.exit(1)
    },
  )
}
