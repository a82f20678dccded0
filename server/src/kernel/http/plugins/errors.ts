/**
 * The one error handler: every failure of an /api call becomes the envelope, in the caller's
 * language. Business errors and bad input answer HTTP 200 (contracts/envelope.ts); only what is
 * not a business answer keeps an HTTP error status (body too large 413, unsupported type 415,
 * unknown path 404, server fault 500).
 */
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ZodError } from 'zod'
import type { MsgId } from '@contracts/messages'
import { AppError } from '../../errors'
import { fail, isMsgId, langOf } from '../envelope'

/** The msgId a validation failure answers: the first issue that names one (schemas put EVALxxxx in `error`). */
export function msgIdOfZodError(err: ZodError): MsgId {
  for (const issue of err.issues) if (isMsgId(issue.message)) return issue.message
  return 'EVAL0001'
}

export interface ErrorsOptions {
  /** told of every error answer (business refusals answer HTTP 200, so only their msgId tells them apart) */
  onErrorAnswer?: (route: string | undefined, msgId: MsgId) => void
}

export default fp(async function errors(app: FastifyInstance, opts: ErrorsOptions) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, req, reply) => {
    const lang = langOf(req)
    const answer = (status: number, msgId: MsgId, params?: AppError['params']) => {
      opts.onErrorAnswer?.(req.routeOptions.url, msgId)
      return reply.status(status).send(fail(msgId, lang, params))
    }
    if (err instanceof AppError) return answer(err.httpStatus, err.msgId, err.params)
    if (err instanceof ZodError) {
      req.log.info({ issues: err.issues.slice(0, 5).map((i) => ({ path: i.path, code: i.code })) }, 'invalid input')
      return answer(200, msgIdOfZodError(err))
    }
    const status = (err as FastifyError).statusCode ?? 500
    if (status === 400) {
      // unparseable JSON, empty JSON body, prototype poisoning …: bad input, answered like any other
      req.log.info({ code: (err as FastifyError).code }, 'unparseable request')
      return answer(200, 'EVAL0001')
    }
    if (status === 429) return answer(429, 'ESYS0003')
    if (status > 400 && status < 500) {
      req.log.info({ code: (err as FastifyError).code, status }, 'request refused')
      return answer(status, 'EVAL0001')
    }
    req.log.error({ err }, 'unexpected error')
    return answer(500, 'ESYS0001')
  })
})
