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

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, req, reply) => {
    const lang = langOf(req)
    if (err instanceof AppError) {
      return reply.status(err.httpStatus).send(fail(err.msgId, lang, err.params))
    }
    if (err instanceof ZodError) {
      req.log.info({ issues: err.issues.slice(0, 5).map((i) => ({ path: i.path, code: i.code })) }, 'invalid input')
      return reply.status(200).send(fail(msgIdOfZodError(err), lang))
    }
    const status = (err as FastifyError).statusCode ?? 500
    if (status === 400) {
      // unparseable JSON, empty JSON body, prototype poisoning …: bad input, answered like any other
      req.log.info({ code: (err as FastifyError).code }, 'unparseable request')
      return reply.status(200).send(fail('EVAL0001', lang))
    }
    if (status === 429) return reply.status(429).send(fail('ESYS0003', lang))
    if (status > 400 && status < 500) {
      req.log.info({ code: (err as FastifyError).code, status }, 'request refused')
      return reply.status(status).send(fail('EVAL0001', lang))
    }
    req.log.error({ err }, 'unexpected error')
    return reply.status(500).send(fail('ESYS0001', lang))
  })
})
