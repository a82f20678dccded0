import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { listDictItems } from '@contracts/calls/reference'
import { dictItems } from '../../../domain/dicts'
import { route } from '../../../lib/route'
import { requiredString } from '../../../lib/schemas'

export default async function (app: FastifyInstance) {
  route(app, listDictItems, z.object({ dictCode: requiredString(64) }), async ({ body }) => dictItems(body.dictCode))
}
