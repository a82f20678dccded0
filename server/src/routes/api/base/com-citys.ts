import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { CityNode } from '../../../../../contracts/api'
import { cityTree } from '../../../domain/cities'
import { apiPost } from '../../../lib/api'

const CityTreeBody = z.object({
  parentCode: z
    .string({ error: 'EVAL0001' })
    .trim()
    .regex(/^(\d{2}|\d{4})?$/, { error: 'EVAL0001' })
    .nullish(),
  depth: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'EVAL0001' }).nullish(),
})

export default async function (app: FastifyInstance) {
  apiPost(app, '/api/base/comCitys/treeList', { body: CityTreeBody, auth: 'none' }, async ({ body }): Promise<CityNode[]> =>
    cityTree(body.parentCode ?? undefined, body.depth ?? 1))
}
