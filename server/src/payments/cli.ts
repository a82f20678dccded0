/**
 * Payments a person must look at (payments/alerts.ts), for operators:
 *
 *   npm run payments:alerts                       the open alerts, oldest first
 *   npm run payments:alerts -- --all              every alert, resolved ones too
 *   npm run payments:alerts -- --resolve 3 --note "refund seen in the merchant console"
 *
 * The database is the server's (DATABASE_URL, or the PGlite folder DATA_DIR: stop the server
 * first, PGlite is one process's).
 */
import { loadDatabaseConfig } from '../config'
import { openPglite, openPostgres } from '../kernel/db/client'
import { listPaymentAlerts, resolvePaymentAlert } from './alerts'

const USAGE = ['usage: npm run payments:alerts [-- --all]', '       npm run payments:alerts -- --resolve <alert id> --note <what was done>'].join('\n')

function argsOf(argv: string[]): { all: boolean; resolve?: number; note: string } {
  const out: { all: boolean; resolve?: number; note: string } = { all: false, note: '' }
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--all') out.all = true
    else if (argv[i] === '--resolve') out.resolve = Number(argv[++i])
    else if (argv[i] === '--note') out.note = argv[++i] ?? ''
    else throw new Error(`unknown argument "${argv[i]}"\n${USAGE}`)
  }
  if (out.resolve !== undefined && (!Number.isInteger(out.resolve) || out.resolve < 1 || !out.note.trim())) throw new Error(USAGE)
  return out
}

const yuan = (fen: number) => (fen / 100).toFixed(2)

async function main(): Promise<number> {
  const args = argsOf(process.argv.slice(2))
  const config = loadDatabaseConfig()
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl, 2) : await openPglite({ dataDir: config.dataDir })
  try {
    await handle.migrate()
    if (args.resolve !== undefined) {
      const done = await resolvePaymentAlert(handle.db, args.resolve, args.note.trim(), new Date())
      console.log(done ? `alert ${args.resolve} resolved` : `no open alert ${args.resolve}`)
      return done ? 0 : 1
    }
    const alerts = await listPaymentAlerts(handle.db, { open: !args.all })
    if (!alerts.length) console.log(args.all ? 'no payment alerts' : 'no open payment alerts')
    for (const a of alerts) {
      console.log(
        `#${a.id} ${a.kind} ${a.raisedAt.toISOString()} payment ${a.paymentNo} (${a.orderKind} order ${a.orderId}, user ${a.userId}, event ${a.eventId}): ` +
          `order ¥${yuan(a.expectedFen)}, WeChat took ¥${yuan(a.receivedFen)}, refunded ¥${yuan(a.refundedFen)}; transaction ${a.transactionId ?? '-'}` +
          (a.resolvedAt ? `; resolved ${a.resolvedAt.toISOString()}: ${a.note}` : ''),
      )
    }
    return 0
  } finally {
    await handle.close()
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`failed: ${(e as Error).message ?? e}`)
    process.exit(2)
  },
)
