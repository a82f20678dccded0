import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getOrderTickets } from '@contracts/calls/train'
import { route } from '../../kernel/http/route'
import { IdField } from '../schemas'
import { ownerOf } from '../../kernel/http/owner'
import { getTickets } from '../orders/orders'

export default async function (app: FastifyInstance) {
  route(app, getOrderTickets, z.object({ orderId: IdField }), ({ body, session, deps }) => getTickets(deps, ownerOf(session), body.orderId))
}
