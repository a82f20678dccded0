/**
 * orderPayNotify: WeChat Pay's notify URL for every kind of order (one merchant, one URL). Not an
 * app call: WeChat POSTs a signed JSON body and reads only the HTTP status (2xx accepted;
 * otherwise it sends again on its schedule), so this route answers by status with WeChat's
 * { code: 'FAIL', message } body, never the app's envelope. The body is kept as the exact string
 * received, because the signature covers those bytes, not a re-serialised object.
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { orderPayNotify } from '@contracts/calls/flight'
import { handleNotification } from '../confirmations'

/** the notification's shape, for readers and the declared-routes list (the service checks the real thing) */
const NotificationShape = z.object({
  id: z.string(),
  create_time: z.string(),
  event_type: z.string(),
  resource_type: z.string(),
  summary: z.string(),
  resource: z.object({ algorithm: z.string(), ciphertext: z.string(), associated_data: z.string().optional(), original_type: z.string(), nonce: z.string() }),
})

export default async function (app: FastifyInstance) {
  app.declaredRoutes.set(orderPayNotify.path, { call: orderPayNotify, schema: NotificationShape })
  await app.register(async (scope) => {
    // the raw body, whatever type WeChat labels it with
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body))
    scope.post(orderPayNotify.path, async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : ''
      try {
        const answer = await handleNotification(scope.deps, req.headers, raw)
        if (answer.body) return reply.status(answer.httpStatus).send(answer.body)
        return reply.status(answer.httpStatus).send()
      } catch (err) {
        // our fault (database down …): WeChat will send it again
        req.log.error({ err }, 'WeChat Pay notification failed')
        return reply.status(500).send({ code: 'FAIL', message: 'server error' })
      }
    })
  })
}
