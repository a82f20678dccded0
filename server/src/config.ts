/**
 * Server configuration from the environment, parsed once and validated, so a typo in a variable
 * fails at start rather than at the first request that needs it.
 */
import path from 'node:path'
import { z } from 'zod'
import { parseOriginPattern } from './domain/wx-signature'

/** Clearly not a real ticket: signatures made with it are only good for tests and local demos. */
export const SANDBOX_JSAPI_TICKET = 'SANDBOX_JSAPI_TICKET_not_a_real_wechat_ticket'
export const SANDBOX_WX_APP_ID = 'wx_sandbox_app_id'
/** Outside production, the H5 pages whose share URL is signed: the local app on any port. */
export const DEV_H5_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*']
/** Only for development: production must set CODE_HASH_SECRET (checked below). */
const DEV_CODE_HASH_SECRET = 'dev-only-code-hash-secret'

export interface Config {
  port: number
  host: string
  /** PostgreSQL connection string; absent: embedded PGlite in dataDir */
  databaseUrl?: string
  dataDir: string
  staticDir: string
  nodeEnv: string
  isProduction: boolean
  wxAppId: string
  wxJsapiTicket: string
  tokenTtlHours: number
  /** key of the HMAC that stores login codes (a leaked table must not give codes away) */
  codeHashSecret: string
  trustProxy: boolean
  /** the whole request (headers and body) must arrive within this; else 408 and closed */
  requestTimeoutMs: number
  /** a socket with no traffic either way for this long is closed */
  connectionTimeoutMs: number
  /** an idle keep-alive connection between requests is closed after this */
  keepAliveTimeoutMs: number
  /** origins of the H5 app (`https://m.example.com`, `http://localhost:*`): only their pages get a JS-SDK signature */
  h5Origins: string[]
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data/pglite'),
  STATIC_DIR: z.string().min(1).default('dist/h5'),
  NODE_ENV: z.string().default('development'),
  WX_APP_ID: z.string().min(1).optional(),
  WX_JSAPI_TICKET: z.string().min(1).optional(),
  TOKEN_TTL_HOURS: z.coerce.number().positive().max(24 * 365).default(72),
  CODE_HASH_SECRET: z.string().min(16).optional(),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  // slow clients are not held: a request must arrive within REQUEST_TIMEOUT_MS however it trickles
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(30_000),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(60_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(5_000),
  H5_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined
      const list = v.split(',').map((o) => o.trim()).filter(Boolean)
      for (const o of list) if (!parseOriginPattern(o)) ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port|:*]): ${o}` })
      return list
    }),
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
  if (isProduction && !e.H5_ORIGINS?.length) {
    throw new Error('H5_ORIGINS (the H5 app\'s origins, comma-separated, e.g. https://m.example.com) must be set in production')
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    staticDir: path.resolve(e.STATIC_DIR),
    nodeEnv: e.NODE_ENV,
    isProduction,
    wxAppId: e.WX_APP_ID ?? SANDBOX_WX_APP_ID,
    wxJsapiTicket: e.WX_JSAPI_TICKET ?? SANDBOX_JSAPI_TICKET,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    codeHashSecret: e.CODE_HASH_SECRET ?? DEV_CODE_HASH_SECRET,
    trustProxy: e.TRUST_PROXY ?? false,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    h5Origins: e.H5_ORIGINS?.length ? e.H5_ORIGINS : [...DEV_H5_ORIGINS],
  }
}
