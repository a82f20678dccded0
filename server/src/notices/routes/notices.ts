import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { NOTICE_RULES } from '@contracts/admin/notice-rules'
import { NOTICE_CHANNELS, previewNotice, sendNotice } from '@contracts/admin/notices'
import { route } from '../../kernel/http/route'
import { attendeeFilterFields, text } from '../../register/attendee-filter-schema'
import { previewNotice as preview, sendNotice as send } from '../notices'

// a template over its limit is the handler's to refuse, in words with the limit (EADM7202); this bounds the body
const template = text(NOTICE_RULES.templateMaxLength * 4)

const draftSchema = z.object({
  ...attendeeFilterFields,
  channel: z.enum(NOTICE_CHANNELS, { error: 'EVAL0001' }),
  templateZh: template,
  templateEn: template,
})

const sendSchema = draftSchema.extend({
  idempotencyKey: z
    .string({ error: 'EVAL0001' })
    .min(8, { error: 'EVAL0001' })
    .max(NOTICE_RULES.keyMaxLength, { error: 'EVAL0001' })
    .regex(/^[A-Za-z0-9-]+$/, { error: 'EVAL0001' }),
})

export default async function (app: FastifyInstance) {
  route(app, previewNotice, draftSchema, ({ body, session, deps }) => preview(deps, session, body))
  route(app, sendNotice, sendSchema, ({ body, session, deps }) => send(deps, session, body))
}
