import { querySubwayStation } from '@contracts/calls/train/search'
import type { TrainStopsRequest } from '@contracts/calls/train/search'
import { call } from '@/lib/request'

export const fetchStops = (req: TrainStopsRequest) => call(querySubwayStation, req)
