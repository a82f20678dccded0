import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { estimatedRefund } from '@contracts/calls/train'
import { route } from '../../../lib/route'
import { IdField, PassengerIdsField } from '../../../lib/train-schemas'
import { ownerOf } from '../../../services/owner'
import { estimateRefund } from '../../../services/train-aftersales'

/** spec §7 refundTicketOrder/estimatedRefund: the fee and the amount back before the attendee confirms */
export default async function (app: FastifyInstance) {
  route(app, estimatedRefund, z.object({ orderId: IdField, passengerIds: PassengerIdsField }), ({ body, session, deps }) => estimateRefund(deps, ownerOf(session), body))
}
