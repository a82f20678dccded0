/**
 * build(): the Fastify app, ready to listen or to be `inject`ed by tests.
 * Order (fastify/demo): external plugins, app plugins (errors, static), then routes.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { loadConfig, sandboxesInUse, type Config } from './config'
import { MIGRATIONS_DIR, openPglite, openPostgres, type DbHandle } from './kernel/db/client'
import { seed } from './seed'
import { AUTH_RULES, type RateLimits } from './auth/rules/auth-rules'
import { HashWorkers } from './auth/hash-workers'
import { Semaphore } from './kernel/cache/semaphore'
import { EventCache } from './events/event-cache'
import { SearchCaches } from './search-caches'
import { JOB_HANDLERS, ensureRecurringJobs } from './jobs'
import { JobRunner } from './kernel/jobs/runner'
import { withSafeLogging } from './kernel/logging'
import { trustProxyOption } from './kernel/http/trust-proxy'
import requestIds, { RequestContext, requestIdGenerator } from './kernel/http/request-ids'
import metricsPlugin from './kernel/metrics/plugin'
import { AppMetrics } from './kernel/metrics/prometheus'
import { JOBS_CHANNEL, dueJobsByKind } from './kernel/jobs/repository'
import errors from './kernel/http/plugins/errors'
import security from './kernel/http/plugins/security'
import staticSite from './kernel/http/plugins/static'
import consoleSite from './kernel/http/plugins/console'
import { DevOutbox, SandboxSender, createSender, type MessageSender } from './kernel/messaging'
import { LoggedSender, LoggedSubscribeSender } from './message-log/logged-senders'
import { MessageLog } from './message-log/record'
import { createWechatPay, sharedSandbox, type WechatPay } from './payments/wechatpay'
import { AirlineSandbox } from './air/airline'
import apiRoutes from './routes'
import devClockRoutes from './kernel/time/dev-routes'
import devOutbox from './kernel/messaging/dev-routes'
import devWechatPay from './payments/wechatpay/dev-routes'
import devAirline from './air/airline/dev-routes'
import devRailway from './train/railway/dev-routes'
import healthRoutes from './kernel/health/routes'
import { Readiness, shippedMigrations } from './kernel/health/readiness'
import { DevClock } from './kernel/time/dev-clock'
import { RailwaySandbox, type RailwayProvider } from './train/railway'
import type { Deps } from './deps'
import { createStorage, type FileStorage } from './kernel/storage'
import './types'
import { Payables } from './payments/payables'
import { BookingBatcher } from './train/orders/booking-batch'
import { newSessionLookups } from './auth/sessions'
import { OrderFeeds } from './orders/order-feed'
import { airOrderFeed, trainOrderFeed } from './orders/order-feeds'
import { trainPayable } from './train/orders/payable'
import { trainChangePayable } from './train/aftersales/change-payable'
import { flightChangePayable, flightPayable } from './air/payable'
import { createWechatApi } from './wechat/api'
import { WechatCredentialReader } from './wechat/credentials'
import { createSubscribeSender } from './wechat/subscribe'

export interface BuildOptions {
  /** overrides on top of the environment's configuration */
  config?: Partial<Config>
  /** an open database; the app does not close it. Absent: opened from config (and closed with the app) */
  db?: DbHandle
  /** false (default in tests), true, or pino options (redaction is always added: logging.ts) */
  logger?: FastifyServerOptions['logger']
  /** H5 build folder; null: API only. Default: config.staticDir */
  staticDir?: string | null
  /** the organisers' console's build folder; null: none. Default: config.consoleDir */
  consoleDir?: string | null
  /** the /files/ folder; null: none. Default: config.filesDir */
  filesDir?: string | null
  /** the clock every time rule uses (code expiry, sessions, limits, seed dates) */
  now?: () => Date
  /** message gateway; default: the senders of config.sms / config.email (kernel/messaging/from-config.ts) */
  sender?: MessageSender
  rateLimits?: Partial<RateLimits>
  /** apply migrations, and the demo seed as seedDemo says (default true) */
  prepareDb?: boolean
  /** run due jobs on a timer every this many ms; 0: never (tests call app.jobs.runOnce). Default: config.jobIntervalMs (30 s) */
  jobIntervalMs?: number
  /** seed the demo event with prepareDb. Default: outside production only (production: `npm run seed:demo`) */
  seedDemo?: boolean
  /** the railway; default: the sandbox (providers/railway) */
  railway?: RailwayProvider
  /** WeChat Pay; default: from config.wechatPay (a sandbox's keys and records are the database's). A test may hand two apps one sandbox object */
  wechatPay?: WechatPay
  /** uploaded files; default: the provider config.storage names (kernel/storage/from-config.ts) */
  storage?: FileStorage
}

