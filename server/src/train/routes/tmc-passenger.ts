import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { deleteTravelers, listTravellers, saveTraveller } from '@contracts/calls/train'
import { route } from '../../kernel/http/route'
import { hasNoNul } from '../../kernel/http/schemas'
import { DocumentTypeField, IdField, MobileField, PassengerTypeField } from '../schemas'
import { ownerOf } from '../../kernel/http/owner'
import { deleteTravellers, listTravellers as list, saveTraveller as save } from '../travellers'

export default async function (app: FastifyInstance) {
  route(app, listTravellers, z.object({}), ({ session, deps }) => list(deps, ownerOf(session)))
  route(
    app,
    saveTraveller,
    z.object({
      id: IdField.optional(),
      name: z.string({ error: 'ETRAIN1016' }).max(60, { error: 'ETRAIN1016' }).refine(hasNoNul, { error: 'ETRAIN1016' }),
      documentType: DocumentTypeField,
      documentNumber: z.string({ error: 'EVAL0007' }).max(32, { error: 'EVAL0007' }).refine(hasNoNul, { error: 'EVAL0007' }),
      passengerType: PassengerTypeField,
      mobile: MobileField,
    }),
    ({ body, session, deps }) => save(deps, ownerOf(session), body),
  )
  route(
    app,
    deleteTravelers,
    z.object({ ids: z.array(IdField, { error: 'EVAL0001' }).min(1, { error: 'EVAL0001' }).max(50, { error: 'EVAL0001' }) }),
    ({ body, session, deps }) => deleteTravellers(deps, ownerOf(session), body),
  )
}
