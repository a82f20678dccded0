import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getDashboard } from '@contracts/admin/dashboard'
import { route } from '../../kernel/http/route'
import { EventCode } from '../../kernel/http/schemas'
import { dashboard } from '../dashboard'

export default async function (app: FastifyInstance) {
  route(app, getDashboard, z.object({ eventCode: EventCode }), ({ body, session, deps }) => dashboard(deps, session, body))
}