export async function build(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(), ...opts.config }
  // outside production the clock can be moved forward by browser tests (POST /dev/clock)
  const devClock = config.isProduction ? null : new DevClock(opts.now ?? (() => new Date()))
  const now = devClock?.now ?? opts.now ?? (() => new Date())

  // the request id of every log line written while a request is answered (kernel/http/request-ids.ts)
  const requestContext = new RequestContext()
  const app = Fastify({
    logger: withSafeLogging(opts.logger ?? false, { mixin: requestContext.mixin }),
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: requestIdGenerator(config.trustProxy !== false && config.trustProxy !== 0),
    // API bodies are small JSON; uploads (later) get their own limit on their route
    bodyLimit: 1024 * 1024,
    // answer 400 (→ EVAL0001) instead of silently accepting an attempt to poison prototypes
    // a request on a connection the server accepted before it began closing is served, not
    // answered 503: a balancer does not resend a POST it already sent (kernel/health/shutdown.ts)
    return503OnClosing: false,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // slow clients are not held (Fastify's defaults are 0, i.e. forever): the whole request must
    // arrive within requestTimeout (else node answers 408 and closes), a silent socket is closed
    // after connectionTimeout, an idle keep-alive one after keepAliveTimeout
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      // node checks requestTimeout and headersTimeout only every connectionsCheckingInterval
      // (default 30 s): check often enough that the timeout means what it says
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(config.requestTimeoutMs / 4))),
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    },
  })

  const ownsDb = !opts.db
  const dbHandle = opts.db ?? (config.databaseUrl ? await openPostgres(config.databaseUrl, config.dbPoolSize) : await openPglite({ dataDir: config.dataDir }))

  const storage = opts.storage ?? (await createStorage(config, dbHandle.db, now))
  const outbox = config.isProduction ? null : new DevOutbox()
  const railway = opts.railway ?? new RailwaySandbox()
  // read at scrape time: the queue is the database's, the same whichever instance is scraped
  const metrics = new AppMetrics({
    dueJobs: (at) => dueJobsByKind(dbHandle.db, at),
    jobKinds: Object.keys(JOB_HANDLERS),
    now,
    onCollectError: (err) => app.log.error({ err }, 'metrics: reading the jobs table failed'),
  })
  if (opts.prepareDb !== false) {
    await dbHandle.withStartupLock(async () => {
      await dbHandle.migrate()
      if (opts.seedDemo ?? !config.isProduction) await seed(dbHandle.db, now())
      await ensureRecurringJobs(dbHandle.db, now(), config)
    })
  }
  // the WeChat Pay sandbox's keys (and on PostgreSQL its records) are the database's: every
  // instance on it is one platform, as every server of a merchant shares WeChat's (sandbox-store.ts)
  const wechatPay = opts.wechatPay ?? createWechatPay(config.wechatPay, now, config.wechatPay.provider === 'sandbox' ? await sharedSandbox(dbHandle) : {})
  const wechatCredentials = new WechatCredentialReader({ db: dbHandle.db, now })
  const messageLog = new MessageLog({ db: dbHandle.db, now, log: app.log })
  // the batcher reads the same deps object as everyone (a test may swap deps.searchCaches)
  const appDeps: Omit<Deps, 'bookingBatcher'> = {
    db: dbHandle.db,
    now,
    config,
    log: app.log,
    ...((raw) => ({ sender: new LoggedSender(raw, messageLog), senderSandbox: raw instanceof SandboxSender ? raw : null }))(
      opts.sender ?? createSender(config, { log: app.log, outbox, now }),
    ),
    rateLimits: { ...AUTH_RULES.requests, ...opts.rateLimits },
    hashSlots: new Semaphore(config.passwordHashConcurrency, config.passwordHashQueue),
    hashWorkers: new HashWorkers({ nice: AUTH_RULES.hashNice }),
    wechatPay,
    railway,
    // no real airline API is configured anywhere yet: the sandbox is the airline
    ...((sandbox) => ({ airline: sandbox, airlineSandbox: sandbox }))(new AirlineSandbox(dbHandle.db, now)),
    storage,
    eventCache: new EventCache(),
    searchCaches: new SearchCaches(),
    payables: new Payables({
      train: trainPayable,
      // a train change's fare difference; the key is TRAIN_CHANGE_KIND of train/aftersales/aftersales.ts
      trainChange: trainChangePayable,
      flight: flightPayable,
      flightChange: flightChangePayable,
    }),
    sessionLookups: newSessionLookups(dbHandle.db),
    orderFeeds: new OrderFeeds([trainOrderFeed, airOrderFeed]),
    metrics,
    ...((w) => ({ wechatApi: w.api, wechatApiSandbox: w.sandbox }))(createWechatApi(config.wechatApi, now, !!config.wechatSubscribe.miniProgram)),
    wechatCredentials,
    // subscription messages: the sandbox keeps them in the dev outbox beside the SMS (channel `wechat`)
    ...((s) => ({ subscribeSender: s.sender && new LoggedSubscribeSender(s.sender, messageLog), subscribeSandbox: s.sandbox }))(
      createSubscribeSender(config, { log: app.log, outbox, now, accessToken: (appId) => wechatCredentials.accessToken(appId) }),
    ),
  }
  const deps: Deps = Object.assign(appDeps, { bookingBatcher: new BookingBatcher(appDeps, config.bookingBatch) })
  // the sandbox platform delivers its notifications to our notify URL in-process, through the
  // real route (headers, raw body, status): it needs no address to reach us. A platform given by
  // the caller keeps delivering where it already did (the first instance, as WeChat reaches one of them)
  if (!opts.wechatPay)
    deps.wechatPay.sandbox?.setDeliver(async (d) => {
      const res = await app.inject({ method: 'POST', url: new URL(d.url, 'http://localhost').pathname, headers: d.headers, payload: d.body })
      return res.statusCode
    })
  app.decorate('deps', deps)
  app.decorate('dbHandle', dbHandle)
  app.decorate('outbox', outbox)
  app.decorate('devClock', devClock)
  app.decorate('jobs', new JobRunner(deps, JOB_HANDLERS))
  app.decorate('readiness', new Readiness(dbHandle.db, shippedMigrations(MIGRATIONS_DIR), sandboxesInUse(config), now))

  // the job runner first: a run in progress still needs the database
  let stopListening: (() => Promise<void>) | null = null
  app.addHook('onClose', async () => {
    await stopListening?.()
    await app.jobs.stop()
    await deps.hashWorkers.close()
    deps.searchCaches.close()
    if (!opts.storage) deps.storage.close?.()
    if (ownsDb) await dbHandle.close()
  })

  // every route as registered, whatever registered it (test/calls.test.ts checks /api against the declarations)
  const routeList: Array<{ method: string; url: string }> = []
  app.decorate('routeList', routeList)
  // filled by kernel/http/route.ts: what test/fuzz.test.ts derives its bodies from
  app.decorate('declaredRoutes', new Map())
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeList.push({ method, url: r.url })
  })

  // while draining, every answer asks its client (nginx's pooled connection, a browser) to close
  // the connection: when the server stops listening no idle kept-alive connection is left for a
  // client to send a request into just as it closes
  app.addHook('onSend', async (_req, reply) => {
    if (app.readiness.draining) reply.header('connection', 'close')
  })

  await app.register(requestIds, { context: requestContext })
  await app.register(metricsPlugin, { metrics, token: config.metricsToken })
  await app.register(errors, { onErrorAnswer: (route, msgId) => metrics.errorAnswer(route, msgId) })
  await app.register(healthRoutes)
  await app.register(security, { staticDir: opts.staticDir === undefined ? config.staticDir : opts.staticDir })
  await app.register(staticSite, {
    staticDir: opts.staticDir === undefined ? config.staticDir : opts.staticDir,
    filesDir: opts.filesDir === undefined ? config.filesDir : opts.filesDir,
    storage: deps.storage,
  })
  await app.register(consoleSite, { consoleDir: opts.consoleDir === undefined ? config.consoleDir : opts.consoleDir })
  await app.register(apiRoutes)
  if (!config.isProduction) {
    await app.register(devOutbox)
    await app.register(devClockRoutes)
    await app.register(devRailway)
    await app.register(devWechatPay)
    await app.register(devAirline)
  }

  await app.ready()
  // once ready: the first run starts at once, and a job may call the app (the WeChat Pay sandbox's notifications)
  const jobIntervalMs = opts.jobIntervalMs ?? config.jobIntervalMs
  if (jobIntervalMs > 0) {
    app.jobs.start(jobIntervalMs)
    // a job added on any instance wakes this one's runner (ensureJob's NOTIFY, sent at commit)
    stopListening = await dbHandle.listen(JOBS_CHANNEL, () => app.jobs.wake())
  }
  return app
}
