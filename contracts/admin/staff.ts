/** The console's staff calls: login (with the authenticator step), logout, the caller, password and authenticator. */
import { defineCall, type EmptyRequest } from '../call'
import type { StaffRole } from './roles'

export interface StaffLoginRequest {
  userName: string
  password: string
  /** the authenticator's 6-digit code; asked for (ESTF1003) once the password is right and the account has one */
  totp?: string
}

/** one event the caller has a role at */
export interface StaffEventRole {
  eventCode: string
  role: StaffRole
}

export interface StaffProfile {
  userName: string
  name: string
  /** creates events and their owners, and may do everything at every event */
  platformAdmin: boolean
  roles: StaffEventRole[]
  totpEnabled: boolean
}

export interface StaffLoginResponse {
  token: string
  /** ISO 8601 */
  expiresAt: string
  staff: StaffProfile
}

export const staffLogin = defineCall<StaffLoginRequest, StaffLoginResponse>({ path: '/api/admin/staff/login', auth: 'none' })
export const staffLogout = defineCall<EmptyRequest, null>({ path: '/api/admin/staff/logout', auth: 'staff' })
export const getStaffProfile = defineCall<EmptyRequest, StaffProfile>({ path: '/api/admin/staff/me', auth: 'staff' })

export interface StaffPasswordChange {
  oldPassword: string
  newPassword: string
}
/** the caller's other sessions end; this one goes on */
export const changeStaffPassword = defineCall<StaffPasswordChange, null>({ path: '/api/admin/staff/password', auth: 'staff' })

export interface TotpEnrolment {
  /** base32, for typing into the authenticator by hand */
  secret: string
  /** otpauth:// address, for its QR code */
  uri: string
}
/** a new secret, pending until a code from it is confirmed */
export const beginTotp = defineCall<EmptyRequest, TotpEnrolment>({ path: '/api/admin/staff/totp/begin', auth: 'staff' })
export const confirmTotp = defineCall<{ code: string }, null>({ path: '/api/admin/staff/totp/confirm', auth: 'staff' })
/** switched off with a current code, so a session left open cannot remove it */
export const disableTotp = defineCall<{ code: string }, null>({ path: '/api/admin/staff/totp/disable', auth: 'staff' })

export interface NewStaff {
  userName: string
  name: string
  /** the first password, given to the person, who changes it */
  password: string
}
/** platform administrator: a new staff account (roles are granted apart) */
export const createStaff = defineCall<NewStaff, null>({ path: '/api/admin/staff/create', auth: 'staff' })

export interface RoleGrant {
  eventCode: string
  userName: string
  /** null: the person loses their role at the event */
  role: StaffRole | null
}
/** platform administrator: any role; an owner: the event's roles other than owner */
export const grantStaffRole = defineCall<RoleGrant, null>({ path: '/api/admin/staff/grant', auth: 'staff' })

export interface EventStaffMember {
  userName: string
  name: string
  role: StaffRole
  /** the account is disabled: no login, no session */
  disabled: boolean
}
/** the staff of an event and their roles (who may give them: 'staff.grant') */
export const listEventStaff = defineCall<{ eventCode: string }, EventStaffMember[]>({ path: '/api/admin/staff/list', auth: 'staff' })

export interface StaffDisabledRequest {
  userName: string
  /** true: the account's sessions end at once and its login is refused (ESTF1011); false: restored */
  disabled: boolean
}
/** platform administrator: disables or enables a staff account (not their own: ESTF2008) */
export const setStaffDisabled = defineCall<StaffDisabledRequest, null>({ path: '/api/admin/staff/disabled', auth: 'staff' })
