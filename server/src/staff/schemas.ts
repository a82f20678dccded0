/** Field schemas of the staff calls, each naming the message its caller sees. */
import { z } from 'zod'
import { STAFF_ROLES } from '@contracts/admin/roles'
import { hasNoNul, requiredString } from '../kernel/http/schemas'
import { STAFF_RULES } from './rules/staff-rules'
import { USER_NAME } from './rules/accounts'

/** at login any text up to its length is looked up (a wrong shape is a wrong user name, not a hint) */
export const LoginUserName = requiredString(64, 'ESTF1001')
/** a password as typed: not trimmed, a space is a character */
export const Password = z
  .string({ error: 'ESTF1002' })
  .min(1, { error: 'ESTF1002' })
  .max(STAFF_RULES.passwords.maxLength, { error: 'ESTF1002' })
  .refine(hasNoNul, { error: 'ESTF1002' })
export const TotpCode = z
  .string({ error: 'ESTF1004' })
  .trim()
  .regex(/^\d{6}$/, { error: 'ESTF1004' })
export const NewUserName = z.string({ error: 'ESTF2003' }).trim().toLowerCase().regex(USER_NAME, { error: 'ESTF2003' })
export const PersonName = requiredString(64, 'ESTF2005')
export const Role = z.enum(STAFF_ROLES, { error: 'ESTF2006' })
