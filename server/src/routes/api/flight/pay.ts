/** /api/flight/pay/*: the company pays, or the attendee opens a WeChat payment (orderPayNotify: pay-notify.ts). */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { createOrderPay, payFlightOnBusiness } from '@contracts/calls/flight'
import { IdempotencyKeyField, IdField } from '../../../lib/air-schemas'
import { route } from '../../../lib/route'
import { openOrderPay, payByCompanyAccount } from '../../../services/air-orders'
import { ownerOf } from '../../../services/owner'

export default async function (app: FastifyInstance) {
  route(app, payFlightOnBusiness, z.object({ orderId: IdField, idempotencyKey: IdempotencyKeyField }), ({ deps, session, body }) =>
    payByCompanyAccount(deps, ownerOf(session), payFlightOnBusiness.path, body),
  )
  route(
    app,
    createOrderPay,
    z.object({
      orderId: IdField,
      idempotencyKey: IdempotencyKeyField,
      tradeType: z.enum(['JSAPI', 'NATIVE'], { error: 'EVAL0001' }),
      wxCode: z.string({ error: 'EVAL0001' }).max(128, { error: 'EPAY1002' }),
    }),
    ({ deps, session, body, req }) => openOrderPay(deps, ownerOf(session), createOrderPay.path, body, req.ip),
  )
}
