/** The console's live dashboard call. */
import { getDashboard } from '@contracts/admin/dashboard'
import { call } from '../lib/request'

export const fetchDashboard = (eventCode: string) => call(getDashboard, { eventCode })
