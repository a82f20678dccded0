import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getMicrositePage, listMicrositePages } from '@contracts/calls/microsite'
import { route } from '../../kernel/http/route'
import { EventCode, PageRequestBody } from '../../kernel/http/schemas'
import { getPage, listPages } from '../microsite'

const ListBody = z.object({ eventCode: EventCode, kind: z.enum(['home', 'detail'], { error: 'EVAL0001' }).optional() })

export default async function (app: FastifyInstance) {
  route(app, listMicrositePages, ListBody, ({ body, session, deps }) => listPages(deps, session, body))
  route(app, getMicrositePage, PageRequestBody, ({ body, session, deps }) => getPage(deps, session, body))
}
