import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { SEAT_TYPES } from '@contracts/train'
import { RailwaySandbox } from '.'
import { releasePublicSeats, sellOutToPublic } from '../grabs'
import { fromThisMachine } from '../../kernel/messaging/dev-routes'

const Seats = z.object({
  /** the run as orders name it: trainCode and the date the train leaves its origin */
  trainCode: z.string().max(24),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  seatType: z.enum(SEAT_TYPES),
  /** 'sellOut': the public buys every seat not ours; a number: the public gives back that many */
  action: z.union([z.literal('sellOut'), z.number().int().min(1).max(1000)]),
})

const Switches = z
  .object({
    ticketing: z.enum(['auto', 'issue', 'fail']),
    login: z.enum(['auto', 'unavailable']),
    ticketingDelayMs: z.number().int().min(0).max(3_600_000),
    sessionMs: z.number().int().min(1_000).max(86_400_000),
    audit: z.enum(['auto', 'fail']),
    refund: z.enum(['auto', 'fail']),
    change: z.enum(['auto', 'fail']),
    aftersaleDelayMs: z.number().int().min(0).max(3_600_000),
    paperTickets: z.array(z.string().max(24)).max(100),
  })
  .partial()

/**
 * The railway sandbox's switches for browser tests (outside production, from this machine only,
 * like /dev/outbox): POST /dev/railway {ticketing, login, ticketingDelayMs, sessionMs, audit,
 * refund, change, aftersaleDelayMs, paperTickets} forces what the real railway does now and then
 * (ticketing, refunds or changes fail, logins time out, a paper ticket was taken) and answers the
 * switches. server/src/train/railway/README.md says how to reach each order status.
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

  /**
   * POST /dev/railway/seats {trainCode, date, seatType, action}: the public sells a train out or
   * gives seats back (a refund elsewhere), then the due jobs run, so a browser test sees a grab
   * request come true at once.
   */
  app.post('/dev/railway/seats', async (req, reply) => {
    if (!fromThisMachine(req) || !(app.deps.railway instanceof RailwaySandbox)) return reply.callNotFound()
    const parsed = Seats.safeParse(req.body ?? {})
    if (!parsed.success) return reply.code(400).send({ error: parsed.error.message })
    const { action, ...run } = parsed.data
    if (action === 'sellOut') await sellOutToPublic(app.deps, run)
    else await releasePublicSeats(app.deps, run, action)
    // twice: the grab job makes the SMS job
    const jobsRun = (await app.jobs.runOnce(app.deps.now())) + (await app.jobs.runOnce(app.deps.now()))
    return { ok: true, jobsRun }
  })
}
