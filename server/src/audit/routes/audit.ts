import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { listAudit } from '@contracts/admin/audit'
import { route } from '../../kernel/http/route'
import { EventCode } from '../../kernel/http/schemas'
import { STAFF_RULES } from '../../staff/rules/staff-rules'
import { auditPage } from '../audit'

const schema = z.object({
  eventCode: EventCode.optional(),
  page: z.number({ error: 'EVAL0001' }).int({ error: 'EVAL0001' }).min(1, { error: 'EVAL0001' }).max(100_000, { error: 'EVAL0001' }),
  pageSize: z.number({ error: 'EVAL0001' }).int({ error: 'EVAL0001' }).min(1, { error: 'EVAL0001' }).max(STAFF_RULES.audit.maxPageSize, { error: 'EVAL0001' }),
})

export default async function (app: FastifyInstance) {
  route(app, listAudit, schema, ({ body, session, deps }) => auditPage(deps, session, body))
}
