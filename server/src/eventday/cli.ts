/**
 * Check-in for staff (spec §1 "background check-in"):
 *
 *   npm run checkin -- codes  --event DEMO [--origin https://m.example.com]
 *       prints each check-in point's code and the address its QR code must hold (for posters)
 *   npm run checkin -- staff  --event DEMO --attendance ATT-XXXXXXXXXXXX
 *   npm run checkin -- staff  --event DEMO --user U20260001
 *       checks an attendee in at the desk, by the attendance code shown on their phone (a desk
 *       scanner types it) or by their user code; a second time says when the first was
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
import { staffCheckIn } from './checkin'
import { requireEventByCode } from '../events/events'

const USAGE = [
  'usage: npm run checkin -- codes --event <eventCode> [--origin <H5 origin>]',
  '       npm run checkin -- staff --event <eventCode> (--attendance <ATT-…> | --user <userCode>)',
].join('\n')

function argsOf(argv: string[]): Record<string, string> {
  const out: Record<string, string> = { command: argv[0] ?? '' }
  for (let i = 1; i < argv.length; i++) {
    const m = /^--(event|origin|attendance|user)(?:=(.*))?$/.exec(argv[i])
    if (!m) throw new Error(`unknown argument "${argv[i]}"\n${USAGE}`)
    out[m[1]] = m[2] ?? argv[++i] ?? ''
  }
  return out
}

async function main(): Promise<number> {
  const args = argsOf(process.argv.slice(2))
  if (!args.event || !['codes', 'staff'].includes(args.command) || (args.command === 'staff' && !args.attendance && !args.user)) {
    console.error(USAGE)
    return 2
  }
  const config = loadConfig()
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl, 2) : await openPglite({ dataDir: config.dataDir })
  try {
    await handle.migrate()
    if (args.command === 'codes') {
      const event = await requireEventByCode(handle.db, args.event)
      const origin = args.origin || `http://localhost:${config.port}`
      for (const p of await listPoints(handle.db, event.id)) {
        const code = checkinCode(config.codeHashSecret, event.eventHashCode, p.pointCode)
        console.log(`${p.nameZh} / ${p.nameEn}\n  code: ${code}\n  QR:   ${checkinUrl(origin, event, code)}`)
      }
      return 0
    }
    const r = await staffCheckIn({ db: handle.db, now: () => new Date() }, args.event, { attendanceToken: args.attendance, userCode: args.user })
    console.log(r.first ? `checked in at ${r.checkedInAt}` : `already checked in at ${r.checkedInAt} (${r.method})`)
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
