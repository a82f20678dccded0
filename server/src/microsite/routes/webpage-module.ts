import type { FastifyInstance } from 'fastify'
import { listPageModules } from '@contracts/calls/microsite'
import { route } from '../../../lib/route'
import { PageRequestBody } from '../../../lib/schemas'
import { pageModules } from '../../../services/microsite'

export default async function (app: FastifyInstance) {
  route(app, listPageModules, PageRequestBody, ({ body, session, deps }) => pageModules(deps, session, body))
}
