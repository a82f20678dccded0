import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { trainOrderVerify } from '@contracts/calls/travel'
import { flightOrderVerify } from '@contracts/calls/flight'
import { CabinCodeField, FlightRefField } from '../../air/schemas'
import { verifyFlight } from '../../air/search'
import { route } from '../../kernel/http/route'
import { SeatTypeField, TrainSegmentFields } from '../../train/schemas'
import { ownerOf } from '../../kernel/http/owner'
import { verifyTrainOffer } from '../travel'

// orderVerify/flightOrderVerify checks a flight against the same policy, so it is served here too
export default async function (app: FastifyInstance) {
  route(app, trainOrderVerify, z.object({ ...TrainSegmentFields, seatType: SeatTypeField }), ({ body, session, deps, lang }) =>
    verifyTrainOffer(deps, ownerOf(session), body, lang),
  )
  route(app, flightOrderVerify, z.object({ flight: FlightRefField, cabinCode: CabinCodeField }), ({ body, session, deps, lang }) =>
    verifyFlight(deps, ownerOf(session), body, lang),
  )
}
