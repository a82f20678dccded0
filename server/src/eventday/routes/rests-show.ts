import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getTravelRules } from '@contracts/calls/eventday'
import { route } from '../../kernel/http/route'
import { travelRules } from '../eventday'

export default async function (app: FastifyInstance) {
  route(app, getTravelRules, z.object({}), ({ session, deps }) => travelRules(deps, session))
}
