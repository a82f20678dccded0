import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getTravelStandard } from '@contracts/calls/travel'
import { route } from '../../../lib/route'
import { ownerOf } from '../../../services/owner'
import { travelStandard } from '../../../services/travel'

export default async function (app: FastifyInstance) {
  route(app, getTravelStandard, z.object({}), ({ session, deps }) => travelStandard(deps, ownerOf(session)))
}
