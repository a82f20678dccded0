/** /api/flight/flight/*: airports, flights, cabins, fare rules, travellers, notices, booking, one order. */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  findAirportList,
  findCabinsList,
  findEpidemicSituation,
  findFlightList,
  findOrderDetails,
  findRuleAnnotable,
  findSignupContactList,
  listAirport,
  ticketBooking,
} from '@contracts/calls/flight'
import { AirportCodeField, CabinCodeField, ContactField, DateField, FlightRefField, IdempotencyKeyField, IdField, PassengerField } from '../../../lib/air-schemas'
import { route } from '../../../lib/route'
import { bookFlight, orderDetails, travellers } from '../../../services/air-orders'
import { fareRuleOf, findAirports, findCabins, findFlights, listAirports, noticesFor } from '../../../services/air-search'
import { ownerOf } from '../../../services/owner'

export default async function (app: FastifyInstance) {
  route(app, listAirport, z.object({}), async ({ deps }) => listAirports(deps))
  route(app, findAirportList, z.object({ keyword: z.string({ error: 'EVAL0001' }).max(40, { error: 'EVAL0001' }) }), async ({ deps, body }) =>
    findAirports(deps, body.keyword),
  )
  route(app, findFlightList, z.object({ depCode: AirportCodeField, arrCode: AirportCodeField, date: DateField }), ({ deps, session, body }) =>
    findFlights(deps, ownerOf(session), body),
  )
  route(app, findCabinsList, z.object({ flight: FlightRefField }), ({ deps, session, body, lang }) => findCabins(deps, ownerOf(session), body.flight, lang))
  route(app, findRuleAnnotable, z.object({ flight: FlightRefField, cabinCode: CabinCodeField }), ({ deps, body }) => fareRuleOf(deps, body.flight, body.cabinCode))
  route(app, findSignupContactList, z.object({}), ({ deps, session }) => travellers(deps, ownerOf(session)))
  route(app, findEpidemicSituation, z.object({ depAirport: AirportCodeField, arrAirport: AirportCodeField, date: DateField }), ({ deps, session, body }) =>
    noticesFor(deps, ownerOf(session), body),
  )
  route(
    app,
    ticketBooking,
    z.object({
      idempotencyKey: IdempotencyKeyField,
      flight: FlightRefField,
      cabinCode: CabinCodeField,
      passengers: z.array(PassengerField, { error: 'EAIR1111' }).max(20, { error: 'EAIR1111' }),
      contact: ContactField,
      remark: z.string({ error: 'EVAL0001' }).max(1000, { error: 'EVAL0001' }),
      agreementAccepted: z.boolean({ error: 'EAIR1205' }),
      expectedTotalFen: z.number({ error: 'EVAL0001' }).int({ error: 'EVAL0001' }).min(0, { error: 'EVAL0001' }).max(100_000_000, { error: 'EVAL0001' }),
      overPolicyReason: z.string({ error: 'EVAL0001' }).max(200, { error: 'EVAL0001' }),
    }),
    ({ deps, session, body, lang }) => bookFlight(deps, ownerOf(session), ticketBooking.path, body, lang),
  )
  route(app, findOrderDetails, z.object({ orderId: IdField }), ({ deps, session, body }) => orderDetails(deps, ownerOf(session), body.orderId))
}
