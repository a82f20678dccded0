/**
 * A request id on every log line of a request: Fastify's own lines carry it as `reqId` (its request
 * logger), and lines written through the app logger (deps.log, app.log) while the request is being
 * answered get it from the request's async context through a pino mixin. Jobs and start-up lines,
 * outside any request, carry none.
 *
 * The id comes from the proxy in front (`X-Request-Id`) only when TRUST_PROXY says there is one and
 * the value is well-formed, so a client cannot forge ids into the logs or fill them with junk;
 * otherwise it is a new UUID. Every answer says it in `X-Request-Id`, for the person who reports a
 * problem to quote.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import pino from 'pino'

export const REQUEST_ID_RULES = {
  header: 'x-request-id',
  /** the log field of the id (Fastify's requestIdLogLabel default) */
  logLabel: 'reqId',
  /** what an id from the proxy may be: a UUID, nginx's $request_id, an AWS trace id … and nothing that could break a log line */
  wellFormed: /^[A-Za-z0-9][A-Za-z0-9._:=+/-]{7,127}$/,
} as const

const CHINDINGS = pino.symbols.chindingsSym
const BOUND_LABEL = `"${REQUEST_ID_RULES.logLabel}":`

/** the id of each request in flight, by async context: one per app (build() makes it) */
export class RequestContext {
  private readonly store = new AsyncLocalStorage<string>()

  /** runs `next` (the rest of the request's hooks and its handler) with `id` as the current request's */
  run(id: string, next: () => void): void {
    this.store.run(id, next)
  }

  current(): string | undefined {
    return this.store.getStore()
  }

  /**
   * pino's mixin: the current request's id, unless the logger already binds one (Fastify's request
   * logger and its children do: the field would be written twice)
   */
  readonly mixin = (_obj: object, _level: number, logger: object): object => {
    const id = this.store.getStore()
    if (id === undefined) return {}
    const bound = (logger as Record<symbol, unknown>)[CHINDINGS]
    return typeof bound === 'string' && bound.includes(BOUND_LABEL) ? {} : { [REQUEST_ID_RULES.logLabel]: id }
  }
}

/** Fastify's genReqId: the proxy's id when it is trusted and well-formed, else a new one */
export function requestIdGenerator(trustProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const given = req.headers[REQUEST_ID_RULES.header]
    if (trustProxy && typeof given === 'string' && REQUEST_ID_RULES.wellFormed.test(given)) return given
    return crypto.randomUUID()
  }
}

/**
 * Enters the request's context and answers its id. The context is entered again before the
 * handler: a body arrives in the socket's own callbacks, which do not carry the context of the
 * onRequest hook.
 */
export default fp(async function requestIds(app: FastifyInstance, opts: { context: RequestContext }) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_RULES.header, req.id)
    opts.context.run(req.id, done)
  })
  app.addHook('preHandler', (req, _reply, done) => opts.context.run(req.id, done))
})
