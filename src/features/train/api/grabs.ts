import { cancelGrabRequest, listGrabRequests, saveGrabRequest, type SaveGrabRequest } from '@contracts/calls/train'
import { call } from '@/lib/request'

export const saveGrab = (req: SaveGrabRequest) => call(saveGrabRequest, req)
export const fetchGrabs = () => call(listGrabRequests, {})
export const cancelGrab = (grabId: number) => call(cancelGrabRequest, { grabId })
