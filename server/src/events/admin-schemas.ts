/** The console's event settings as the server checks them, each field naming the message its caller sees. */
import { z } from 'zod'
import type { MsgId } from '@contracts/messages'
import { hasNoNul } from '../kernel/http/schemas'
import { isTimeZone } from '../kernel/time/time'
import { EVENT_CODE, EVENT_HASH_CODE, PERMISSION_TYPES, SHARE_PIC, SOME_USER_TYPES, TEXT_MAX, USER_TYPES_MAX, USER_TYPE_MAX } from './rules/settings'

const text = (error: MsgId, required: boolean) => {
  const s = z.string({ error }).trim().max(TEXT_MAX, { error: 'EADM1013' }).refine(hasNoNul, { error })
  return required ? s.refine((v) => v.length > 0, { error }) : s
}
const WallMinute = z.string({ error: 'EADM1005' }).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'EADM1005' })

export const EventSettingsSchema = z
  .object({
    eventCode: z.string({ error: 'EADM1001' }).trim().regex(EVENT_CODE, { error: 'EADM1001' }),
    eventHashCode: z.string({ error: 'EADM1002' }).trim().regex(EVENT_HASH_CODE, { error: 'EADM1002' }),
    titleZh: text('EADM1004', true),
    titleEn: text('EADM1004', true),
    venueZh: text('EVAL0001', false),
    venueEn: text('EVAL0001', false),
    startTime: WallMinute,
    endTime: WallMinute,
    timeZone: z.string({ error: 'EADM1007' }).max(64, { error: 'EADM1007' }).refine(isTimeZone, { error: 'EADM1007' }),
    loginModes: z
      .array(z.enum(['mobile', 'email', 'account'], { error: 'EADM1008' }), { error: 'EADM1008' })
      .min(1, { error: 'EADM1008' })
      .max(3, { error: 'EADM1008' })
      .transform((a) => [...new Set(a)]),
    loginExtraFields: z
      .array(z.enum(['idNumber', 'visitingCode', 'roomNumber'], { error: 'EVAL0001' }), { error: 'EVAL0001' })
      .max(3, { error: 'EVAL0001' })
      .transform((a) => [...new Set(a)]),
    permissionType: z
      .number({ error: 'EADM1009' })
      .int({ error: 'EADM1009' })
      .refine((n) => (PERMISSION_TYPES as readonly number[]).includes(n), { error: 'EADM1009' }),
    someUserTypes: z
      .array(
        z.string({ error: 'EVAL0001' }).trim().min(1, { error: 'EVAL0001' }).max(USER_TYPE_MAX, { error: 'EADM1013' }).refine(hasNoNul, { error: 'EVAL0001' }),
        {
          error: 'EVAL0001',
        },
      )
      .max(USER_TYPES_MAX, { error: 'EVAL0001' })
      .transform((a) => [...new Set(a)]),
    shareTitle: text('EVAL0001', false),
    shareSubTitle: text('EVAL0001', false),
    sharePic: z.string({ error: 'EADM1011' }).trim().max(500, { error: 'EADM1011' }).regex(SHARE_PIC, { error: 'EADM1011' }),
    micrositeEnabled: z.boolean({ error: 'EVAL0001' }).nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.permissionType === SOME_USER_TYPES && v.someUserTypes.length === 0) ctx.addIssue({ code: 'custom', message: 'EADM1010', path: ['someUserTypes'] })
  })
