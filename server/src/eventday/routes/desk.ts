import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { getDeskPhoto, getDeskSnapshot, syncDeskScans } from '@contracts/admin/desk'
import { DESK_RULES } from '@contracts/admin/desk-rules'
import { route } from '../../kernel/http/route'
import { EventCode, hasNoNul, requiredString } from '../../kernel/http/schemas'
import { deskSnapshot } from '../desk/snapshot'
import { syncScans } from '../desk/sync'
import { deskPhoto } from '../desk/photo'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const instant = z
  .string({ error: 'EADM7004' })
  .max(40, { error: 'EADM7004' })
  .refine((s) => !Number.isNaN(Date.parse(s)), { error: 'EADM7004' })

const scan = z.object({
  scanId: z.string({ error: 'EADM7003' }).regex(UUID, { error: 'EADM7003' }),
  code: z
    .string({ error: 'EVAL0001' })
    .trim()
    .min(1, { error: 'EADM7006' })
    .max(DESK_RULES.codeMaxLength, { error: 'EADM7006' })
    .refine(hasNoNul, { error: 'EADM7006' }),
  pointCode: requiredString(32, 'EADM7002'),
  scannedAt: instant,
  snapshotAt: instant,
})

const syncSchema = z.object({
  eventCode: EventCode,
  // how many at most is the service's to say, with the number (EADM7001); this bounds the body only
  scans: z.array(scan, { error: 'EVAL0001' }).max(DESK_RULES.maxScansPerSync * 5, { error: 'EVAL0001' }),
})

export default async function (app: FastifyInstance) {
  route(app, getDeskSnapshot, z.object({ eventCode: EventCode }), ({ body, session, deps }) => deskSnapshot(deps, session, body.eventCode))
  route(app, syncDeskScans, syncSchema, ({ body, session, deps }) => syncScans(deps, session, body))
  route(app, getDeskPhoto, z.object({ eventCode: EventCode, userCode: requiredString(32) }), ({ body, session, deps }) => deskPhoto(deps, session, body))
}
