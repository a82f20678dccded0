/**
 * POST /dev/airline (outside production, this machine only): the airline sandbox's switches for
 * browser tests and demos of the failure path: { issueOutcome: 'issue' | 'fail', issueDelayMs };
 * after-sales: { refundOutcome, changeOutcome: 'accept' | 'reject', afterSaleDelayMs,
 * disruptedFlights: ['MU5101|2026-12-01', …] (replaces the list: involuntary claims on these
 * flights are verified, others refused) }. Answers the switches as they now are.
 */
import type { FastifyInstance } from 'fastify'
import { fromThisMachine } from '../../kernel/messaging/dev-routes'

export default async function devAirline(app: FastifyInstance) {
  const sandbox = app.deps.airlineSandbox
  if (!sandbox) return
  app.post<{ Body: Record<string, unknown> }>('/dev/airline', async (req, reply) => {
    if (!fromThisMachine(req)) return reply.callNotFound()
    const b = (req.body ?? {}) as Record<string, unknown>
    if (b.issueOutcome === 'issue' || b.issueOutcome === 'fail') sandbox.issueOutcome = b.issueOutcome
    if (typeof b.issueDelayMs === 'number' && Number.isInteger(b.issueDelayMs) && b.issueDelayMs >= 0 && b.issueDelayMs <= 3_600_000)
      sandbox.issueDelayMs = b.issueDelayMs
    if (b.refundOutcome === 'accept' || b.refundOutcome === 'reject') sandbox.refundOutcome = b.refundOutcome
    if (b.changeOutcome === 'accept' || b.changeOutcome === 'reject') sandbox.changeOutcome = b.changeOutcome
    if (typeof b.afterSaleDelayMs === 'number' && Number.isInteger(b.afterSaleDelayMs) && b.afterSaleDelayMs >= 0 && b.afterSaleDelayMs <= 3_600_000)
      sandbox.afterSaleDelayMs = b.afterSaleDelayMs
    if (
      Array.isArray(b.disruptedFlights) &&
      b.disruptedFlights.length <= 100 &&
      b.disruptedFlights.every((f) => typeof f === 'string' && /^[A-Z0-9]{2}\d{1,4}\|\d{4}-\d{2}-\d{2}$/.test(f))
    ) {
      sandbox.disruptedFlights = new Set(b.disruptedFlights as string[])
    }
    return {
      issueOutcome: sandbox.issueOutcome,
      issueDelayMs: sandbox.issueDelayMs,
      refundOutcome: sandbox.refundOutcome,
      changeOutcome: sandbox.changeOutcome,
      afterSaleDelayMs: sandbox.afterSaleDelayMs,
      disruptedFlights: [...sandbox.disruptedFlights],
    }
  })
}
