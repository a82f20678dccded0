/**
 * /api/flight/flight/*: airports, flights, cabins, fare rules, travellers, notices, booking, one
 * order; after-sales: cancel, remove, refund estimate and refund, rebook list, change
 * and undoing an unpaid change. Refunds and changes finish asynchronously: in tests and demos,
 * POST /dev/airline { refundOutcome | changeOutcome: 'accept' | 'reject', afterSaleDelayMs,
 * disruptedFlights: ['MU5101|2026-12-01'] } decides the airline's answer and /dev/clock
 * { advanceMs } passes its delay and runs the after-sales job (also a change's payment deadline).
 */
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
  findRebookList,
  getReissueRefundPriceMultiPlayer,
  listAirport,
  removeTicketOrder,
  ticketBooking,
  ticketCancel,
  ticketCancelChange,
  ticketChange,
  ticketRefund,
} from '@contracts/calls/flight'
import {
  afterSaleReasonField,
  afterSaleTypeField,
  AirportCodeField,
  AmountFenField,
  CabinCodeField,
  ContactField,
  DateField,
  FlightRefField,
  IdempotencyKeyField,
  IdField,
  PassengerField,
  PassengerIdsField,
  ReasonTextField,
} from '../schemas'
import { route } from '../../kernel/http/route'
import { askRefund, cancelOrder, refundEstimate, removeOrder } from '../aftersales'
import { askChange, cancelChange } from '../ticket-change'
import { rebookList } from '../change-options'
import { bookFlight, orderDetails, travellers } from '../orders'
import { fareRuleOf, findAirports, findCabins, findFlights, listAirports, noticesFor } from '../search'
import { ownerOf } from '../../kernel/http/owner'

export default async function (app: FastifyInstance) {
  route(app, listAirport, z.object({}), async ({ deps }) => listAirports(deps))
  route(app, findAirportList, z.object({ keyword: z.string({ error: 'EVAL0001' }).max(40, { error: 'EVAL0001' }) }), async ({ deps, body }) =>
    findAirports(deps, body.keyword),
  )
  route(
    app,
    findFlightList,
    z.object({ depCode: AirportCodeField, arrCode: AirportCodeField, date: DateField }),
    ({ deps, session, body }) => findFlights(deps, ownerOf(session), body),
    { cachedSession: true },
  )
  route(app, findCabinsList, z.object({ flight: FlightRefField }), ({ deps, session, body, lang }) => findCabins(deps, ownerOf(session), body.flight, lang))
  route(app, findRuleAnnotable, z.object({ flight: FlightRefField, cabinCode: CabinCodeField }), ({ deps, body }) =>
    fareRuleOf(deps, body.flight, body.cabinCode),
  )
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
  route(app, findOrderDetails, z.object({ orderId: IdField }), ({ deps, session, body, lang }) => orderDetails(deps, ownerOf(session), body.orderId, lang))

  // --- after-sales ---
  route(app, ticketCancel, z.object({ orderId: IdField }), ({ deps, session, body, lang }) => cancelOrder(deps, ownerOf(session), body.orderId, lang))
  route(app, removeTicketOrder, z.object({ orderId: IdField }), ({ deps, session, body }) => removeOrder(deps, ownerOf(session), body.orderId))
  route(
    app,
    getReissueRefundPriceMultiPlayer,
    z.object({ orderId: IdField, passengerIds: PassengerIdsField, type: afterSaleTypeField('EAIR1039') }),
    ({ deps, session, body }) => refundEstimate(deps, ownerOf(session), body),
  )
  route(
    app,
    ticketRefund,
    z.object({
      idempotencyKey: IdempotencyKeyField,
      orderId: IdField,
      passengerIds: PassengerIdsField,
      type: afterSaleTypeField('EAIR1039'),
      reason: afterSaleReasonField('EAIR1039'),
      reasonText: ReasonTextField,
      expectedRefundFen: AmountFenField,
    }),
    ({ deps, session, body, lang }) => askRefund(deps, ownerOf(session), ticketRefund.path, body, lang),
  )
  route(
    app,
    findRebookList,
    z.object({ orderId: IdField, passengerIds: PassengerIdsField, date: DateField, type: afterSaleTypeField('EAIR1045') }),
    ({ deps, session, body }) => rebookList(deps, ownerOf(session), body),
  )
  route(
    app,
    ticketChange,
    z.object({
      idempotencyKey: IdempotencyKeyField,
      orderId: IdField,
      passengerIds: PassengerIdsField,
      type: afterSaleTypeField('EAIR1045'),
      cause: afterSaleReasonField('EAIR1045'),
      causeText: ReasonTextField,
      flight: FlightRefField,
      cabinCode: CabinCodeField,
      expectedDueFen: AmountFenField,
      expectedBackFen: AmountFenField.optional(),
    }),
    ({ deps, session, body, lang }) => askChange(deps, ownerOf(session), ticketChange.path, body, lang),
  )
  route(app, ticketCancelChange, z.object({ orderId: IdField }), ({ deps, session, body, lang }) => cancelChange(deps, ownerOf(session), body, lang))
}
