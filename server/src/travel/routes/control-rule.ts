import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { listAvailableRange } from '@contracts/calls/travel'
import { route } from '../../../lib/route'
import { ownerOf } from '../../../services/owner'
import { availableRange } from '../../../services/travel'

export default async function (app: FastifyInstance) {
  route(app, listAvailableRange, z.object({ product: z.enum(['train', 'flight'], { error: 'EVAL0001' }) }), ({ body, session, deps }) =>
    availableRange(deps, ownerOf(session), body.product),
  )
}
