import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { saveSubscriptions } from '@contracts/calls/notices'
import { MAX_TEMPLATES_PER_ASK, SUBSCRIBE_MOMENTS, SUBSCRIBE_ORDER_KINDS } from '@contracts/subscribe-notices'
import { route } from '../../kernel/http/route'
import { ownerOf } from '../../kernel/http/owner'
import { hasNoNul } from '../../kernel/http/schemas'
import { saveSubscriptions as keepSubscriptions } from '../subscriptions'

const TemplateId = z
  .string({ error: 'EVAL0001' })
  .min(1, { error: 'EVAL0001' })
  .max(128, { error: 'EVAL0001' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'EVAL0001' })

const SaveSubscriptionsBody = z.object({
  orderKind: z.enum(SUBSCRIBE_ORDER_KINDS, { error: 'EVAL0001' }),
  orderId: z.number({ error: 'EVAL0001' }).int({ error: 'EVAL0001' }).min(1, { error: 'EVAL0001' }).max(2_147_483_647, { error: 'ESYS0004' }),
  moment: z.enum(SUBSCRIBE_MOMENTS, { error: 'EVAL0001' }),
  // WeChat asks for at most 3 templates at once, so no more can have been accepted
  templateIds: z.array(TemplateId, { error: 'EVAL0001' }).min(1, { error: 'EVAL0001' }).max(MAX_TEMPLATES_PER_ASK, { error: 'EVAL0001' }),
  wxCode: z.string({ error: 'EVAL0001' }).min(1, { error: 'EVAL0001' }).max(128, { error: 'EVAL0001' }).refine(hasNoNul, { error: 'EVAL0001' }),
})

export default async function (app: FastifyInstance) {
  // the templates the attendee accepted for their order's result notices (docs/wechat.md)
  route(app, saveSubscriptions, SaveSubscriptionsBody, ({ body, session, deps }) => keepSubscriptions(deps, ownerOf(session), body))
}
