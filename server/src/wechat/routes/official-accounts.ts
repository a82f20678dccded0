import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { signShareUrl } from '@contracts/calls/event'
import { AppError } from '../../kernel/errors'
import { route } from '../../kernel/http/route'
import { isSignableUrl, signPageUrl } from '../rules/wx-signature'

const WxSignBody = z.object({
  url: z
    .string({ error: 'EVAL0001' })
    .trim()
    .max(2048, { error: 'EVAL0001' })
    .regex(/^https?:\/\/[^\s]+$/i, { error: 'EVAL0001' }),
})

export default async function (app: FastifyInstance) {
  // JS-SDK config for the share card (spec §7 app start), signed with the stored jsapi_ticket
  // (wechat/credentials.ts refreshes it). Only pages of our own H5 origins (H5_ORIGINS) are
  // signed: EVAL0008 for any other URL; ESYS0005 while there is no valid ticket (WeChat off or not answering)
  route(app, signShareUrl, WxSignBody, async ({ body, deps }) => {
    if (!isSignableUrl(body.url, deps.config.h5Origins)) throw new AppError('EVAL0008')
    const account = deps.config.wechatApi
    const ticket = account.mode === 'off' ? null : await deps.wechatCredentials.jsapiTicket(account.appId)
    if (account.mode === 'off' || !ticket) throw new AppError('ESYS0005')
    return signPageUrl({ appId: account.appId, ticket, url: body.url, now: deps.now() })
  })
}
