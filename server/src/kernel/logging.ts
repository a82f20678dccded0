/**
 * Logger options every app gets (build() wraps whatever logger options it is given): logs are
 * shipped, kept for months and read by people who must not see attendees' secrets or personal data.
 *
 * - `redact`: secrets and personal fields, at the top of a log object and inside a body, query,
 *   headers, user or message.
 * - `err`: database errors keep the SQL text, the SQLSTATE and the names of the table, column and
 *   constraint, but never the parameter values (drizzle's and PGlite's errors carry `params`, and
 *   drizzle puts them in the message too) nor PostgreSQL's `detail` ("Key (user_name)=(lilei)…").
 * - `req`: the URL without its query (GET /dev/outbox?to=<mobile>).
 */
import { types } from 'node:util'
import type { FastifyServerOptions } from 'fastify'

/** what identifies or authenticates a person */
const PERSONAL = [
  'password',
  'passwordHash',
  'code',
  'token',
  'mobile',
  'email',
  'idNumber',
  'visitingCode',
  'roomNumber',
  'name',
  'company',
  'userName',
  'text',
]

/**
 * Plain paths, not `*.field` wildcards: each wildcard path costs microseconds on every log line
 * and every request writes two (measured: 60 wildcard paths ≈ 35 µs a line, these ≈ 8–20 µs,
 * pino without redaction ≈ 5 µs). `code` and `name` are harmless words at the top level (an error
 * code, a logger name), so only their nested forms are redacted.
 */
export const REDACT_PATHS = [
  ...[
    'password',
    'passwordHash',
    'token',
    'authorization',
    'cookie',
    'mobile',
    'email',
    'idNumber',
    'visitingCode',
    'roomNumber',
    'company',
    'userName',
    'text',
  ],
  ...['headers', 'req.headers', 'request.headers'].flatMap((c) => [`${c}.authorization`, `${c}.cookie`]),
  ...['body', 'query', 'req.body', 'req.query', 'request.body', 'message', 'user', 'attendee'].flatMap((c) => PERSONAL.map((f) => `${c}.${f}`)),
  'session.token',
]

type LoggerOption = FastifyServerOptions['logger']
type MixinFn = (mergeObject: object, level: number, logger: object) => object

/** `mixin`: fields added to every line (the request id of kernel/http/request-ids.ts), after any of the options' own */
export function withSafeLogging(logger: LoggerOption, extra: { mixin?: MixinFn } = {}): LoggerOption {
  if (!logger) return false
  const opts = logger === true ? {} : logger
  const own = opts.mixin as MixinFn | undefined
  const mixin = extra.mixin && own ? (o: object, l: number, lg: object) => ({ ...own(o, l, lg), ...extra.mixin!(o, l, lg) }) : (extra.mixin ?? own)
  return {
    ...opts,
    ...(mixin ? { mixin } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { ...opts.serializers, err: serializeError, error: serializeError, req: serializeRequest },
  }
}

interface RequestLike {
  method?: string
  url?: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}

export function serializeRequest(req: RequestLike) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? req.url.split('?')[0] : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }
}

/** what we keep of a PostgreSQL error: names and codes, never values */
const DB_ERROR_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine', 'position'] as const
/** fields that repeat values (or the statement inside a function) */
const VALUE_FIELDS = new Set(['params', 'parameters', 'values', 'queryOptions', 'detail', 'where', 'internalQuery', 'hint'])

type Serialized = Record<string, unknown>
export interface SerializedError extends Serialized {
  type: string
  message: string
  stack: string
}

export function serializeError(err: Error, depth = 0): SerializedError {
  // pino hands over whatever was logged under `err`: leave non-errors as they are
  if (!isError(err)) return err
  const e = err as Error & Record<string, unknown>
  const out = (isDbError(e) ? dbError(e) : plainError(e, depth)) as SerializedError
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((l) => /^\s+at /.test(l)) : []
  // the first lines of a stack repeat the message, with drizzle's params in it
  out.stack = [`${out.type}: ${out.message}`, ...frames].join('\n')
  if (e.cause !== undefined) out.cause = nested(e.cause, depth)
  if (Array.isArray(e.errors)) out.aggregateErrors = e.errors.map((x: unknown) => nested(x, depth))
  return out
}

// errors made by Node itself (a refused socket) come from another realm under jest's vm
const isError = (v: unknown): v is Error => v instanceof Error || types.isNativeError(v)

const nested = (v: unknown, depth: number): unknown => (isError(v) ? (depth < 5 ? serializeError(v, depth + 1) : { type: v.name }) : v)

function isDbError(e: Record<string, unknown>): boolean {
  return 'params' in e || typeof e.query === 'string' || (typeof e.severity === 'string' && typeof e.code === 'string')
}

function dbError(e: Error & Record<string, unknown>): Serialized {
  const out: Serialized = { type: e.constructor?.name || e.name }
  // drizzle: "Failed query: <sql>\nparams: <values>"; the SQL has $1… placeholders, so it is kept
  if (typeof e.query === 'string') out.query = e.query
  out.message = /^Failed query: /.test(e.message) ? 'Failed query' : e.message
  for (const f of DB_ERROR_FIELDS) if (e[f] !== undefined) out[f] = e[f]
  // class 22 (data exception) messages quote the value they refused: `invalid input syntax for type integer: "…"`
  if (typeof e.code === 'string' && e.code.startsWith('22')) out.message = `data exception ${e.code} (message withheld: it quotes a value)`
  return out
}

/** like pino's own err serializer (type, message, the error's own fields), minus value fields */
function plainError(e: Error & Record<string, unknown>, depth: number): Serialized {
  const out: Serialized = { type: e.constructor?.name || e.name, message: e.message }
  for (const k in e) {
    if (k === 'stack' || k === 'message' || k === 'cause' || k === 'errors' || VALUE_FIELDS.has(k)) continue
    out[k] = nested(e[k], depth)
  }
  return out
}
