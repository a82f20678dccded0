import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { WxSignResponse } from '../../../../../contracts/api'
import { apiPost } from '../../../lib/api'
import { newNonce, stripFragment, wxSignature } from '../../../domain/wx-signature'

const WxSignBody = z.object({
  url: z
    .string({ error: 'EVAL0001' })
    .trim()
    .max(2048, { error: 'EVAL0001' })
    .regex(/^https?:\/\/[^\s]+$/i, { error: 'EVAL0001' }),
})

export default async function (app: FastifyInstance) {
  /** JS-SDK config for the share card (spec §7 app start). The ticket comes from WX_JSAPI_TICKET. */
  apiPost(app, '/api/wx/officialAccounts/sign', { body: WxSignBody, auth: 'none' }, async ({ body }): Promise<WxSignResponse> => {
    const timestamp = Math.floor(app.now().getTime() / 1000)
    const noncestr = newNonce()
    const url = stripFragment(body.url)
    return {
      appId: app.config.wxAppId,
      timestamp,
      noncestr,
      signature: wxSignature({ ticket: app.config.wxJsapiTicket, noncestr, timestamp, url }),
    }
  })
}
