import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { listDictItems } from '@contracts/calls/reference'
import { dictItems } from '../rules/dicts'
import { route } from '../../kernel/http/route'
import { requiredString } from '../../kernel/http/schemas'

export default async function (app: FastifyInstance) {
  route(app, listDictItems, z.object({ dictCode: requiredString(64) }), async ({ body }) => dictItems(body.dictCode))
}
