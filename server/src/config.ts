/**
 * Server configuration from the environment, parsed once and validated, so a typo in a variable
 * fails at start rather than at the first request that needs it.
 */
import { isIP } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { parseOriginPattern } from './wechat/rules/wx-signature'
import { AUTH_RULES } from './auth/rules/auth-rules'
import { METRICS_RULES } from './kernel/metrics/metrics-rules'
import { loadWechatPayConfig, type WechatPayConfig } from './payments/wechatpay/config'
import { TRUST_PROXY_NAMES, type TrustProxy } from './kernel/http/trust-proxy'
import { loadStorageConfig, type StorageConfig } from './kernel/storage/config'
import { loadSubscribeConfig, loadWechatApiConfig, type SubscribeConfig, type WechatApiConfig } from './wechat/config'

export { SANDBOX_WX_APP_ID } from './wechat/config'
/** Outside production, the H5 pages whose share URL is signed: the local app on any port. */
export const DEV_H5_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*']
/** Only for development: production must set CODE_HASH_SECRET (checked below). */
const DEV_CODE_HASH_SECRET = 'dev-only-code-hash-secret'

/** A wrong or missing variable: server.ts prints its message alone, as a sentence for the operator. */
export class ConfigError extends Error {
  name = 'ConfigError'
}

export interface Config {
  port: number
  host: string
  /** PostgreSQL connection string; absent: embedded PGlite in dataDir */
  databaseUrl?: string
  /** PostgreSQL: connections in the server's pool (a booking holds one for its transaction) */
  dbPoolSize: number
  dataDir: string
  staticDir: string
  /** the organisers' console's build, served at /admin/ (console/vite.config.mts builds it) */
  consoleDir: string
  /** pictures and pages the microsite links to, served at /files/ (server/public by default) */
  filesDir: string
  /** uploaded registration files (photo, attachment): the local storage provider's folder */
  uploadsDir: string
  /** the folder of the badges' fonts, NotoSansCJK-Regular.ttc and -Bold.ttc (badges/badge-font.ts) */
  badgeFontDir: string
  /** where uploaded files and the microsite's added files are kept (kernel/storage/config.ts, docs/storage.md) */
  storage: StorageConfig
  nodeEnv: string
  isProduction: boolean
  /**
   * which WeChat answers stable_token and getticket, for which official account (WX_APP_ID,
   * WX_APP_SECRET): its jsapi_ticket signs the H5 pages (wechat/config.ts)
   */
  wechatApi: WechatApiConfig
  /** WeChat subscription messages: the sender and the template ids (wechat/config.ts) */
  wechatSubscribe: SubscribeConfig
  tokenTtlHours: number
  /** key of the HMAC that stores login codes (a leaked table must not give codes away) */
  codeHashSecret: string
  /** which X-Forwarded-For entries are believed: none, a number of proxies in front, or their addresses (kernel/http/trust-proxy.ts) */
  trustProxy: TrustProxy
  /** the whole request (headers and body) must arrive within this; else 408 and closed */
  requestTimeoutMs: number
  /** a socket with no traffic either way for this long is closed */
  connectionTimeoutMs: number
  /** an idle keep-alive connection between requests is closed after this */
  keepAliveTimeoutMs: number
  /** origins of the H5 app (`https://m.example.com`, `http://localhost:*`): only their pages get a JS-SDK signature */
  h5Origins: string[]
  /** who carries login codes by SMS; see kernel/messaging/from-config.ts */
  sms: SmsConfig
  /** who carries login codes by e-mail */
  email: EmailConfig
  /** password hashes at once (a small number: each takes a core for ~60 ms) */
  passwordHashConcurrency: number
  /** logins waiting for a hash; one more answers ESYS0003 */
  passwordHashQueue: number
  /** WeChat Pay: the sandbox outside production by default (payments/wechatpay/config.ts) */
  wechatPay: WechatPayConfig
  /** how train orders are booked together (train/orders/booking-batch.ts) */
  bookingBatch: BookingBatchConfig
  /** the server's log level (LOG_LEVEL; server.ts) */
  logLevel: string
  /** after SIGTERM, how long the instance keeps serving while /readyz says 503, so balancers take it out first (server.ts) */
  drainDelayMs: number
  /** how often each instance looks for due jobs (kernel/jobs/runner.ts) */
  jobIntervalMs: number
  /** the railway: the sandbox is the only one built in; null: none chosen (production refuses to start) */
  railwayProvider: 'sandbox' | null
  /** the airline (GDS/TMC): the sandbox is the only one built in; null: none chosen (production refuses to start) */
  airlineProvider: 'sandbox' | null
  /** the bearer token GET /metrics asks for (METRICS_TOKEN); null: no /metrics (kernel/metrics/plugin.ts) */
  metricsToken: string | null
}

