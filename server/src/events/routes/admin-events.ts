import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { createAdminEvent, getAdminEvent, listAdminEvents, publishAdminEvent, updateAdminEvent } from '@contracts/admin/events'
import { route } from '../../kernel/http/route'
import { EventCode } from '../../kernel/http/schemas'
import { EventSettingsSchema } from '../admin-schemas'
import { adminEvent, adminEventList, createEvent, publishEvent, updateEventSettings } from '../admin'

export default async function (app: FastifyInstance) {
  route(app, listAdminEvents, z.object({}), ({ session, deps }) => adminEventList(deps, session))
  route(app, getAdminEvent, z.object({ eventCode: EventCode }), ({ body, session, deps }) => adminEvent(deps, session, body.eventCode))
  route(app, createAdminEvent, EventSettingsSchema, ({ body, session, deps }) => createEvent(deps, session, body))
  route(app, updateAdminEvent, z.object({ currentCode: EventCode, settings: EventSettingsSchema }), ({ body, session, deps }) =>
    updateEventSettings(deps, session, body),
  )
  route(app, publishAdminEvent, z.object({ eventCode: EventCode, published: z.boolean({ error: 'EVAL0001' }) }), ({ body, session, deps }) =>
    publishEvent(deps, session, body),
  )
}
