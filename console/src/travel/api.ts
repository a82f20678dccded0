/** The console's travel policy calls. */
import { getAdminTravelPolicy, saveAdminTravelPolicy, type TravelPolicySettings } from '@contracts/admin/travel'
import { call } from '../lib/request'

export const fetchPolicy = (eventCode: string) => call(getAdminTravelPolicy, { eventCode })
export const savePolicy = (eventCode: string, policy: TravelPolicySettings) => call(saveAdminTravelPolicy, { eventCode, policy })
