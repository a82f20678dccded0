import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { listVisibilityRule } from '@contracts/calls/travel'
import { route } from '../../../lib/route'
import { ownerOf } from '../../../services/owner'
import { productVisibility } from '../../../services/travel'

export default async function (app: FastifyInstance) {
  route(app, listVisibilityRule, z.object({}), ({ session, deps }) => productVisibility(deps, ownerOf(session)))
}
