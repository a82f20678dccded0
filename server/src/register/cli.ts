/**
 * The organiser's registration commands (server/README.md "Registration form"):
 *
 *   npm run register:load -- --event DEMO --file form.json [--check]
 *       loads (or replaces) an event's registration form and adds/updates its agenda from a JSON
 *       file (format: register/rules/form-file.ts, example: register/demo-form.json). The file
 *       is checked whole first and every problem listed with its place; nothing is written unless
 *       all of it passes, then all of it in one transaction. --check only checks.
 *   npm run register:review -- --event DEMO --contact <contactCode> --approve | --reject
 *       decides a registration under audit (the result page and login follow at once).
 *
 * The database is the server's (DATABASE_URL, or the PGlite folder DATA_DIR: stop the server
 * first, PGlite is one process's).
 */
import { loadConfig } from '../config'
import { openPglite, openPostgres } from '../kernel/db/client'
import { parseFormFile } from './rules/form-file'
import { AppError } from '../kernel/errors'
import { FormFileError, loadRegistrationForm, reviewRegistration } from './load'
import { readJsonFile } from '../kernel/cli/read-json'

const USAGE = [
  'usage: npm run register:load -- --event <eventCode> --file <form.json> [--check]',
  '       npm run register:review -- --event <eventCode> --contact <contactCode> --approve|--reject',
].join('\n')

interface Args {
  command: 'load' | 'review'
  event?: string
  file?: string
  contact?: string
  check: boolean
  decision?: 'approved' | 'rejected'
}

export function argsOf(argv: string[]): Args {
  const [command, ...rest] = argv
  if (command !== 'load' && command !== 'review') throw new Error(USAGE)
  const out: Args = { command, check: false }
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]
    if (a === '--check') out.check = true
    else if (a === '--approve') out.decision = 'approved'
    else if (a === '--reject') out.decision = 'rejected'
    else if (a === '--event') out.event = rest[++i]
    else if (a === '--file') out.file = rest[++i]
    else if (a === '--contact') out.contact = rest[++i]
    else throw new Error(`unknown argument "${a}"\n${USAGE}`)
  }
  return out
}

const readJson = (file: string): unknown => readJsonFile(file, (messages) => new FormFileError(messages))

async function main(): Promise<number> {
  const args = argsOf(process.argv.slice(2))
  if (args.command === 'load' && (!args.file || (!args.event && !args.check))) throw new Error(USAGE)
  if (args.command === 'review' && (!args.event || !args.contact || !args.decision)) throw new Error(USAGE)
  const input = args.command === 'load' ? readJson(args.file!) : null
  if (args.check) {
    parseFormFile(input)
    console.log(`${args.file}: the file is valid`)
    return 0
  }
  const config = loadConfig()
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl, 2) : await openPglite({ dataDir: config.dataDir })
  try {
    await handle.migrate()
    const deps = { db: handle.db, now: () => new Date() }
    if (args.command === 'load') {
      const s = await loadRegistrationForm(deps, args.event!, input)
      console.log(`loaded the registration form of ${args.event}: ${s.types} attendee types, ${s.agenda} agenda items`)
    } else {
      await reviewRegistration(deps, args.event!, args.contact!, args.decision!)
      console.log(`registration ${args.contact} of ${args.event}: ${args.decision}`)
    }
    return 0
  } finally {
    await handle.close()
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      const msg = e instanceof FormFileError ? e.message : e instanceof AppError ? `refused: ${e.msgId} (no such event or registration)` : (e as Error).message
      console.error(msg)
      process.exit(1)
    },
  )
}
