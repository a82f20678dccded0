import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getPreSaleDay, querySubwayStation, queryTrainTicket } from '@contracts/calls/train'
import { route } from '../../kernel/http/route'
import { DateField, StationCodeField, TrainSegmentFields } from '../schemas'
import { ownerOf } from '../../kernel/http/owner'
import { preSaleDays, searchTrainList, trainStops } from '../search'

export default async function (app: FastifyInstance) {
  route(app, getPreSaleDay, z.object({}), ({ session, deps }) => preSaleDays(deps, ownerOf(session)))
  route(
    app,
    queryTrainTicket,
    z.object({ fromStationCode: StationCodeField, toStationCode: StationCodeField, date: DateField, wholeCity: z.boolean({ error: 'EVAL0001' }).optional() }),
    ({ body, session, deps, lang }) => searchTrainList(deps, ownerOf(session), body, lang),
    { cachedSession: true },
  )
  route(app, querySubwayStation, z.object(TrainSegmentFields), ({ body, session, deps }) => trainStops(deps, ownerOf(session), body))
}
