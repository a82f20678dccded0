/**
 * Body schemas of the registration calls: shapes and lengths only. What a value means (a valid ID
 * number, a required field) is judged by contracts/register-form.ts in the service, against the
 * event's form, so the client and the server give the same message.
 */
import { z } from 'zod'
import { MAX_TEXT } from '@contracts/register-form'
import { hasNoNul } from '../kernel/http/schemas'

const text = (max = MAX_TEXT) => z.string({ error: 'EVAL0001' }).max(max, { error: 'EREG2117' }).refine(hasNoNul, { error: 'EVAL0001' }).optional()
const part = (max: number) => z.string({ error: 'EVAL0001' }).max(max, { error: 'EREG2116' }).refine(hasNoNul, { error: 'EVAL0001' })
const Phone = z.object({ country: part(6), area: part(8), number: part(16), ext: part(8) }, { error: 'EVAL0001' }).optional()
const Region = z.object({ nation: part(8), province: part(12), city: part(12), county: part(12) }, { error: 'EVAL0001' }).optional()
const FileCode = text(40)

export const FormValuesBody = z.object(
  {
    name: text(),
    surname: text(),
    givenName: text(),
    sex: z.enum(['mr', 'ms', ''], { error: 'EREG2118' }).optional(),
    company: text(),
    department: text(),
    position: text(),
    personalPosition: text(64),
    phone: Phone,
    landline: Phone,
    fax: Phone,
    email: text(254),
    spareEmail: text(254),
    mobile: text(20),
    spareMobile: text(20),
    region: Region,
    address: text(),
    postcode: text(12),
    qq: text(16),
    wechat: text(64),
    photo: FileCode,
    idType: text(40),
    idNumber: text(40),
    certificateType: text(64),
    certificateNumber: text(64),
    attachment: FileCode,
    personCode: text(64),
    isAttend: z.enum(['attend', 'absent', ''], { error: 'EREG2118' }).optional(),
  },
  { error: 'EVAL0001' },
)

export const TypeCode = z
  .string({ error: 'EREG2006' })
  .trim()
  .min(1, { error: 'EREG2006' })
  .max(32, { error: 'EREG2006' })
  .refine(hasNoNul, { error: 'EREG2006' })
/** the device's key for files uploaded before registering: same shape as an idempotency key */
export const DraftId = z.string({ error: 'EVAL0001' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'EVAL0001' })
export const ActivityCodes = z
  .array(z.string({ error: 'EREG2001' }).max(64, { error: 'EREG2001' }).refine(hasNoNul, { error: 'EREG2001' }), { error: 'EVAL0001' })
  .max(50, { error: 'EVAL0001' })
