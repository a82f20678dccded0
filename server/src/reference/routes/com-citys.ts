import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getCityTree } from '@contracts/calls/reference'
import { cityTree } from '../rules/cities'
import { route } from '../../kernel/http/route'

const CityTreeBody = z.object({
  parentCode: z
    .string({ error: 'EVAL0001' })
    .trim()
    .regex(/^(\d{2}|\d{4})?$/, { error: 'EVAL0001' })
    .nullish()
    .transform((v) => v ?? undefined),
  depth: z
    .union([z.literal(1), z.literal(2), z.literal(3)], { error: 'EVAL0001' })
    .nullish()
    .transform((v) => v ?? undefined),
})

export default async function (app: FastifyInstance) {
  route(app, getCityTree, CityTreeBody, async ({ body }) => cityTree(body.parentCode, body.depth ?? 1))
}
