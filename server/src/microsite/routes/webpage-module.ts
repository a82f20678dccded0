import type { FastifyInstance } from 'fastify'
import { listPageModules } from '@contracts/calls/microsite'
import { route } from '../../kernel/http/route'
import { PageRequestBody } from '../../kernel/http/schemas'
import { pageModules } from '../microsite'

export default async function (app: FastifyInstance) {
  route(app, listPageModules, PageRequestBody, ({ body, session, deps }) => pageModules(deps, session, body))
}
