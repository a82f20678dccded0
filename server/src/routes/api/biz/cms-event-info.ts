import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { EventResponse } from '../../../../../contracts/api'
import { AppError } from '../../../errors'
import { apiPost } from '../../../lib/api'
import { EventCode, EventHashCode } from '../../../lib/schemas'
import { findEventByHash, requireEventByCode, toEventInfo } from '../../../services/events'

export default async function (app: FastifyInstance) {
  // public: the entry page needs the event (dates, login modes) before anyone logs in
  apiPost(app, '/api/biz/cmsEventInfo/get', { body: z.object({ eventCode: EventCode }), auth: 'none' },
    async ({ body }): Promise<EventResponse> => toEventInfo(await requireEventByCode(app.db, body.eventCode)))

  apiPost(app, '/api/biz/cmsEventInfo/getEventByHash', { body: z.object({ eventHashCode: EventHashCode }), auth: 'none' },
    async ({ body }): Promise<EventResponse> => {
      const e = await findEventByHash(app.db, body.eventHashCode)
      if (!e) throw new AppError('EEVT1001')
      return toEventInfo(e)
    })
}
