import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { trainOrderVerify } from '@contracts/calls/travel'
import { route } from '../../../lib/route'
import { SeatTypeField, TrainSegmentFields } from '../../../lib/train-schemas'
import { ownerOf } from '../../../services/owner'
import { verifyTrainOffer } from '../../../services/travel'

// orderVerify/flightOrderVerify is the air slice's: it adds its route to this file
export default async function (app: FastifyInstance) {
  route(app, trainOrderVerify, z.object({ ...TrainSegmentFields, seatType: SeatTypeField }), ({ body, session, deps, lang }) =>
    verifyTrainOffer(deps, ownerOf(session), body, lang),
  )
}
