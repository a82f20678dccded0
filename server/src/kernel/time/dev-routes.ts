import type { FastifyInstance } from 'fastify'
import { fromThisMachine } from '../messaging/dev-routes'

/**
 * POST /dev/clock {advanceMs}: moves the app's clock forward (the DevClock of app.ts) and runs the
 * jobs due by then, so a browser test sees an unpaid order past its deadline as the server would
 * after waiting. GET /dev/clock: the app's now. Outside production only, and only from this
 * machine (like /dev/outbox): anyone else gets a 404.
 */
export default async function devClock(app: FastifyInstance) {
  app.get('/dev/clock', async (req, reply) => {
    if (!fromThisMachine(req) || !app.devClock) return reply.callNotFound()
    return { now: app.devClock.now().toISOString() }
  })
  app.post<{ Body: { advanceMs?: unknown } }>('/dev/clock', async (req, reply) => {
    if (!fromThisMachine(req) || !app.devClock) return reply.callNotFound()
    const ms = Number(req.body?.advanceMs)
    if (!Number.isFinite(ms) || ms < 0 || ms > 400 * 24 * 3600_000) return reply.code(400).send({ error: 'advanceMs: 0 to 400 days in ms' })
    const now = app.devClock.advance(ms)
    // twice: a job may make another due at once (a grab request's order makes its SMS)
    const jobsRun = (await app.jobs.runOnce(now)) + (await app.jobs.runOnce(now))
    return { now: now.toISOString(), jobsRun }
  })
}
