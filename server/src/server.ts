/**
 * Starts the API server (and the H5 build, if present): `npx tsx server/src/server.ts`.
 * Environment: see config.ts (PORT, HOST, DATABASE_URL or DATA_DIR, STATIC_DIR, NODE_ENV,
 * WECHAT_API, WX_APP_ID, WX_APP_SECRET, WECHAT_API_BASE_URL, TOKEN_TTL_HOURS, CODE_HASH_SECRET, TRUST_PROXY, SMS_PROVIDER and
 * TENCENT_SMS_*, EMAIL_PROVIDER and SMTP_*, LOG_LEVEL, BOOKING_BATCH*).
 */
import { build } from './app'
import { ConfigError, checkProductionSenders, loadConfig } from './config'
import { DEMO_EVENT } from './seed'

async function main() {
  const config = loadConfig()
  checkProductionSenders(config)
  const app = await build({
    config,
    logger: { level: config.logLevel },
  })
  app.log.info({ db: app.dbHandle.kind, dataDir: app.dbHandle.kind === 'pglite' ? config.dataDir : undefined }, 'database ready')

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down')
      app
        .close()
        .then(() => process.exit(0))
        .catch(() => process.exit(1))
    })
  }

  await app.listen({ port: config.port, host: config.host })
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port
  if (config.isProduction) console.log(`Listening on ${config.host}:${port} (production: no demo event, no /dev/outbox)`)
  else console.log(`Open http://localhost:${port}/?ehc=${DEMO_EVENT.eventHashCode}&ec=${DEMO_EVENT.eventCode}`)
}

main().catch((err) => {
  // a configuration problem is a sentence for the operator, not a stack trace
  console.error(err instanceof ConfigError ? err.message : err)
  process.exit(1)
})
