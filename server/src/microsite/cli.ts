/**
 * `npm run microsite:load -- --event DEMO --file microsite.json [--files <folder>] [--check]`
 *
 * Loads (or replaces) an event's microsite from a JSON file (format: microsite/rules/microsite-file.ts,
 * example: microsite/demo.json). The file is checked first and every problem is listed with
 * where it is; nothing is written unless all of it passes, and then all of it is written in one
 * transaction. --check only checks the file. The database is the server's (DATABASE_URL, or the
 * PGlite folder DATA_DIR: stop the server first, PGlite is one process's).
 *
 * --files <folder>: the pictures and pages the file names under /files/ go into the server's file
 * storage first (microsite/site-files.ts), where every instance serves them; <folder>/a/b.jpg is
 * /files/a/b.jpg.
 */
import { loadConfig } from '../config'
import { openPglite, openPostgres } from '../kernel/db/client'
import { parseMicrositeFile } from './rules/microsite-file'
import { MicrositeFileError, loadMicrosite } from './load'
import { readJsonFile } from '../kernel/cli/read-json'
import { createStorage } from '../kernel/storage'
import { SiteFilesError, addSiteFiles } from './site-files'

const USAGE = 'usage: npm run microsite:load -- --event <eventCode> --file <microsite.json> [--files <folder>] [--check]'

function argsOf(argv: string[]): { event?: string; file?: string; files?: string; check: boolean } {
  const out: { event?: string; file?: string; files?: string; check: boolean } = { check: false }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--check') out.check = true
    else if (a === '--event') out.event = argv[++i]
    else if (a === '--file') out.file = argv[++i]
    else if (a === '--files') out.files = argv[++i]
    else if (a.startsWith('--files=')) out.files = a.slice(8)
    else if (a.startsWith('--event=')) out.event = a.slice(8)
    else if (a.startsWith('--file=')) out.file = a.slice(7)
    else throw new Error(`unknown argument "${a}"\n${USAGE}`)
  }
  return out
}

const readJson = (file: string): unknown => readJsonFile(file, (messages) => new MicrositeFileError(messages))

async function main(): Promise<number> {
  const args = argsOf(process.argv.slice(2))
  if (!args.file || (!args.event && !args.check)) {
    console.error(USAGE)
    return 2
  }
  const input = readJson(args.file)
  if (args.check) {
    const r = parseMicrositeFile(input)
    if (!r.ok) throw new MicrositeFileError(r.errors)
    console.log(`${args.file}: the file is valid`)
    return 0
  }
  const config = loadConfig()
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl, 2) : await openPglite({ dataDir: config.dataDir })
  try {
    await handle.migrate()
    if (args.files) {
      // the pictures first: the pages never name a file that is not there yet
      const storage = await createStorage(config, handle.db, () => new Date())
      try {
        const added = await addSiteFiles(storage, args.files)
        console.log(`added ${added.length} files to the ${storage.description}: ${added.join(', ')}`)
      } finally {
        storage.close?.()
      }
    }
    const s = await loadMicrosite({ db: handle.db, now: () => new Date() }, args.event!, input)
    console.log(
      `${s.replaced ? 'replaced' : 'loaded'} the microsite of ${s.eventCode}: ${s.pages} pages, ${s.modules} modules, ` +
        `${s.articles} articles, ${s.albums} albums, ${s.photos} photos`,
    )
    return 0
  } finally {
    await handle.close()
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof MicrositeFileError || e instanceof SiteFilesError ? e.message : `the microsite was not loaded: ${(e as Error).message ?? e}`)
    process.exit(1)
  },
)
