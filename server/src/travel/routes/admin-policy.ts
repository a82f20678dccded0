import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getAdminTravelPolicy, saveAdminTravelPolicy } from '@contracts/admin/travel'
import { route } from '../../kernel/http/route'
import { EventCode } from '../../kernel/http/schemas'
import { TravelPolicySchema } from '../admin-schemas'
import { policyForConsole, savePolicyFromConsole } from '../admin'

export default async function (app: FastifyInstance) {
  route(app, getAdminTravelPolicy, z.object({ eventCode: EventCode }), ({ body, session, deps }) => policyForConsole(deps, session, body.eventCode))
  route(app, saveAdminTravelPolicy, z.object({ eventCode: EventCode, policy: TravelPolicySchema }), ({ body, session, deps }) =>
    savePolicyFromConsole(deps, session, body),
  )
}
