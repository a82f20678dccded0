/** The attendee list's filters as a request carries them: the list's page and its export take the same. */
import { z } from 'zod'
import { EventCode, hasNoNul } from '../kernel/http/schemas'
import { ATTENDEE_LIST_RULES } from './rules/attendee-list-rules'

export const text = (max: number) => z.string({ error: 'EVAL0001' }).max(max, { error: 'EADM1013' }).refine(hasNoNul, { error: 'EVAL0001' })
export const statusOf = z.enum(['auditing', 'approved', 'rejected'], { error: 'EVAL0001' })
export const typeCode = z
  .string({ error: 'EVAL0001' })
  .max(32, { error: 'EVAL0001' })
  .regex(/^[A-Za-z0-9_-]*$/, { error: 'EADM3005' })

export const attendeeFilterFields = {
  eventCode: EventCode,
  keyword: text(ATTENDEE_LIST_RULES.keywordMaxLength),
  userType: typeCode,
  status: z.union([statusOf, z.literal('')], { error: 'EVAL0001' }),
  checkin: z.enum(['all', 'in', 'out'], { error: 'EVAL0001' }),
  disabled: z.enum(['all', 'disabled', 'active'], { error: 'EVAL0001' }).optional(),
}
