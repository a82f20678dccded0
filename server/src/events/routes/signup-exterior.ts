import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getAppearance } from '@contracts/calls/event'
import { route } from '../../../lib/route'
import { EventCode } from '../../../lib/schemas'
import { requireEventByCode, toAppearance } from '../../../services/events'

export default async function (app: FastifyInstance) {
  route(app, getAppearance, z.object({ eventCode: EventCode }), async ({ body, deps }) =>
    toAppearance(await requireEventByCode(deps.db, body.eventCode)),
  )
}
