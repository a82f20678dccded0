import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { SendCodeResponse } from '../../../../../contracts/api'
import { isEmail, isMobile } from '../../../../../contracts/validation'
import { AppError } from '../../../errors'
import { apiPost } from '../../../lib/api'
import { EventCode, optionalString } from '../../../lib/schemas'
import { sendLoginCode } from '../../../services/codes'
import { requireEventByCode } from '../../../services/events'

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
  /**
   * Sends a login code (contracts/api.ts explains why this call carries the job).
   * The code is sent whether or not the person is registered: answering "not registered" here
   * would let anyone test numbers against the attendee list. Login answers EREG1036 instead,
   * to someone who has proven they own the number.
   */
  apiPost(app, '/api/register/signupContact/getSignupContactMessage', {
    body: SendCodeBody,
    auth: 'none',
    rateLimit: (a) => [a.rateLimits.sendCodePerMinute, 60_000],
  }, async ({ body, lang }): Promise<SendCodeResponse> => {
    const event = await requireEventByCode(app.db, body.eventCode)
    if (!event.enabled) throw new AppError('EEVT1002')
    const mode = body.channel === 'sms' ? 'mobile' : 'email'
    if (!event.loginModes.includes(mode)) throw new AppError('ELOG1007')
    return sendLoginCode(app, { event, channel: body.channel, to: (body.channel === 'sms' ? body.mobile : body.email)!, lang })
  })
}