export interface BookingBatchConfig {
  /** the most orders one list books (BOOKING_BATCH_MAX; BOOKING_BATCH=off: 1, every order alone) */
  maxOrders: number
  /** lists in flight at once, each holding a pooled connection (BOOKING_BATCH_IN_FLIGHT) */
  inFlight: number
}

/** `off`: this deployment sends no SMS (sends answer ECODE1003); `sandbox`: dev outbox only */
export type SmsConfig =
  | { provider: 'sandbox' | 'off' }
  | {
      provider: 'tencent'
      secretId: string
      secretKey: string
      /** SmsSdkAppId of the SMS console */
      appId: string
      signName: string
      templateId: string
      region: string
      /** what fills the template's {1}, {2} … in order */
      templateParams: SmsTemplateParam[]
    }

export type SmsTemplateParam = 'code' | 'minutes'

export type EmailConfig =
  | { provider: 'sandbox' | 'off' }
  | {
      provider: 'smtp'
      /** smtp://user:pass@host:port or smtps://…; when set, host/port/user/pass are not used */
      url?: string
      host?: string
      port: number
      user?: string
      pass?: string
      /** the From header, e.g. `"Dev Conf" <noreply@example.com>` */
      from: string
    }

/**
 * PostgreSQL connections of one server. A booking holds one for its transaction, and
 * with ten, 50 clients saving orders queued for a connection while the server idled: the order
 * benchmark (50 clients, 2 cores) saved 140/s with 10, 190/s with 20 and no more with 40.
 */
export const DB_POOL_SIZE_DEFAULT = 20

/**
 * Train orders booked together. 2 lists in flight, not 4: with the server's one thread the limit,
 * fewer, larger lists cost less per order (50 clients on PostgreSQL, three alternating pairs: 15.7
 * against 12.2 orders a list, PostgreSQL 0.31 against 0.35 ms and the server 0.72 against 1.04 ms
 * of CPU per order, medians), and two lists already keep PostgreSQL busy while the server decides
 * the next.
 */
/**
 * Shutdown: a balancer that probes /readyz every 2 s and takes an instance out after 2 failures
 * needs about 4 s to stop sending it requests; 5 s covers that, and Kubernetes' default grace
 * period (30 s) covers the drain and the requests in flight. Production's default; elsewhere 0.
 */
export const DRAIN_DELAY_MS_DEFAULT = 5_000
export const JOB_INTERVAL_MS_DEFAULT = 30_000

export const BOOKING_BATCH_DEFAULTS: BookingBatchConfig = { maxOrders: 32, inFlight: 2 }

/** a positive whole number, else the default: a typo in a tuning knob must not stop booking */
const countOr = (value: string | undefined, fallback: number): number => {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 ? n : fallback
}

function bookingBatchConfig(env: NodeJS.ProcessEnv): BookingBatchConfig {
  const inFlight = countOr(env.BOOKING_BATCH_IN_FLIGHT, BOOKING_BATCH_DEFAULTS.inFlight)
  // off: every order is a list of one
  if (env.BOOKING_BATCH === 'off') return { maxOrders: 1, inFlight }
  return { maxOrders: countOr(env.BOOKING_BATCH_MAX, BOOKING_BATCH_DEFAULTS.maxOrders), inFlight }
}

/** more proxies than this in front of one server is a typo */
const MAX_PROXY_HOPS = 10

/**
 * TRUST_PROXY: unset, false or 0 → none; true → 1 (one proxy in front); a number → that many
 * proxies; otherwise a comma list of proxy addresses, CIDRs (10.0.0.0/8, 2001:db8::/32) or
 * proxy-addr's names (loopback, linklocal, uniquelocal). null: none of these.
 */
export function parseTrustProxy(v: string | undefined): TrustProxy | null {
  const s = v?.trim() ?? ''
  if (s === '' || s === 'false') return false
  if (s === 'true') return 1
  if (/^\d+$/.test(s)) {
    const n = Number(s)
    return n <= MAX_PROXY_HOPS ? n || false : null
  }
  const list = s
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
  return list.length && list.every(isProxyAddress) ? list : null
}

