import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getMicrositeAccess, getMicrositeByEventCode } from '@contracts/calls/microsite'
import { route } from '../../kernel/http/route'
import { EventCode, EventHashCode } from '../../kernel/http/schemas'
import { micrositeByCode, micrositeByHash } from '../microsite'

export default async function (app: FastifyInstance) {
  route(app, getMicrositeByEventCode, z.object({ eventCode: EventCode }), ({ body, session, deps }) => micrositeByCode(deps, session, body.eventCode))
  route(app, getMicrositeAccess, z.object({ eventHashCode: EventHashCode }), ({ body, session, deps }) => micrositeByHash(deps, session, body.eventHashCode))
}
