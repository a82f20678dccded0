import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { askOrderTicket, getTrainOrderInfo, payOnBusiness, paymentOrder, removeTrainOrder, saveTrainOrder, trainCancelOrder } from '@contracts/calls/train'
import { WxCodeSourceField } from '../../payments/schemas'
import { route } from '../../kernel/http/route'
import { hasNoNul } from '../../kernel/http/schemas'
import { ContactNameField, IdempotencyKeyField, IdField, MobileField, OrderPassengerField, SeatTypeField, TrainSegmentFields } from '../schemas'
import { ownerOf } from '../../kernel/http/owner'
import { removeOrder } from '../aftersales/aftersales'
import { payChangeByWechat } from '../aftersales/ticket-change'
import { askTicketing, cancelOrder, getOrder, payByCompany, payByWechat } from '../orders/orders'
import { saveOrder } from '../orders/booking'

const OrderId = z.object({ orderId: IdField })

export default async function (app: FastifyInstance) {
  route(
    app,
    saveTrainOrder,
    z.object({
      idempotencyKey: IdempotencyKeyField,
      ...TrainSegmentFields,
      seatType: SeatTypeField,
      passengers: z.array(OrderPassengerField, { error: 'ETRAIN1011' }).max(20, { error: 'ETRAIN1014' }),
      contactName: ContactNameField,
      contactMobile: MobileField,
      agreed: z.boolean({ error: 'ETRAIN1013' }),
      overPolicyReason: z.string({ error: 'EVAL0001' }).max(200, { error: 'EVAL0001' }).refine(hasNoNul, { error: 'EVAL0001' }).optional(),
    }),
    ({ body, session, deps, lang }) => saveOrder(deps, ownerOf(session), body, lang),
  )
  route(app, getTrainOrderInfo, OrderId, ({ body, session, deps, lang }) => getOrder(deps, ownerOf(session), body.orderId, lang))
  route(app, trainCancelOrder, OrderId, ({ body, session, deps, lang }) => cancelOrder(deps, ownerOf(session), body.orderId, lang))
  route(app, payOnBusiness, z.object({ orderId: IdField, idempotencyKey: IdempotencyKeyField }), ({ body, session, deps, lang }) =>
    payByCompany(deps, ownerOf(session), body, lang),
  )
  route(
    app,
    paymentOrder,
    z.object({
      orderId: IdField,
      idempotencyKey: IdempotencyKeyField,
      tradeType: z.enum(['JSAPI', 'NATIVE'], { error: 'EVAL0001' }),
      wxCode: z.string({ error: 'EVAL0001' }).max(128, { error: 'EVAL0001' }).refine(hasNoNul, { error: 'EVAL0001' }),
      wxCodeSource: WxCodeSourceField,
      changeId: IdField.optional(),
    }),
    // with changeId: the fare difference of a change; without: the order itself
    ({ body, session, deps, lang, req }) =>
      body.changeId !== undefined
        ? payChangeByWechat(deps, ownerOf(session), { ...body, changeId: body.changeId }, req.ip, lang)
        : payByWechat(deps, ownerOf(session), body, req.ip, lang),
  )
  route(app, removeTrainOrder, OrderId, ({ body, session, deps }) => removeOrder(deps, ownerOf(session), body.orderId))
  route(app, askOrderTicket, OrderId, ({ body, session, deps, lang }) => askTicketing(deps, ownerOf(session), body.orderId, lang))
}
