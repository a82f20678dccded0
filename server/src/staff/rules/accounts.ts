/** Staff user names and passwords: their shape, and the key their wrong passwords are counted under. */
import { STAFF_RULES } from './staff-rules'

/** lower-case letters, digits, dot, hyphen, underscore; 3–32 */
export const USER_NAME = /^[a-z0-9._-]{3,32}$/

export const normalUserName = (typed: string): string => typed.trim().toLowerCase()

/**
 * The password throttle's key for a staff user name. Attendee keys are their trimmed user names,
 * which never start with a space: this one always does, so a staff member and an attendee of the
 * same name never share a count.
 */
export const throttleKey = (userName: string): string => ` staff:${normalUserName(userName)}`

/** whether a new password is strong enough: long enough, letters and digits */
export function passwordIsStrong(password: string): boolean {
  const { minLength, maxLength } = STAFF_RULES.passwords
  return password.length >= minLength && password.length <= maxLength && /\p{L}/u.test(password) && /\p{N}/u.test(password)
}
