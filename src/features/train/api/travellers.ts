import { deleteTravelers, listTravellers, saveTraveller, type SaveTravellerRequest } from '@contracts/calls/train/travellers'
import { call } from '@/lib/request'

export const fetchTravellers = () => call(listTravellers, {})
export const storeTraveller = (req: SaveTravellerRequest) => call(saveTraveller, req)
export const removeTravellers = (ids: number[]) => call(deleteTravelers, { ids })
