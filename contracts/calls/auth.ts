/** Login, the logged-in attendee, and the login code (spec §7 "Auth/user", one "Contacts" call). */
import { defineCall, type EmptyRequest } from '../call'
import type { LoginMode, UserInfo } from '../event'

export interface SendCodeRequest {
  channel: 'sms' | 'email'
  mobile?: string
  email?: string
  eventCode: string
}
export interface SendCodeResponse {
  /** seconds before another code may be requested */
  resendAfter: number
  /** masked destination, e.g. 138****8000 */
  sentTo: string
}
/**
 * Sends a login verification code by SMS or e-mail. Spec §7 has no call named "send code";
 * signupContact/getSignupContactMessage ("get a message for a signup contact") is the one that
 * fits, so it carries this job. It sends to any valid destination: answering "not registered"
 * here would let anyone test numbers against the attendee list (login answers EREG1036 instead).
 */
export const sendLoginCode = defineCall<SendCodeRequest, SendCodeResponse>({
  path: '/api/register/signupContact/getSignupContactMessage',
  auth: 'none',
})

export interface LoginRequest {
  loginType: LoginMode
  eventCode: string
  mobile?: string
  email?: string
  code?: string
  userName?: string
  password?: string
  idNumber?: string
  visitingCode?: string
  roomNumber?: string
}
export interface LoginResponse {
  token: string
  /** md5 of the token, stored beside it (spec §3 "guest token md5") */
  tokenMd5: string
  /** ISO 8601 */
  expiresAt: string
  user: UserInfo
}
/** a not-registered attendee answers EREG1036, which the client gets back as a notice (spec §8) */
export const guestLogin = defineCall<LoginRequest, LoginResponse>({ path: '/api/guest/login', auth: 'none' })

/**
 * Logout: revokes the caller's token on the server (it answers EAUT0005 from then on, on every
 * instance), so a lost phone's login can be ended and sessions do not pile up. NOT a call of
 * spec §7, which has no logout: added beyond it. Answers `null`.
 */
export const logout = defineCall<EmptyRequest, null>({ path: '/api/guest/logout', auth: 'required' })

export const getUser = defineCall<EmptyRequest, UserInfo>({ path: '/api/getUser', auth: 'required' })

export interface UpdateUserRequest {
  name?: string
  /** '' clears the company */
  company?: string
}
/** the attendee edits their own profile (spec §7 /api/user) */
export const updateUser = defineCall<UpdateUserRequest, UserInfo>({ path: '/api/user', auth: 'required' })
