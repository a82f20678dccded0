/**
 * Registers the route of a declared call (contracts/calls): POST at the declaration's path, its
 * auth mode, a zod schema for the body, and a handler that returns the declared response type.
 * Errors are thrown (AppError / ZodError) and turned into the envelope by the one error handler
 * (kernel/http/plugins/errors.ts), so handlers describe the happy path only.
 *
 *   route(app, getUser, z.object({}), ({ session }) => users.profile(session))
 *
 * The schema is checked at compile time against the declared request: its output must be
 * assignable to it and have exactly its keys, so renaming a request field in contracts/ without
 * the server fails to compile (server/test/types/route-contract.ts proves it).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { AuthMode, Call } from '@contracts/call'
import type { Lang } from '@contracts/messages'
import type { Deps } from '../../deps'
import { addressKey } from '../../auth/rules/addresses'
import { tokenFromHeader } from '../../auth/rules/tokens'
import { AppError } from '../errors'
import { withinLimit } from '../limits/limits'
import { resolveCachedSession, resolveSession, type SessionInfo } from '../../auth/sessions'
import { resolveStaffSession, type StaffSession } from '../../staff/sessions'
import { langOf, ok } from './envelope'
import { sharedEnvelope } from '../cache/shared-answer'

export type SessionOf<A extends AuthMode> = A extends 'required'
  ? SessionInfo
  : A extends 'optional'
    ? SessionInfo | null
    : A extends 'staff'
      ? StaffSession
      : null

export interface RouteContext<Req, A extends AuthMode> {
  body: Req
  session: SessionOf<A>
  deps: Deps
  lang: Lang
  req: FastifyRequest
}

type KeysOf<T> = T extends unknown ? keyof T : never
type Missing<A, B> = Exclude<KeysOf<A>, KeysOf<B>>
/** unknown when the schema fits the declared request; otherwise a type naming what is wrong */
export type SchemaCheck<S extends z.ZodType, Req> = [z.output<S>] extends [Req]
  ? [Missing<z.output<S>, Req> | Missing<Req, z.output<S>>] extends [never]
    ? unknown
    : { schemaKeysDifferFromTheDeclaredRequest: Missing<z.output<S>, Req> | Missing<Req, z.output<S>> }
  : { schemaOutputIsNotTheDeclaredRequest: Req }

/**
 * Whether a parsed body holds a NUL character in any string (or key), however deep. Iterative:
 * a schema that lets nested input through (z.unknown) must not turn deep nesting into a stack
 * overflow.
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value]
  while (stack.length) {
    const v = stack.pop()
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true
    } else if (Array.isArray(v)) {
      // one by one: spreading a huge array into push() would overflow the stack itself
      for (const x of v) stack.push(x)
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return true
        stack.push(x)
      }
    }
  }
  return false
}

/** a label as sent, for the log: never String() on what a client sent (an object's toString may be anything) */
const label = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 100) : typeof v)

export interface RouteOptions {
  /**
   * gentle per-address limit: [hits, windowMs] in fixed windows, counted in the database (one
   * limit across every instance); over it → ESYS0003
   */
  rateLimit?: (deps: Deps) => [number, number]
  /**
   * read-only calls that use only who the caller is (the searches): the session comes from the
   * session cache (auth/sessions.ts resolveCachedSession), its rows up to
   * SESSION_CACHE_TTL_MS old; a call that reads or changes the person's rows must not set it
   */
  cachedSession?: boolean
  /** the largest body this call takes, in bytes, when it is not the app's (a file inside the JSON) */
  bodyLimit?: number
}

export function route<Req, Res, A extends AuthMode, S extends z.ZodType>(
  app: FastifyInstance,
  call: Call<Req, Res, A>,
  schema: S & SchemaCheck<S, Req>,
  handler: (ctx: RouteContext<Req, A>) => Promise<Res>,
  opts: RouteOptions = {},
): void {
  const deps = app.deps
  // the declaration and its schema, for whoever needs to know a call's fields (the fuzz test)
  app.declaredRoutes.set(call.path, { call, schema })
  app.post(call.path, opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}, async (req, reply) => {
    const raw = req.body as Record<string, unknown> | undefined
    // funcModule / funcOperation are labels for logs and audit (spec §7); the path selects the handler
    if (raw && typeof raw === 'object' && ('funcModule' in raw || 'funcOperation' in raw)) {
      req.log.debug({ funcModule: label(raw.funcModule), funcOperation: label(raw.funcOperation) }, 'api call')
    }
    if (opts.rateLimit) {
      const [limit, windowMs] = opts.rateLimit(deps)
      if (!(await withinLimit(deps, `req:${call.path}|${addressKey(req.ip)}`, limit, windowMs))) {
        deps.metrics.limiterRefusal(`per_address:${call.path}`)
        throw new AppError('ESYS0003')
      }
    }

    // auth before validation: an expired session is told so, whatever the body looks like
    let session: SessionInfo | StaffSession | null = null
    if (call.auth === 'staff') {
      // the console's own sessions (staff/sessions.ts): an attendee's token is unknown there
      const res = await resolveStaffSession(deps, tokenFromHeader(req.headers.authorization), deps.now())
      if ('msgId' in res) throw new AppError(res.msgId)
      session = res.session
    } else if (call.auth !== 'none') {
      const token = tokenFromHeader(req.headers.authorization)
      const res = opts.cachedSession ? await resolveCachedSession(deps, token, deps.now()) : await resolveSession(deps, token, deps.now())
      if ('session' in res) session = res.session
      else if (call.auth === 'required') throw new AppError(res.msgId)
    }

    const body = parseBody(schema as z.ZodType, raw ?? {}) as Req
    // PostgreSQL refuses NUL in text (even in a WHERE): the shared field schemas refuse it with
    // their field's msgId; this catches any string a route's own schema let through
    if (containsNul(body)) throw new AppError('EVAL0001')
    const data = await handler({ body, session: session as SessionOf<A>, deps, req, lang: langOf(req) })
    // an answer a cache shares between requests was serialized once, envelope and all (kernel/cache/shared-answer.ts)
    // (and compressed once per encoding, for clients that accept it)
    const shared = sharedEnvelope(data, req.headers['accept-encoding'])
    if (shared) {
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding')
      if (shared.encoding) reply.header('content-encoding', shared.encoding)
      return reply.send(shared.bytes)
    }
    return ok(data === undefined ? null : data)
  })
}

/**
 * The schema's answer; a body zod itself cannot look at is invalid too (EVAL0001, not a 500):
 * zod 4 still runs an array's length checks after its type check failed, and a `length` that
 * cannot be converted to a number (`{ toString: null }`) throws a TypeError there (found by fuzzing).
 */
function parseBody(schema: z.ZodType, raw: unknown): unknown {
  try {
    return schema.parse(raw)
  } catch (e) {
    if (e instanceof z.ZodError) throw e
    throw new AppError('EVAL0001')
  }
}
