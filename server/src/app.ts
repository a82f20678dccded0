/**
 * build(): the Fastify app, ready to listen or to be `inject`ed by tests.
 * Order (fastify/demo): external plugins, app plugins (errors, static), then routes.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { loadConfig, type Config } from './config'
import { openPglite, openPostgres, type DbHandle } from './db/client'
import { seed } from './db/seed'
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimits } from './lib/rate-limiter'
import { withSafeLogging } from './logging'
import errors from './plugins/errors'
import staticSite from './plugins/static'
import { DevOutbox, createSender, type MessageSender } from './providers/messaging'
import apiRoutes from './routes/api'
import devOutbox from './routes/dev/outbox'
import './types'

export interface BuildOptions {
  /** overrides on top of the environment's configuration */
  config?: Partial<Config>
  /** an open database; the app does not close it. Absent: opened from config (and closed with the app) */
  db?: DbHandle
  /** false (default in tests), true, or pino options (redaction is always added: logging.ts) */
  logger?: FastifyServerOptions['logger']
  /** H5 build folder; null: API only. Default: config.staticDir */
  staticDir?: string | null
  /** the clock every time rule uses (code expiry, sessions, limits, seed dates) */
  now?: () => Date
  /** message gateway; default: the senders of config.sms / config.email (providers/messaging/from-config.ts) */
  sender?: MessageSender
  rateLimits?: Partial<RateLimits>
  /** apply migrations, and the demo seed as seedDemo says (default true) */
  prepareDb?: boolean
  /** seed the demo event with prepareDb. Default: outside production only (production: `npm run seed:demo`) */
  seedDemo?: boolean
}

export async function build(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(), ...opts.config }
  const now = opts.now ?? (() => new Date())

  const app = Fastify({
    logger: withSafeLogging(opts.logger ?? false),
    trustProxy: config.trustProxy,
    // API bodies are small JSON; uploads (later) get their own limit on their route
    bodyLimit: 1024 * 1024,
    // answer 400 (→ EVAL0001) instead of silently accepting an attempt to poison prototypes
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  })

  const ownsDb = !opts.db
  const dbHandle = opts.db ?? (config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite({ dataDir: config.dataDir }))
  if (ownsDb) app.addHook('onClose', async () => dbHandle.close())

  const outbox = config.isProduction ? null : new DevOutbox()
  app.decorate('config', config)
  app.decorate('dbHandle', dbHandle)
  app.decorate('db', dbHandle.db)
  app.decorate('now', now)
  app.decorate('outbox', outbox)
  app.decorate('sender', opts.sender ?? createSender(config, { log: app.log, outbox, now }))
  app.decorate('rateLimiter', new RateLimiter(now))
  app.decorate('rateLimits', { ...DEFAULT_RATE_LIMITS, ...opts.rateLimits })

  if (opts.prepareDb !== false) {
    await dbHandle.withStartupLock(async () => {
      await dbHandle.migrate()
      if (opts.seedDemo ?? !config.isProduction) await seed(dbHandle.db, now())
    })
  }

  await app.register(errors)
  await app.register(staticSite, { staticDir: opts.staticDir === undefined ? config.staticDir : opts.staticDir })
  await app.register(apiRoutes)
  if (!config.isProduction) await app.register(devOutbox)

  await app.ready()
  return app
}
