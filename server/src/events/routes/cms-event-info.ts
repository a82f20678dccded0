import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getEvent, getEventByHash } from '@contracts/calls/event'
import { route } from '../../kernel/http/route'
import { EventCode, EventHashCode } from '../../kernel/http/schemas'
import { requireCachedEventByHash, requireEventByCode, toEventInfo } from '../events'

export default async function (app: FastifyInstance) {
  route(app, getEvent, z.object({ eventCode: EventCode }), async ({ body, deps }) => toEventInfo(await requireEventByCode(deps.db, body.eventCode)))
  route(app, getEventByHash, z.object({ eventHashCode: EventHashCode }), async ({ body, deps }) =>
    toEventInfo(await requireCachedEventByHash(deps, body.eventHashCode)),
  )
}
