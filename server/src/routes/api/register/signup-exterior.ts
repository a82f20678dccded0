import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppearanceResponse } from '../../../../../contracts/api'
import { apiPost } from '../../../lib/api'
import { EventCode } from '../../../lib/schemas'
import { requireEventByCode } from '../../../services/events'

export default async function (app: FastifyInstance) {
  /** appearance of the event (spec §7 app start: share card texts and picture) */
  apiPost(app, '/api/register/signupExterior/get', { body: z.object({ eventCode: EventCode }), auth: 'none' },
    async ({ body }): Promise<AppearanceResponse> => {
      const e = await requireEventByCode(app.db, body.eventCode)
      return { shareTitle: e.shareTitle, shareSubTitle: e.shareSubTitle, sharePic: e.sharePic, themeColor: e.themeColor, bannerUrl: e.bannerUrl }
    })
}
