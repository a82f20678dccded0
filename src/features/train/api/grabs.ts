import { cancelGrabRequest, listGrabRequests, saveGrabRequest, type SaveGrabRequest } from '@contracts/calls/train/grabs'
import { call, quietCall } from '@/lib/request'

export const saveGrab = (req: SaveGrabRequest) => call(saveGrabRequest, req)
/** quiet: asked again whenever the home comes back into view, behind what the page shows */
export const fetchGrabs = () => quietCall(listGrabRequests, {})
export const cancelGrab = (grabId: number) => call(cancelGrabRequest, { grabId })
