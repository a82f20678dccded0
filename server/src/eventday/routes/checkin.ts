import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { checkIn, getAttendanceCode, getCheckinStatus } from '@contracts/calls/eventday'
import { EVENTDAY_RULES } from '../rules/eventday-rules'
import { IDEMPOTENCY_KEY_PATTERN } from '../../kernel/http/idempotency'
import { route } from '../../kernel/http/route'
import { hasNoNul } from '../../kernel/http/schemas'
import { attendanceCode, checkinStatus, selfCheckIn } from '../checkin'

export const IdempotencyKey = z.string({ error: 'EVAL0001' }).regex(IDEMPOTENCY_KEY_PATTERN, { error: 'EVAL0001' })

const CheckinBody = z.object({
  // empty is a spec §5 message of its own (ECHK1001), not bad input
  text: z.string({ error: 'ECHK1001' }).max(2000, { error: 'ECHK1002' }).refine(hasNoNul, { error: 'ECHK1002' }),
  scannedAt: z
    .string({ error: 'ECHK1006' })
    .datetime({ offset: true, error: 'ECHK1006' })
    .nullish()
    .transform((v) => v ?? undefined),
  idempotencyKey: IdempotencyKey,
})

export default async function (app: FastifyInstance) {
  route(app, checkIn, CheckinBody, ({ body, session, deps }) => selfCheckIn(deps, session, body), {
    rateLimit: () => [EVENTDAY_RULES.checkin.perAddressPerMinute, 60_000],
  })
  route(app, getCheckinStatus, z.object({}), ({ session, deps }) => checkinStatus(deps, session))
  route(app, getAttendanceCode, z.object({}), ({ session, deps }) => attendanceCode(deps, session))
}
