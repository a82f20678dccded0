import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { addPageView } from '@contracts/calls/event'
import { route } from '../../kernel/http/route'
import { EventHashCode, requiredString } from '../../kernel/http/schemas'
import { recordPageView } from '../page-views'

const AddPageViewBody = z.object({
  eventHashCode: EventHashCode,
  type: requiredString(200),
  viewWay: z.enum(['H5', 'WEAPP'], { error: 'EVAL0001' }),
})

export default async function (app: FastifyInstance) {
  // optional auth: an invalid or expired token makes the view anonymous, never an error (the
  // client fires this in the background on every page)
  route(app, addPageView, AddPageViewBody, ({ body, session, deps, lang }) => recordPageView(deps, session, body, lang), {
    rateLimit: (d) => [d.rateLimits.pageViewPerMinute, 60_000],
  })
}
