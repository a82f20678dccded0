import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { decideRegistrations, listReviewQueue } from '@contracts/admin/review'
import { route } from '../../kernel/http/route'
import { EventCode, hasNoNul } from '../../kernel/http/schemas'
import { REVIEW_RULES } from '../rules/review-rules'
import { decideRegistrations as decide, reviewQueue } from '../review'

const whole = (min: number, max: number) =>
  z.number({ error: 'EVAL0001' }).int({ error: 'EVAL0001' }).min(min, { error: 'EVAL0001' }).max(max, { error: 'EVAL0001' })

const queueSchema = z.object({
  eventCode: EventCode,
  status: z.enum(['auditing', 'approved', 'rejected'], { error: 'EVAL0001' }),
  keyword: z.string({ error: 'EVAL0001' }).max(REVIEW_RULES.keywordMaxLength, { error: 'EVAL0001' }).refine(hasNoNul, { error: 'EVAL0001' }),
  page: whole(1, 100_000),
  pageSize: whole(1, REVIEW_RULES.maxPageSize),
})

const contactCode = z.string({ error: 'EVAL0001' }).min(1, { error: 'EVAL0001' }).max(32, { error: 'EVAL0001' }).refine(hasNoNul, { error: 'EVAL0001' })

const decideSchema = z.object({
  eventCode: EventCode,
  // how many at most is the service's to say, with the number (EADM2002); this bounds the body only
  contactCodes: z.array(contactCode, { error: 'EVAL0001' }).max(REVIEW_RULES.maxBatch * 10, { error: 'EVAL0001' }),
  decision: z.enum(['approved', 'rejected'], { error: 'EVAL0001' }),
  reason: z.string({ error: 'EVAL0001' }).max(REVIEW_RULES.reasonMaxLength, { error: 'EADM1013' }).refine(hasNoNul, { error: 'EVAL0001' }),
})

export default async function (app: FastifyInstance) {
  route(app, listReviewQueue, queueSchema, ({ body, session, deps }) => reviewQueue(deps, session, body))
  route(app, decideRegistrations, decideSchema, ({ body, session, deps }) => decide(deps, session, body))
}
