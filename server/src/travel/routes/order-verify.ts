import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { trainOrderVerify } from '@contracts/calls/travel'
import { flightOrderVerify } from '@contracts/calls/flight'
import { CabinCodeField, FlightRefField } from '../../../lib/air-schemas'
import { verifyFlight } from '../../../services/air-search'
import { route } from '../../../lib/route'
import { SeatTypeField, TrainSegmentFields } from '../../../lib/train-schemas'
import { ownerOf } from '../../../services/owner'
import { verifyTrainOffer } from '../../../services/travel'

// orderVerify/flightOrderVerify is the air slice's: it adds its route to this file
export default async function (app: FastifyInstance) {
  route(app, trainOrderVerify, z.object({ ...TrainSegmentFields, seatType: SeatTypeField }), ({ body, session, deps, lang }) =>
    verifyTrainOffer(deps, ownerOf(session), body, lang),
  )
  route(app, flightOrderVerify, z.object({ flight: FlightRefField, cabinCode: CabinCodeField }), ({ body, session, deps, lang }) =>
    verifyFlight(deps, ownerOf(session), body, lang),
  )
}
