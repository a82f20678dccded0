/** The console's account calls. */
import { beginTotp, changeStaffPassword, confirmTotp, disableTotp, getStaffProfile } from '@contracts/admin/staff'
import { call } from '../lib/request'

export const changePassword = (oldPassword: string, newPassword: string) => call(changeStaffPassword, { oldPassword, newPassword })
export const startTotp = () => call(beginTotp, {})
export const turnOnTotp = (code: string) => call(confirmTotp, { code })
export const turnOffTotp = (code: string) => call(disableTotp, { code })
export const fetchProfile = () => call(getStaffProfile, {})
