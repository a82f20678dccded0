import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { listAttendees, saveAttendee, setAttendeeDisabled } from '@contracts/admin/attendees'
import { route } from '../../kernel/http/route'
import { EventCode, hasNoNul } from '../../kernel/http/schemas'
import { ATTENDEE_LIST_RULES } from '../rules/attendee-list-rules'
import { attendeeFilterFields, statusOf, text, typeCode } from '../attendee-filter-schema'
import { attendeeList, saveAttendee as save } from '../attendee-list'
import { setAttendeeDisabled as setDisabled } from '../attendee-disable'

const whole = (min: number, max: number) =>
  z.number({ error: 'EVAL0001' }).int({ error: 'EVAL0001' }).min(min, { error: 'EVAL0001' }).max(max, { error: 'EVAL0001' })
const listSchema = z.object({
  ...attendeeFilterFields,
  page: whole(1, 100_000),
  pageSize: whole(1, ATTENDEE_LIST_RULES.maxPageSize),
})

const saveSchema = z.object({
  eventCode: EventCode,
  userCode: z.string({ error: 'EVAL0001' }).max(32, { error: 'EVAL0001' }).refine(hasNoNul, { error: 'EVAL0001' }),
  name: text(ATTENDEE_LIST_RULES.nameMaxLength),
  mobile: text(20),
  email: text(254),
  company: text(ATTENDEE_LIST_RULES.companyMaxLength),
  userType: typeCode.min(1, { error: 'EADM3005' }),
  status: statusOf,
})

const disabledSchema = z.object({
  eventCode: EventCode,
  userCode: z.string({ error: 'EVAL0001' }).min(1, { error: 'EVAL0001' }).max(32, { error: 'EVAL0001' }).refine(hasNoNul, { error: 'EVAL0001' }),
  disabled: z.boolean({ error: 'EVAL0001' }),
})

export default async function (app: FastifyInstance) {
  route(app, listAttendees, listSchema, ({ body, session, deps }) => attendeeList(deps, session, body))
  route(app, saveAttendee, saveSchema, ({ body, session, deps }) => save(deps, session, body))
  route(app, setAttendeeDisabled, disabledSchema, ({ body, session, deps }) => setDisabled(deps, session, body))
}
