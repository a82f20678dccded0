import { isRailwayLogin, loginRailway, type RailwayLoginRequest } from '@contracts/calls/train'
import { call } from '@/lib/request'

export const railwayLogin = (req: RailwayLoginRequest) => call(loginRailway, req)
export const fetchRailwayState = () => call(isRailwayLogin, {})
