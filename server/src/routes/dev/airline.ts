/**
 * POST /dev/airline (outside production, this machine only): the airline sandbox's switches for
 * browser tests and demos of the failure path: { issueOutcome: 'issue' | 'fail', issueDelayMs }.
 * Answers the switches as they now are.
 */
import type { FastifyInstance } from 'fastify'
import { fromThisMachine } from './outbox'

export default async function devAirline(app: FastifyInstance) {
  const sandbox = app.deps.airlineSandbox
  if (!sandbox) return
  app.post<{ Body: { issueOutcome?: unknown; issueDelayMs?: unknown } }>('/dev/airline', async (req, reply) => {
    if (!fromThisMachine(req)) return reply.callNotFound()
    const b = (req.body ?? {}) as Record<string, unknown>
    if (b.issueOutcome === 'issue' || b.issueOutcome === 'fail') sandbox.issueOutcome = b.issueOutcome
    if (typeof b.issueDelayMs === 'number' && Number.isInteger(b.issueDelayMs) && b.issueDelayMs >= 0 && b.issueDelayMs <= 3_600_000) sandbox.issueDelayMs = b.issueDelayMs
    return { issueOutcome: sandbox.issueOutcome, issueDelayMs: sandbox.issueDelayMs }
  })
}
