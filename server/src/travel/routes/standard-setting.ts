import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getTravelStandard } from '@contracts/calls/travel'
import { route } from '../../kernel/http/route'
import { ownerOf } from '../../kernel/http/owner'
import { travelStandard } from '../travel'

export default async function (app: FastifyInstance) {
  route(app, getTravelStandard, z.object({}), ({ session, deps, lang }) => travelStandard(deps, ownerOf(session), lang))
}
