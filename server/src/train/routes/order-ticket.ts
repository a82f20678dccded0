import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getOrderTickets } from '@contracts/calls/train'
import { route } from '../../../lib/route'
import { IdField } from '../../../lib/train-schemas'
import { ownerOf } from '../../../services/owner'
import { getTickets } from '../../../services/train-orders'

export default async function (app: FastifyInstance) {
  route(app, getOrderTickets, z.object({ orderId: IdField }), ({ body, session, deps }) => getTickets(deps, ownerOf(session), body.orderId))
}
