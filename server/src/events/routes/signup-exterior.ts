import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getAppearance } from '@contracts/calls/event'
import { route } from '../../kernel/http/route'
import { EventCode } from '../../kernel/http/schemas'
import { requireEventByCode, toAppearance } from '../events'

export default async function (app: FastifyInstance) {
  route(app, getAppearance, z.object({ eventCode: EventCode }), async ({ body, deps }) => toAppearance(await requireEventByCode(deps.db, body.eventCode)))
}
