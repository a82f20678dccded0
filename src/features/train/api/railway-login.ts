import { isRailwayLogin, loginRailway, type RailwayLoginRequest } from '@contracts/calls/train/railway-login'
import { call, quietCall } from '@/lib/request'

export const railwayLogin = (req: RailwayLoginRequest) => call(loginRailway, req)
/** quiet: asked again whenever the home comes back into view, behind what the page shows */
export const fetchRailwayState = () => quietCall(isRailwayLogin, {})
