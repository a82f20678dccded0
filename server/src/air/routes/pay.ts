/**
 * /api/flight/pay/*: the company pays, or the attendee opens a WeChat payment (orderPayNotify:
 * pay-notify.ts), for an order or for its change's fee: createChangeOrderPay,
 * confirmChangeOrder. In tests and demos, POST /dev/wechatpay/pay { paymentNo } pays a sandbox
 * payment and sends the notification.
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { confirmChangeOrder, createChangeOrderPay, createOrderPay, payFlightOnBusiness } from '@contracts/calls/flight'
import { IdempotencyKeyField, IdField } from '../schemas'
import { WxCodeSourceField } from '../../payments/schemas'
import { route } from '../../kernel/http/route'
import { openChangePay, payChangeByCompany } from '../ticket-change'
import { openOrderPay, payByCompanyAccount } from '../orders'
import { ownerOf } from '../../kernel/http/owner'

export default async function (app: FastifyInstance) {
  route(app, payFlightOnBusiness, z.object({ orderId: IdField, idempotencyKey: IdempotencyKeyField }), ({ deps, session, body, lang }) =>
    payByCompanyAccount(deps, ownerOf(session), payFlightOnBusiness.path, body, lang),
  )
  route(
    app,
    createOrderPay,
    z.object({
      orderId: IdField,
      idempotencyKey: IdempotencyKeyField,
      tradeType: z.enum(['JSAPI', 'NATIVE'], { error: 'EVAL0001' }),
      wxCode: z.string({ error: 'EVAL0001' }).max(128, { error: 'EPAY1002' }),
      wxCodeSource: WxCodeSourceField,
    }),
    ({ deps, session, body, req }) => openOrderPay(deps, ownerOf(session), createOrderPay.path, body, req.ip),
  )
  route(
    app,
    createChangeOrderPay,
    z.object({
      orderId: IdField,
      idempotencyKey: IdempotencyKeyField,
      tradeType: z.enum(['JSAPI', 'NATIVE'], { error: 'EVAL0001' }),
      wxCode: z.string({ error: 'EVAL0001' }).max(128, { error: 'EPAY1002' }),
      wxCodeSource: WxCodeSourceField,
    }),
    ({ deps, session, body, req }) => openChangePay(deps, ownerOf(session), createChangeOrderPay.path, body, req.ip),
  )
  route(app, confirmChangeOrder, z.object({ orderId: IdField, idempotencyKey: IdempotencyKeyField }), ({ deps, session, body, lang }) =>
    payChangeByCompany(deps, ownerOf(session), confirmChangeOrder.path, body, lang),
  )
}
