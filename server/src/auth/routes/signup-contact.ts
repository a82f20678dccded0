import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { sendLoginCode } from '@contracts/calls/auth'
import { isEmail, isMobile } from '@contracts/validation'
import { route } from '../../kernel/http/route'
import { EventCode, optionalString } from '../../kernel/http/schemas'
import { sendLoginCode as send } from '../codes'

const SendCodeBody = z
  .object({
    channel: z.enum(['sms', 'email'], { error: 'EVAL0001' }),
    mobile: optionalString(32, 'EVAL0002'),
    email: optionalString(254, 'EVAL0003'),
    eventCode: EventCode,
  })
  .superRefine((b, ctx) => {
    if (b.channel === 'sms' && !(b.mobile && isMobile(b.mobile))) ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'EVAL0002' })
    if (b.channel === 'email' && !(b.email && isEmail(b.email))) ctx.addIssue({ code: 'custom', path: ['email'], message: 'EVAL0003' })
  })

export default async function (app: FastifyInstance) {
  // the login code (contracts/calls/auth.ts says why this call carries the job)
  route(app, sendLoginCode, SendCodeBody, ({ body, deps, req, lang }) => send(deps, body, { ip: req.ip, lang }), {
    rateLimit: (d) => [d.rateLimits.sendCodePerMinute, 60_000],
  })
}