function isProxyAddress(a: string): boolean {
  if ((TRUST_PROXY_NAMES as readonly string[]).includes(a)) return true
  const [ip, prefix, extra] = a.split('/')
  const kind = isIP(ip)
  if (!kind || extra !== undefined) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (kind === 4 ? 32 : 128)
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().min(1).optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DB_POOL_SIZE_DEFAULT),
  DATA_DIR: z.string().min(1).default('./data/pglite'),
  STATIC_DIR: z.string().min(1).default('dist/h5'),
  CONSOLE_DIR: z.string().min(1).default('dist/console'),
  FILES_DIR: z.string().min(1).optional(),
  UPLOADS_DIR: z.string().min(1).optional(),
  // Debian's fonts-noto-cjk: the image and CI install it
  BADGE_FONT_DIR: z.string().min(1).default('/usr/share/fonts/opentype/noto'),
  NODE_ENV: z.string().default('development'),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(72),
  CODE_HASH_SECRET: z.string().min(16).optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v)
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: `true, false, a number of proxies (0-${MAX_PROXY_HOPS}) or a comma list of proxy addresses / CIDRs, not ${v}` })
        return false
      }
      return parsed
    }),
  // slow clients are not held: a request must arrive within REQUEST_TIMEOUT_MS however it trickles
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(30_000),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(60_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(5_000),
  H5_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined
      const list = v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean)
      for (const o of list) if (!parseOriginPattern(o)) ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port|:*]): ${o}` })
      return list
    }),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(AUTH_RULES.hashConcurrency),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(AUTH_RULES.hashQueue),
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  JOB_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(JOB_INTERVAL_MS_DEFAULT),
  RAILWAY_PROVIDER: z.enum(['sandbox']).optional(),
  AIRLINE_PROVIDER: z.enum(['sandbox']).optional(),
  METRICS_TOKEN: z
    .string()
    .min(METRICS_RULES.tokenMinLength, `must be at least ${METRICS_RULES.tokenMinLength} characters`)
    .regex(/^\S+$/, 'must not contain spaces')
    .optional(),
})

const TENCENT_SMS_VARS = ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_APP_ID', 'TENCENT_SMS_SIGN_NAME', 'TENCENT_SMS_TEMPLATE_ID'] as const

const MessagingEnvSchema = z.object({
  SMS_PROVIDER: z.enum(['sandbox', 'tencent', 'off']).optional(),
  TENCENT_SMS_SECRET_ID: z.string().min(1).optional(),
  TENCENT_SMS_SECRET_KEY: z.string().min(1).optional(),
  TENCENT_SMS_APP_ID: z.string().min(1).optional(),
  TENCENT_SMS_SIGN_NAME: z.string().min(1).optional(),
  TENCENT_SMS_TEMPLATE_ID: z.string().min(1).optional(),
  // SendSms takes ap-beijing, ap-guangzhou or ap-nanjing; Tencent's own examples use ap-guangzhou
  TENCENT_SMS_REGION: z.string().min(1).default('ap-guangzhou'),
  TENCENT_SMS_TEMPLATE_PARAMS: z
    .string()
    .default('code')
    .transform((v) => v.split(',').map((p) => p.trim()))
    .pipe(z.array(z.enum(['code', 'minutes'])).min(1)),
  EMAIL_PROVIDER: z.enum(['sandbox', 'smtp', 'off']).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must be smtp://… or smtps://…')
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASS: z.string().min(1).optional(),
  SMTP_FROM: z.string().min(3).optional(),
})
type MessagingEnv = z.infer<typeof MessagingEnvSchema>

function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  // empty strings count as "not set" (docker-compose style `FOO=`)
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''))
  const parsed = schema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`)
  }
  return parsed.data
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(EnvSchema, env)
  const isProduction = e.NODE_ENV === 'production'
  if (isProduction && !e.CODE_HASH_SECRET) {
    throw new ConfigError('CODE_HASH_SECRET (16+ characters) must be set in production')
  }
  if (isProduction && !e.H5_ORIGINS?.length) {
    throw new ConfigError("H5_ORIGINS (the H5 app's origins, comma-separated, e.g. https://m.example.com) must be set in production")
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    dataDir: path.resolve(e.DATA_DIR),
    staticDir: path.resolve(e.STATIC_DIR),
    consoleDir: path.resolve(e.CONSOLE_DIR),
    // beside the code, not the working directory: the demo's pictures ship with the server
    filesDir: e.FILES_DIR ? path.resolve(e.FILES_DIR) : path.resolve(__dirname, '..', 'public'),
    // beside the database by default; tests (jest sets NODE_ENV=test) write to the temp folder
    uploadsDir: e.UPLOADS_DIR
      ? path.resolve(e.UPLOADS_DIR)
      : e.NODE_ENV === 'test'
        ? path.join(os.tmpdir(), 'attendee-app-uploads')
        : path.resolve(path.dirname(path.resolve(e.DATA_DIR)), 'uploads'),
    badgeFontDir: path.resolve(e.BADGE_FONT_DIR),
    storage: storageConfig(env, { isProduction, databaseUrl: e.DATABASE_URL }),
    nodeEnv: e.NODE_ENV,
    isProduction,
    wechatApi: wechatApiConfig(env, isProduction),
    wechatSubscribe: subscribeConfig(env, isProduction),
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    codeHashSecret: e.CODE_HASH_SECRET ?? DEV_CODE_HASH_SECRET,
    trustProxy: e.TRUST_PROXY ?? false,
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    passwordHashQueue: e.PASSWORD_HASH_QUEUE,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    h5Origins: e.H5_ORIGINS?.length ? e.H5_ORIGINS : [...DEV_H5_ORIGINS],
    ...loadMessagingConfig(parseEnv(MessagingEnvSchema, env)),
    wechatPay: wechatPayConfig(env, isProduction),
    bookingBatch: bookingBatchConfig(env),
    logLevel: env.LOG_LEVEL || 'info',
    // a developer's Ctrl-C (or a test tearing a server down) stops at once; nothing balances in front of it
    drainDelayMs: e.DRAIN_DELAY_MS ?? (isProduction ? DRAIN_DELAY_MS_DEFAULT : 0),
    jobIntervalMs: e.JOB_INTERVAL_MS,
    // outside production the sandboxes are the default; production has to choose them by name
    railwayProvider: e.RAILWAY_PROVIDER ?? (isProduction ? null : 'sandbox'),
    airlineProvider: e.AIRLINE_PROVIDER ?? (isProduction ? null : 'sandbox'),
    metricsToken: e.METRICS_TOKEN ?? null,
  }
}

