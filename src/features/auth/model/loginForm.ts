import { isCode, isEmail, isIdCard, isMobile } from '@contracts/validation'
import type { LoginExtraField, LoginMode } from '@contracts/event'
import type { LoginRequest } from '@contracts/calls/auth'
import type { MessageKey } from '@/lib/i18n'

/** Everything the login screen holds. One object for all modes, so switching tabs loses nothing typed. */
export interface LoginFormValues {
  mobile: string
  email: string
  code: string
  userName: string
  password: string
  idNumber: string
  visitingCode: string
  roomNumber: string
  agreed: boolean
}

export const emptyLoginForm: LoginFormValues = {
  mobile: '',
  email: '',
  code: '',
  userName: '',
  password: '',
  idNumber: '',
  visitingCode: '',
  roomNumber: '',
  agreed: false,
}

/** the first thing wrong with the destination of a code, or null (spec §5 messages) */
export function validateCodeTarget(mode: LoginMode, v: Pick<LoginFormValues, 'mobile' | 'email'>): MessageKey | null {
  if (mode === 'mobile') {
    if (!v.mobile.trim()) return 'login.enterMobile'
    if (!isMobile(v.mobile)) return 'login.mobileInvalid'
  }
  if (mode === 'email') {
    if (!v.email.trim()) return 'login.enterEmail'
    if (!isEmail(v.email)) return 'login.emailInvalid'
  }
  return null
}

/**
 * The first thing wrong with the form, in the order the user meets the fields, or null.
 * `codeRequested`: a code was sent from this screen (else "get verification code first").
 */
export function validateLogin(mode: LoginMode, v: LoginFormValues, opts: { codeRequested: boolean; extraFields: LoginExtraField[] }): MessageKey | null {
  if (mode === 'account') {
    if (!v.userName.trim()) return 'login.enterUserName'
    if (!v.password) return 'login.enterPassword'
  } else {
    const target = validateCodeTarget(mode, v)
    if (target) return target
    if (!v.code.trim()) return opts.codeRequested ? 'login.enterCode' : 'login.getCodeFirst'
    if (!isCode(v.code)) return 'login.enterCode'
  }
  if (opts.extraFields.includes('idNumber')) {
    if (!v.idNumber.trim()) return 'login.enterIdNumber'
    if (!isIdCard(v.idNumber)) return 'login.idNumberInvalid'
  }
  if (opts.extraFields.includes('visitingCode') && !v.visitingCode.trim()) return 'login.enterVisitingCode'
  if (opts.extraFields.includes('roomNumber') && !v.roomNumber.trim()) return 'login.enterRoomNumber'
  if (!v.agreed) return 'login.agreeFirst'
  return null
}

/** the request body: only the fields of the chosen mode and the event's extra fields */
export function loginRequestOf(mode: LoginMode, v: LoginFormValues, eventCode: string, extraFields: LoginExtraField[]): LoginRequest {
  const body: LoginRequest = { loginType: mode, eventCode }
  if (mode === 'mobile') Object.assign(body, { mobile: v.mobile.trim(), code: v.code.trim() })
  if (mode === 'email') Object.assign(body, { email: v.email.trim(), code: v.code.trim() })
  if (mode === 'account') Object.assign(body, { userName: v.userName.trim(), password: v.password })
  for (const f of extraFields) body[f] = v[f].trim()
  return body
}
