/** Input patterns of spec §5, shared so the client and the server judge the same input the same way. */

/** mainland mobile: 11 digits starting with 1 */
export const MOBILE_PATTERN = /^1\d{10}$/
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/
export const CODE_LENGTH = 6
export const CODE_PATTERN = /^\d{6}$/
export const RESEND_SECONDS = 60

export const isMobile = (s: string): boolean => MOBILE_PATTERN.test(s.trim())
export const isEmail = (s: string): boolean => s.trim().length <= 254 && EMAIL_PATTERN.test(s.trim())
export const isCode = (s: string): boolean => CODE_PATTERN.test(s.trim())

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'

/** 18-digit resident ID card (GB 11643): 17 digits + check digit (0-9 or X), with the ISO 7064 check */
export function isIdCard(s: string): boolean {
  const v = s.trim().toUpperCase()
  if (!/^\d{17}[\dX]$/.test(v)) return false
  let sum = 0
  for (let i = 0; i < 17; i++) sum += Number(v[i]) * ID_WEIGHTS[i]
  return ID_CHECK[sum % 11] === v[17]
}
