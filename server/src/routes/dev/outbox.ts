import type { FastifyInstance } from 'fastify'

/**
 * GET /dev/outbox[?to=…]: the messages the sandbox sender "sent", newest first. Only registered
 * outside production: it lets browser tests read a code the way a person reads their SMS.
 */
export default async function devOutbox(app: FastifyInstance) {
  app.get<{ Querystring: { to?: string } }>('/dev/outbox', async (req) => {
    const to = typeof req.query.to === 'string' ? req.query.to : undefined
    return app.outbox?.list(to) ?? []
  })
}
