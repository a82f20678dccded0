import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { FEEDBACK_CATEGORIES, saveFeedback } from '@contracts/calls/eventday'
import { isEmail, isMobile } from '@contracts/validation'
import { EVENTDAY_RULES } from '../rules/eventday-rules'
import { route } from '../../kernel/http/route'
import { hasNoNul } from '../../kernel/http/schemas'
import { feedback } from '../eventday'
import { IdempotencyKey } from './checkin'

const max = EVENTDAY_RULES.feedback.maxLength

const FeedbackBody = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { error: 'EFBK1004' }),
  content: z
    .string({ error: 'EFBK1001' })
    .trim()
    .min(1, { error: 'EFBK1001' })
    // a hard cap on what is parsed at all; the rule's limit (with its number in the text) is the service's
    .max(max * 8, { error: 'EVAL0001' })
    .refine(hasNoNul, { error: 'EFBK1001' }),
  contact: z
    .string({ error: 'EFBK1003' })
    .trim()
    .max(254, { error: 'EFBK1003' })
    .nullish()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isMobile(v) || isEmail(v), { error: 'EFBK1003' }),
  idempotencyKey: IdempotencyKey,
})

export default async function (app: FastifyInstance) {
  route(app, saveFeedback, FeedbackBody, ({ body, session, deps }) => feedback(deps, session, body), {
    rateLimit: () => [EVENTDAY_RULES.feedback.perAddressPerMinute, 60_000],
  })
}
