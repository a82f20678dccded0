/**
 * The check-in points' codes, for the posters:
 *
 *   npm run checkin -- codes  --event DEMO [--origin https://m.example.com]
 *       prints each check-in point's code and the address its QR code must hold
 *
 * Staff check attendees in at the console's check-in desk (/admin/events/<code>/desk), which
 * works with the server running and offline.
 *
 * The database is the server's (DATABASE_URL, or the PGlite folder DATA_DIR: stop the server
 * first, PGlite is one process's); the signing key is the server's CODE_HASH_SECRET.
 */
import { checkinUrl } from '@contracts/checkin'
import { messageText } from '@contracts/messages'
import { loadConfig } from '../config'
import { openPglite, openPostgres } from '../kernel/db/client'
import { checkinCode } from './rules/checkin-sign'
import { AppError } from '../kernel/errors'
import { listPoints } from './repositories/eventday'
import { requireEventByCode } from '../events/events'

const USAGE = 'usage: npm run checkin -- codes --event <eventCode> [--origin <H5 origin>]'

function argsOf(argv: string[]): Record<string, string> {
  const out: Record<string, string> = { command: argv[0] ?? '' }
  for (let i = 1; i < argv.length; i++) {
    const m = /^--(event|origin)(?:=(.*))?$/.exec(argv[i])
    if (!m) throw new Error(`unknown argument "${argv[i]}"\n${USAGE}`)
    out[m[1]] = m[2] ?? argv[++i] ?? ''
  }
  return out
}

async function main(): Promise<number> {
  const args = argsOf(process.argv.slice(2))
  if (!args.event || args.command !== 'codes') {
    console.error(USAGE)
    return 2
  }
  const config = loadConfig()
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl, 2) : await openPglite({ dataDir: config.dataDir })
  try {
    await handle.migrate()
    const event = await requireEventByCode(handle.db, args.event)
    const origin = args.origin || `http://localhost:${config.port}`
    for (const p of await listPoints(handle.db, event.id)) {
      const code = checkinCode(config.codeHashSecret, event.eventHashCode, p.pointCode)
      console.log(`${p.nameZh} / ${p.nameEn}\n  code: ${code}\n  QR:   ${checkinUrl(origin, event, code)}`)
    }
    return 0
  } finally {
    await handle.close()
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof AppError ? messageText(e.msgId, 'en') : `failed: ${(e as Error).message ?? e}`)
    process.exit(1)
  },
)
