/**
 * Server configuration from the environment, parsed once and validated, so a typo in a variable
 * fails at start rather than at the first request that needs it.
 */
import path from 'node:path'
import { z } from 'zod'

/** Clearly not a real ticket: signatures made with it are only good for tests and local demos. */
export const SANDBOX_JSAPI_TICKET = 'SANDBOX_JSAPI_TICKET_not_a_real_wechat_ticket'
export const SANDBOX_WX_APP_ID = 'wx_sandbox_app_id'
/** Only for development: production must set CODE_HASH_SECRET (checked below). */
const DEV_CODE_HASH_SECRET = 'dev-only-code-hash-secret'

export interface Config {
  port: number
  host: string
  /** PostgreSQL connection string; absent: embedded PGlite in dataDir */
  databaseUrl?: string
  dataDir: string
  staticDir: string
  /** pictures and pages the microsite links to, served at /files/ (server/public by default) */
  filesDir: string
  nodeEnv: string
  isProduction: boolean
  wxAppId: string
  wxJsapiTicket: string
  tokenTtlHours: number
  /** key of the HMAC that stores login codes (a leaked table must not give codes away) */
  codeHashSecret: string
  trustProxy: boolean
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data/pglite'),
  STATIC_DIR: z.string().min(1).default('dist/h5'),
  FILES_DIR: z.string().min(1).optional(),
  NODE_ENV: z.string().default('development'),
  WX_APP_ID: z.string().min(1).optional(),
  WX_JSAPI_TICKET: z.string().min(1).optional(),
  TOKEN_TTL_HOURS: z.coerce.number().positive().max(24 * 365).default(72),
  CODE_HASH_SECRET: z.string().min(16).optional(),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
})

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // empty strings count as "not set" (docker-compose style `FOO=`)
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''))
  const parsed = EnvSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const isProduction = e.NODE_ENV === 'production'
  if (isProduction && !e.CODE_HASH_SECRET) {
    throw new Error('CODE_HASH_SECRET (16+ characters) must be set in production')
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    staticDir: path.resolve(e.STATIC_DIR),
    // beside the code, not the working directory: the demo's pictures ship with the server
    filesDir: e.FILES_DIR ? path.resolve(e.FILES_DIR) : path.resolve(__dirname, '..', 'public'),
    nodeEnv: e.NODE_ENV,
    isProduction,
    wxAppId: e.WX_APP_ID ?? SANDBOX_WX_APP_ID,
    wxJsapiTicket: e.WX_JSAPI_TICKET ?? SANDBOX_JSAPI_TICKET,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    codeHashSecret: e.CODE_HASH_SECRET ?? DEV_CODE_HASH_SECRET,
    trustProxy: e.TRUST_PROXY ?? false,
  }
}