/** Only the database: what `npm run seed:demo` needs (no secrets, no senders). */
export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env): Pick<Config, 'databaseUrl' | 'dataDir'> {
  const e = parseEnv(EnvSchema.pick({ DATABASE_URL: true, DATA_DIR: true }), env)
  return { databaseUrl: e.DATABASE_URL, dataDir: path.resolve(e.DATA_DIR) }
}

function loadMessagingConfig(e: MessagingEnv): Pick<Config, 'sms' | 'email'> {
  const problems: string[] = []

  let sms: SmsConfig = { provider: 'sandbox' }
  if (e.SMS_PROVIDER === 'tencent') {
    const missing = TENCENT_SMS_VARS.filter((k) => !e[k])
    if (missing.length) problems.push(`SMS_PROVIDER=tencent needs ${missing.join(', ')}`)
    else
      sms = {
        provider: 'tencent',
        secretId: e.TENCENT_SMS_SECRET_ID!,
        secretKey: e.TENCENT_SMS_SECRET_KEY!,
        appId: e.TENCENT_SMS_APP_ID!,
        signName: e.TENCENT_SMS_SIGN_NAME!,
        templateId: e.TENCENT_SMS_TEMPLATE_ID!,
        region: e.TENCENT_SMS_REGION,
        templateParams: e.TENCENT_SMS_TEMPLATE_PARAMS,
      }
  } else if (e.SMS_PROVIDER) sms = { provider: e.SMS_PROVIDER }

  let email: EmailConfig = { provider: 'sandbox' }
  const smtpGiven = Boolean(e.SMTP_URL || e.SMTP_HOST)
  const emailProvider = e.EMAIL_PROVIDER ?? (smtpGiven ? 'smtp' : 'sandbox')
  if (emailProvider === 'smtp') {
    if (!smtpGiven) problems.push('EMAIL_PROVIDER=smtp needs SMTP_URL or SMTP_HOST')
    if (!e.SMTP_FROM) problems.push('sending e-mail over SMTP needs SMTP_FROM (the From address)')
    if (smtpGiven && e.SMTP_FROM)
      email = { provider: 'smtp', url: e.SMTP_URL, host: e.SMTP_HOST, port: e.SMTP_PORT, user: e.SMTP_USER, pass: e.SMTP_PASS, from: e.SMTP_FROM }
  } else email = { provider: emailProvider }

  if (problems.length) throw new ConfigError(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  return { sms, email }
}

/**
 * A production server must not start without a real sender: the sandbox would swallow every
 * login code. server.ts checks this before anything else; loadConfig does not, because tests build
 * production-mode apps that never send (build() then gets a sender that refuses: from-config.ts).
 */
export function checkProductionSenders(config: Pick<Config, 'isProduction' | 'sms' | 'email'>): void {
  if (!config.isProduction) return
  const problems: string[] = []
  if (config.sms.provider === 'sandbox')
    problems.push(`SMS: set SMS_PROVIDER=tencent with ${TENCENT_SMS_VARS.join(', ')}; or SMS_PROVIDER=off if this deployment sends no SMS`)
  if (config.email.provider === 'sandbox')
    problems.push('e-mail: set SMTP_URL, or SMTP_HOST (SMTP_PORT, SMTP_USER, SMTP_PASS), and SMTP_FROM; or EMAIL_PROVIDER=off if it sends no e-mail')
  if (problems.length === 0 && config.sms.provider === 'off' && config.email.provider === 'off')
    problems.push('SMS_PROVIDER and EMAIL_PROVIDER are both off: configure at least one real sender (Tencent Cloud SMS or SMTP)')
  if (problems.length) {
    throw new ConfigError(`NODE_ENV=production needs a real message sender for login codes:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  }
}

/**
 * The providers of this configuration that are sandboxes: nothing they sell or take is real. Said
 * in the log at start and in /readyz's body, so nobody mistakes a staging deployment for the real one.
 */
export function sandboxesInUse(
  config: Pick<Config, 'railwayProvider' | 'airlineProvider' | 'wechatPay' | 'sms' | 'email'> & Partial<Pick<Config, 'wechatSubscribe'>>,
): string[] {
  const out: string[] = []
  // no real railway or airline is built in yet: whatever serves them is the sandbox
  out.push('railway', 'airline')
  if (config.wechatPay.provider === 'sandbox') out.push('wechatpay')
  if (config.sms.provider === 'sandbox') out.push('sms')
  if (config.email.provider === 'sandbox') out.push('email')
  if (config.wechatSubscribe?.provider === 'sandbox') out.push('wechatSubscribe')
  return out
}

/**
 * A production server must not sell sandbox tickets or take sandbox payments by accident: each
 * sandbox has to be chosen by its variable (a staging or demo deployment). WeChat Pay is off in
 * production unless WECHATPAY_PROVIDER names it (payments/wechatpay/config.ts), so only the railway
 * and the airline, which have no real provider yet, are checked here. server.ts calls this beside
 * checkProductionSenders.
 */
export function checkProductionSandboxes(config: Pick<Config, 'isProduction' | 'railwayProvider' | 'airlineProvider'>): void {
  if (!config.isProduction) return
  const problems: string[] = []
  if (!config.railwayProvider)
    problems.push('railway: no real railway is built in, and the railway sandbox issues no real tickets; set RAILWAY_PROVIDER=sandbox to run with it anyway')
  if (!config.airlineProvider)
    problems.push('airline: no real airline is built in, and the airline sandbox issues no real tickets; set AIRLINE_PROVIDER=sandbox to run with it anyway')
  if (problems.length) throw new ConfigError(`NODE_ENV=production refuses to start with a sandbox nobody chose:\n${problems.map((p) => `  ${p}`).join('\n')}`)
}

function storageConfig(env: NodeJS.ProcessEnv, ctx: { isProduction: boolean; databaseUrl?: string }): StorageConfig {
  try {
    return loadStorageConfig(env, ctx)
  } catch (e) {
    throw new ConfigError((e as Error).message)
  }
}

function wechatApiConfig(env: NodeJS.ProcessEnv, isProduction: boolean): WechatApiConfig {
  try {
    return loadWechatApiConfig(env, isProduction)
  } catch (e) {
    throw new ConfigError((e as Error).message)
  }
}

function subscribeConfig(env: NodeJS.ProcessEnv, isProduction: boolean): SubscribeConfig {
  try {
    return loadSubscribeConfig(env, isProduction)
  } catch (e) {
    throw new ConfigError((e as Error).message)
  }
}

function wechatPayConfig(env: NodeJS.ProcessEnv, isProduction: boolean): WechatPayConfig {
  try {
    return loadWechatPayConfig(env, isProduction)
  } catch (e) {
    throw new ConfigError((e as Error).message)
  }
}
