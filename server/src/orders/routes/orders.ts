import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ORDER_KINDS, ORDER_STATUS_GROUPS, pageBusinessOrders, pageOrders } from '@contracts/calls/orders'
import { EVENTDAY_RULES } from '../../eventday/rules/eventday-rules'
import { route } from '../../kernel/http/route'
import { pageOrders as page } from '../order-feed'

const PageBody = z.object({
  pageNo: z.number({ error: 'EVAL0001' }).int({ error: 'EVAL0001' }).min(1, { error: 'EVAL0001' }).max(EVENTDAY_RULES.orders.maxPageNo, { error: 'EVAL0001' }),
  pageSize: z
    .number({ error: 'EVAL0001' })
    .int({ error: 'EVAL0001' })
    .min(1, { error: 'EVAL0001' })
    .max(EVENTDAY_RULES.orders.maxPageSize, { error: 'EVAL0001' }),
  kind: z
    .enum(ORDER_KINDS, { error: 'EVAL0001' })
    .nullish()
    .transform((v) => v ?? undefined),
  statusGroup: z
    .enum(ORDER_STATUS_GROUPS, { error: 'EVAL0001' })
    .nullish()
    .transform((v) => v ?? undefined),
})

export default async function (app: FastifyInstance) {
  route(app, pageOrders, PageBody, ({ body, session, deps, lang }) => page(deps, session, lang, body))
  route(app, pageBusinessOrders, PageBody, ({ body, session, deps, lang }) => page(deps, session, lang, body, 'company'))
}
