import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getMicrositeAccess, getMicrositeByEventCode } from '@contracts/calls/microsite'
import { route } from '../../../lib/route'
import { EventCode, EventHashCode } from '../../../lib/schemas'
import { micrositeByCode, micrositeByHash } from '../../../services/microsite'

export default async function (app: FastifyInstance) {
  route(app, getMicrositeByEventCode, z.object({ eventCode: EventCode }), ({ body, session, deps }) => micrositeByCode(deps, session, body.eventCode))
  route(app, getMicrositeAccess, z.object({ eventHashCode: EventHashCode }), ({ body, session, deps }) =>
    micrositeByHash(deps, session, body.eventHashCode),
  )
}
