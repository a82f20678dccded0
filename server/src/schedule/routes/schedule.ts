import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { chooseActivities, listSchedule, listScheduleSummary } from '@contracts/calls/register'
import { REGISTER_RULES } from '../../register/rules/register-rules'
import { route } from '../../kernel/http/route'
import { EventCode, IdempotencyKey, requiredString } from '../../kernel/http/schemas'
import * as schedule from '../schedule'

const ScheduleBody = z.object({ eventCode: EventCode })
const ChooseBody = z.object({
  eventCode: EventCode,
  activityCodes: z.array(requiredString(64, 'EREG2001'), { error: 'EVAL0001' }).max(REGISTER_RULES.activities.maxCodesPerRequest, { error: 'EVAL0001' }),
  idempotencyKey: IdempotencyKey,
})

export default async function (app: FastifyInstance) {
  // the agenda (cmsEventInfoChildrenSchedule/list) and the activities open for sign-up (signupScheduleSummary/list)
  route(app, listSchedule, ScheduleBody, ({ body, session, deps }) => schedule.listSchedule(deps, session, body.eventCode))
  route(app, listScheduleSummary, ScheduleBody, ({ body, session, deps }) => schedule.listScheduleSummary(deps, session, body.eventCode))
  route(app, chooseActivities, ChooseBody, ({ body, session, deps, lang }) => schedule.chooseActivities(deps, session, body, lang))
}
