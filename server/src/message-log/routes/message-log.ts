import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { listMessageLog, MESSAGE_CHANNELS, MESSAGE_LOG_RULES, MESSAGE_STATES } from '@contracts/admin/message-log'
import { route } from '../../kernel/http/route'
import { EventCode, hasNoNul } from '../../kernel/http/schemas'
import { messageLogPage } from '../message-log'

const whole = (min: number, max: number) =>
  z.number({ error: 'EVAL0001' }).int({ error: 'EVAL0001' }).min(min, { error: 'EVAL0001' }).max(max, { error: 'EVAL0001' })

const listSchema = z.object({
  eventCode: EventCode,
  channel: z.enum(['', ...MESSAGE_CHANNELS], { error: 'EVAL0001' }),
  state: z.enum(['', ...MESSAGE_STATES], { error: 'EVAL0001' }),
  recipient: z.string({ error: 'EVAL0001' }).max(MESSAGE_LOG_RULES.searchMaxLength, { error: 'EADM1013' }).refine(hasNoNul, { error: 'EVAL0001' }),
  page: whole(1, 100_000),
  pageSize: whole(1, MESSAGE_LOG_RULES.maxPageSize),
})

export default async function (app: FastifyInstance) {
  route(app, listMessageLog, listSchema, ({ body, session, deps }) => messageLogPage(deps, session, body))
}
