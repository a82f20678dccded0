import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { actOnDeskOrder, DESK_ACTIONS, exportDeskOrders, listDeskAttention, listDeskOrders, listDeskSpend } from '@contracts/admin/orders'
import { TRAVEL_DESK_RULES } from '@contracts/admin/orders-rules'
import { exportReconciliation, reconcileWechatPay } from '@contracts/admin/reconcile'
import { ORDER_KINDS, ORDER_STATUS_GROUPS } from '@contracts/calls/orders'
import { route } from '../../kernel/http/route'
import { IDEMPOTENCY_KEY_PATTERN } from '../../kernel/http/idempotency'
import { EventCode } from '../../kernel/http/schemas'
import { actOnOrder } from '../desk/actions'
import { exportOrders, listSpend } from '../desk/finance'
import { listAttention, listDeskOrders as list } from '../desk/list'
import { exportReconciliationFile, reconcile } from '../desk/reconcile'

const Int = (min: number, max: number) =>
  z.number({ error: 'EVAL0001' }).int({ error: 'EVAL0001' }).min(min, { error: 'EVAL0001' }).max(max, { error: 'EVAL0001' })

const ListBody = z.object({
  eventCode: EventCode,
  kind: z.enum(ORDER_KINDS, { error: 'EVAL0001' }).nullable(),
  statusGroup: z.enum(ORDER_STATUS_GROUPS, { error: 'EVAL0001' }).nullable(),
  keyword: z.string({ error: 'EVAL0001' }).max(TRAVEL_DESK_RULES.keywordMaxLength, { error: 'EADM1013' }),
  page: Int(1, 10_000),
  pageSize: Int(1, TRAVEL_DESK_RULES.maxPageSize),
})

const ExportBody = ListBody.omit({ page: true, pageSize: true }).extend({ format: z.enum(['csv', 'xlsx'], { error: 'EVAL0001' }) })

const ActBody = z.object({
  eventCode: EventCode,
  kind: z.enum(ORDER_KINDS, { error: 'EVAL0001' }),
  orderId: Int(1, 2_147_483_647),
  action: z.enum(DESK_ACTIONS, { error: 'EVAL0001' }),
  idempotencyKey: z.string({ error: 'EVAL0001' }).regex(IDEMPOTENCY_KEY_PATTERN, { error: 'EVAL0001' }),
})

/** dates are checked by the range's rules (reconcile-range.ts): here only their shape */
const DateText = z.string({ error: 'EADM7501' }).max(10, { error: 'EADM7501' })
const ReconcileBody = z.object({ eventCode: EventCode, from: DateText, to: DateText })
const ReconcileExportBody = ReconcileBody.extend({ format: z.enum(['csv', 'xlsx'], { error: 'EVAL0001' }) })

export default async function (app: FastifyInstance) {
  route(app, listDeskOrders, ListBody, ({ body, session, deps, lang }) => list(deps, session, body, lang))
  route(app, listDeskAttention, z.object({ eventCode: EventCode }), ({ body, session, deps, lang }) => listAttention(deps, session, body.eventCode, lang))
  route(app, listDeskSpend, z.object({ eventCode: EventCode }), ({ body, session, deps, lang }) => listSpend(deps, session, body.eventCode, lang))
  route(app, exportDeskOrders, ExportBody, ({ body, session, deps, lang }) => exportOrders(deps, session, body, lang))
  route(app, reconcileWechatPay, ReconcileBody, ({ body, session, deps }) => reconcile(deps, session, body))
  route(app, exportReconciliation, ReconcileExportBody, ({ body, session, deps, lang }) => exportReconciliationFile(deps, session, body, lang))
  route(app, actOnDeskOrder, ActBody, ({ body, session, deps, lang }) => actOnOrder(deps, session, body, lang))
}
