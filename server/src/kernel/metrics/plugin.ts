/**
 * Serves the app's metrics and measures every request into them.
 *
 * GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise, the
 * token compared in constant time); without METRICS_TOKEN the route does not exist, so metrics
 * are never served unauthenticated, in production or anywhere else. It is not under /api: the
 * scraper is not a client of the app and gets Prometheus' text format, not the envelope.
 */
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { AppMetrics } from './prometheus'

export const METRICS_PATH = '/metrics'

const digest = (s: string) => crypto.createHash('sha256').update(s).digest()

/** whether `header` is `Bearer <token>`; hashed first so the comparison takes the same time whatever was sent */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer +(\S+)$/i.exec(header ?? '')
  return !!m && crypto.timingSafeEqual(digest(m[1]), digest(token))
}

export default fp(async function metrics(app: FastifyInstance, opts: { metrics: AppMetrics; token: string | null }) {
  // every answer, whatever answered it (routes, the error handler, 404s, the static site)
  app.addHook('onResponse', async (req, reply) => {
    opts.metrics.observeRequest({ method: req.method, route: req.routeOptions.url, statusCode: reply.statusCode, seconds: reply.elapsedTime / 1000 })
  })
  const token = opts.token
  if (!token) return
  app.get(METRICS_PATH, async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ error: 'unauthorized' })
    }
    const text = await opts.metrics.registry.metrics()
    return reply.type(opts.metrics.registry.contentType).header('cache-control', 'no-store').send(text)
  })
})
