import { getTravelStandard, listAvailableRange, listVisibilityRule, trainOrderVerify, type TrainOrderVerifyRequest } from '@contracts/calls/travel'
import { call } from '@/lib/request'

export const fetchStandard = () => call(getTravelStandard, {})
export const verifyTrainOrder = (req: TrainOrderVerifyRequest) => call(trainOrderVerify, req)
export const fetchTrainRange = () => call(listAvailableRange, { product: 'train' })
/** whether the event offers train tickets to this attendee at all */
export const fetchTrainVisible = () => call(listVisibilityRule, {}).then((rules) => rules.find((r) => r.product === 'train')?.visible !== false)
