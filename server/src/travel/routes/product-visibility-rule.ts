import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { listVisibilityRule } from '@contracts/calls/travel'
import { route } from '../../kernel/http/route'
import { ownerOf } from '../../kernel/http/owner'
import { productVisibility } from '../travel'

export default async function (app: FastifyInstance) {
  route(app, listVisibilityRule, z.object({}), ({ session, deps }) => productVisibility(deps, ownerOf(session)))
}
