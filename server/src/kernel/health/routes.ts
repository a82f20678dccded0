/**
 * GET /healthz (alive) and GET /readyz (ready for traffic: kernel/health/readiness.ts), for load
 * balancers, orchestrators and the deployment's healthchecks. Outside /api on purpose: they are
 * not calls of the app (no envelope, no session, no request limit — a balancer probing every
 * second from one address must never be refused), and they log at warn only, so a probe per
 * second does not fill the info log.
 */
import type { FastifyInstance } from 'fastify'

export const HEALTH_PATH = '/healthz'
export const READY_PATH = '/readyz'

export default async function healthRoutes(app: FastifyInstance) {
  const quiet = { logLevel: 'warn' as const }
  app.get(HEALTH_PATH, quiet, async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'alive' }
  })
  app.get(READY_PATH, quiet, async (_req, reply) => {
    const report = await app.readiness.report()
    reply.header('cache-control', 'no-store')
    return reply.code(report.ready ? 200 : 503).send({ status: report.ready ? 'ready' : 'not ready', ...report })
  })
}
