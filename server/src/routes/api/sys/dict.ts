import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { DictItem } from '../../../../../contracts/api'
import { dictItems } from '../../../domain/dicts'
import { apiPost } from '../../../lib/api'
import { requiredString } from '../../../lib/schemas'

export default async function (app: FastifyInstance) {
  /** code lists; an unknown dictCode is an empty list, not an error (the client may ask for lists added later) */
  apiPost(app, '/api/sys/dict/listItem', { body: z.object({ dictCode: requiredString(64) }), auth: 'none' },
    async ({ body }): Promise<DictItem[]> => dictItems(body.dictCode))
}
