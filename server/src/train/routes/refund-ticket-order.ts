import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { estimatedRefund } from '@contracts/calls/train'
import { route } from '../../kernel/http/route'
import { IdField, PassengerIdsField } from '../schemas'
import { ownerOf } from '../../kernel/http/owner'
import { estimateRefund } from '../aftersales/aftersales'

/** spec §7 refundTicketOrder/estimatedRefund: the fee and the amount back before the attendee confirms */
export default async function (app: FastifyInstance) {
  route(app, estimatedRefund, z.object({ orderId: IdField, passengerIds: PassengerIdsField }), ({ body, session, deps }) =>
    estimateRefund(deps, ownerOf(session), body),
  )
}
