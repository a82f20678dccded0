import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { RailwaySandbox } from '../../providers/railway'
import { fromThisMachine } from './outbox'

const Switches = z
  .object({
    ticketing: z.enum(['auto', 'issue', 'fail']),
    login: z.enum(['auto', 'unavailable']),
    ticketingDelayMs: z.number().int().min(0).max(3_600_000),
    sessionMs: z.number().int().min(1_000).max(86_400_000),
  })
  .partial()

/**
 * The railway sandbox's switches for browser tests (outside production, from this machine only,
 * like /dev/outbox): POST /dev/railway {ticketing, login, ticketingDelayMs, sessionMs} forces what
 * the real railway does now and then (ticketing fails, logins time out) and answers the switches.
 */
export default async function devRailway(app: FastifyInstance) {
  app.post('/dev/railway', async (req, reply) => {
    const railway = app.deps.railway
    if (!fromThisMachine(req) || !(railway instanceof RailwaySandbox)) return reply.callNotFound()
    const parsed = Switches.safeParse(req.body ?? {})
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.message })
    Object.assign(railway.switches, parsed.data)
    return railway.switches
  })
}
