/**
 * One way to declare an /api call: POST, optional auth, zod-validated body, envelope on success.
 * Errors are thrown (AppError / ZodError) and turned into the envelope by the one error handler
 * (plugins/errors.ts), so handlers only describe the happy path.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { AppError } from '../errors'
import { resolveSession, type SessionInfo } from '../services/sessions'
import { tokenFromHeader } from '../domain/tokens'
import { langOf, ok } from './envelope'
import type { Lang } from '../../../contracts/messages'

export type AuthMode = 'none' | 'optional' | 'required'

export interface ApiContext<B, A extends AuthMode> {
  body: B
  session: A extends 'required' ? SessionInfo : SessionInfo | null
  req: FastifyRequest
  lang: Lang
}

export interface ApiOptions<S extends z.ZodType, A extends AuthMode> {
  body: S
  auth: A
  /** gentle per-IP limit: [hits, windowMs]; over it → ESYS0003 */
  rateLimit?: (app: FastifyInstance) => [number, number]
}

export function apiPost<S extends z.ZodType, A extends AuthMode, R>(
  app: FastifyInstance,
  path: string,
  opts: ApiOptions<S, A>,
  handler: (ctx: ApiContext<z.infer<S>, A>) => Promise<R>,
): void {
  app.post(path, async (req) => {
    const raw = req.body as Record<string, unknown> | undefined
    // funcModule / funcOperation are labels for logs and audit (spec §7); the path selects the handler
    if (raw && typeof raw === 'object' && ('funcModule' in raw || 'funcOperation' in raw)) {
      req.log.debug({ funcModule: String(raw.funcModule).slice(0, 100), funcOperation: String(raw.funcOperation).slice(0, 100) }, 'api call')
    }
    if (opts.rateLimit) {
      const [limit, windowMs] = opts.rateLimit(app)
      if (!app.rateLimiter.hit(`${path}|${req.ip}`, limit, windowMs)) throw new AppError('ESYS0003')
    }

    // auth before validation: an expired session is told so, whatever the body looks like
    let session: SessionInfo | null = null
    if (opts.auth !== 'none') {
      const res = await resolveSession(app.db, tokenFromHeader(req.headers.authorization), app.now())
      if ('session' in res) session = res.session
      else if (opts.auth === 'required') throw new AppError(res.msgId)
    }

    const body = opts.body.parse(raw ?? {}) as z.infer<S>
    const data = await handler({ body, session: session as ApiContext<z.infer<S>, A>['session'], req, lang: langOf(req) })
    return ok(data === undefined ? null : data)
  })
}
