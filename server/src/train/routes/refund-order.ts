import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { saveRefund } from '@contracts/calls/train'
import { TRAIN_REFUND_REASONS, TRAIN_REFUND_TYPES } from '@contracts/train'
import { route } from '../../kernel/http/route'
import { IdempotencyKeyField, IdField, PassengerIdsField, ReasonTextField, ShownAmountField } from '../schemas'
import { ownerOf } from '../../kernel/http/owner'
import { saveRefund as refundTickets } from '../aftersales/aftersales'

/**
 * spec §7 refundOrder/save. The railway answers after its delay (browser tests: `/dev/clock`
 * moves time and runs the refund job); `POST /dev/railway {"refund": "fail"}` makes it refuse.
 */
export default async function (app: FastifyInstance) {
  route(
    app,
    saveRefund,
    z.object({
      idempotencyKey: IdempotencyKeyField,
      orderId: IdField,
      passengerIds: PassengerIdsField,
      refundType: z.enum(TRAIN_REFUND_TYPES, { error: 'ETRAIN1087' }),
      reason: z.enum(TRAIN_REFUND_REASONS, { error: 'ETRAIN1098' }),
      reasonText: ReasonTextField,
      expectedRefundFen: ShownAmountField,
    }),
    ({ body, session, deps, lang }) => refundTickets(deps, ownerOf(session), body, lang),
  )
}
