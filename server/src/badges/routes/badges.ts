import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { countBadges, printBadges } from '@contracts/admin/badges'
import { BADGE_SIZE_NAMES, type BadgeSize } from '@contracts/admin/badge-rules'
import { route } from '../../kernel/http/route'
import { attendeeFilterFields } from '../../register/attendee-filter-schema'
import { countBadges as count, printBadges as print } from '../badges'

const filterSchema = z.object(attendeeFilterFields)
const printSchema = z.object({ ...attendeeFilterFields, size: z.enum(BADGE_SIZE_NAMES as [BadgeSize, ...BadgeSize[]], { error: 'EADM7304' }) })

export default async function (app: FastifyInstance) {
  route(app, countBadges, filterSchema, ({ body, session, deps }) => count(deps, session, body))
  route(app, printBadges, printSchema, ({ body, session, deps }) => print(deps, session, body))
}
