import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getDesignPage, getEventDayInfo, getTableSeat, listColleagues } from '@contracts/calls/eventday'
import { route } from '../../kernel/http/route'
import { EventCode, optionalTrimmed } from '../../kernel/http/schemas'
import { colleagues, designPage, eventDayInfo, tableSeat } from '../eventday'

const DesignPageBody = z.object({
  eventCode: EventCode,
  kind: z.enum(['design', 'custom'], { error: 'EVAL0001' }),
  pageCode: optionalTrimmed(64).transform((v) => v || undefined),
})

export default async function (app: FastifyInstance) {
  route(app, getEventDayInfo, z.object({ eventCode: EventCode }), ({ body, deps }) => eventDayInfo(deps, body.eventCode))
  route(app, getDesignPage, DesignPageBody, ({ body, deps }) => designPage(deps, body))
  route(app, getTableSeat, z.object({}), ({ session, deps }) => tableSeat(deps, session))
  route(app, listColleagues, z.object({}), ({ session, deps }) => colleagues(deps, session))
}
