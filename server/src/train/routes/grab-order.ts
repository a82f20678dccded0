import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { cancelGrabRequest, listGrabRequests, saveGrabRequest } from '@contracts/calls/train'
import { route } from '../../kernel/http/route'
import { hasNoNul } from '../../kernel/http/schemas'
import { ContactNameField, IdempotencyKeyField, IdField, MobileField, OrderPassengerField, SeatTypeField, TrainSegmentFields } from '../schemas'
import { ownerOf } from '../../kernel/http/owner'
import { cancelGrab, listGrabs, saveGrab } from '../grabs'

export default async function (app: FastifyInstance) {
  route(
    app,
    saveGrabRequest,
    z.object({
      idempotencyKey: IdempotencyKeyField,
      ...TrainSegmentFields,
      seatTypes: z.array(SeatTypeField, { error: 'ETRAIN1028' }).min(1, { error: 'ETRAIN1028' }).max(7, { error: 'ETRAIN1028' }),
      passengers: z.array(OrderPassengerField, { error: 'ETRAIN1011' }).max(20, { error: 'ETRAIN1014' }),
      contactName: ContactNameField,
      contactMobile: MobileField,
      agreed: z.boolean({ error: 'ETRAIN1013' }),
      overPolicyReason: z.string({ error: 'EVAL0001' }).max(200, { error: 'EVAL0001' }).refine(hasNoNul, { error: 'EVAL0001' }).optional(),
    }),
    ({ body, session, deps, lang }) => saveGrab(deps, ownerOf(session), body, lang),
  )
  route(app, listGrabRequests, z.object({}), ({ session, deps }) => listGrabs(deps, ownerOf(session)))
  route(app, cancelGrabRequest, z.object({ grabId: IdField }), ({ body, session, deps }) => cancelGrab(deps, ownerOf(session), body.grabId))
}
