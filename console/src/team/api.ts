/** The console's team calls: an event's staff, their roles, new accounts. */
import { createStaff, grantStaffRole, listEventStaff, setStaffDisabled } from '@contracts/admin/staff'
import type { StaffRole } from '@contracts/admin/roles'
import { call } from '../lib/request'

export const fetchTeam = (eventCode: string) => call(listEventStaff, { eventCode })
export const giveRole = (eventCode: string, userName: string, role: StaffRole | null) => call(grantStaffRole, { eventCode, userName, role })
export const newAccount = (userName: string, name: string, password: string) => call(createStaff, { userName, name, password })
export const setAccountDisabled = (userName: string, disabled: boolean) => call(setStaffDisabled, { userName, disabled })
