/**
 * Starts the API server (and the H5 build, if present): `npx tsx server/src/server.ts`.
 * Environment: see config.ts (PORT, HOST, DATABASE_URL or DATA_DIR, STATIC_DIR, NODE_ENV,
 * WECHAT_API, WX_APP_ID, WX_APP_SECRET, WECHAT_API_BASE_URL, TOKEN_TTL_HOURS, CODE_HASH_SECRET, TRUST_PROXY, SMS_PROVIDER and
 * TENCENT_SMS_*, EMAIL_PROVIDER and SMTP_*, LOG_LEVEL, BOOKING_BATCH*, DRAIN_DELAY_MS, JOB_INTERVAL_MS,
 * RAILWAY_PROVIDER, AIRLINE_PROVIDER, METRICS_TOKEN). SIGTERM/SIGINT: kernel/health/shutdown.ts.
 */
import { build } from './app'
import { ConfigError, checkProductionSandboxes, checkProductionSenders, loadConfig, sandboxesInUse } from './config'
import { onStopSignals } from './kernel/health/shutdown'
import { DEMO_EVENT } from './seed'
import { DEMO_ADMIN, DEMO_ORGANISER } from './staff/seed'

async function main() {
  const config = loadConfig()
  checkProductionSenders(config)
  checkProductionSandboxes(config)
  const app = await build({
    config,
    logger: { level: config.logLevel },
  })
  app.log.info({ db: app.dbHandle.kind, dataDir: app.dbHandle.kind === 'pglite' ? config.dataDir : undefined }, 'database ready')

  const sandboxes = sandboxesInUse(config)
  // in production each was chosen by its variable (checkProductionSandboxes): still say it loudly
  if (sandboxes.length)
    app.log[config.isProduction ? 'warn' : 'info']({ sandboxes }, `sandboxes in use (nothing they sell or take is real): ${sandboxes.join(', ')}`)

  onStopSignals(app, { drainDelayMs: config.drainDelayMs, exit: (code) => process.exit(code) })

  await app.listen({ port: config.port, host: config.host })
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port
  if (config.isProduction) console.log(`Listening on ${config.host}:${port} (production: no demo event, no /dev/outbox)`)
  else {
    console.log(`Open http://localhost:${port}/?ehc=${DEMO_EVENT.eventHashCode}&ec=${DEMO_EVENT.eventCode}`)
    console.log(
      `Organisers' console: http://localhost:${port}/admin/  (platform administrator ${DEMO_ADMIN.userName} / ${DEMO_ADMIN.password}, organiser of ${DEMO_EVENT.eventCode} ${DEMO_ORGANISER.userName} / ${DEMO_ORGANISER.password})`,
    )
  }
}

main().catch((err) => {
  // a configuration problem is a sentence for the operator, not a stack trace
  console.error(err instanceof ConfigError ? err.message : err)
  process.exit(1)
})
