import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { listAvailableRange } from '@contracts/calls/travel'
import { route } from '../../kernel/http/route'
import { ownerOf } from '../../kernel/http/owner'
import { availableRange } from '../travel'

export default async function (app: FastifyInstance) {
  route(app, listAvailableRange, z.object({ product: z.enum(['train', 'flight'], { error: 'EVAL0001' }) }), ({ body, session, deps }) =>
    availableRange(deps, ownerOf(session), body.product),
  )
}
