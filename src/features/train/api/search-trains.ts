import { queryTrainTicket, type TrainSearchRequest } from '@contracts/calls/train'
import { call } from '@/lib/request'

export const fetchTrains = (req: TrainSearchRequest) => call(queryTrainTicket, req)
