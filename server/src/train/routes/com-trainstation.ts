import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { listTrainStations, queryTrainStation } from '@contracts/calls/train'
import { route } from '../../kernel/http/route'
import { hasNoNul } from '../../kernel/http/schemas'
import { ownerOf } from '../../kernel/http/owner'
import { findStations, listStations } from '../search'

export default async function (app: FastifyInstance) {
  route(
    app,
    queryTrainStation,
    z.object({ keyword: z.string({ error: 'EVAL0001' }).max(20, { error: 'EVAL0001' }).refine(hasNoNul, { error: 'EVAL0001' }) }),
    async ({ body }) => findStations(body.keyword),
  )
  route(app, listTrainStations, z.object({ limited: z.boolean({ error: 'EVAL0001' }).optional() }), ({ body, session, deps }) =>
    listStations(deps, ownerOf(session), body.limited === true),
  )
}
