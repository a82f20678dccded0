import { listTrainStations, queryTrainStation } from '@contracts/calls/train/search'
import { call } from '@/lib/request'

/** the whole list for the pickers; `limited`: only the event's allowed cities (limitCity) */
export const fetchStationList = (limited: boolean) => call(listTrainStations, limited ? { limited: true } : {})
/** the picker's search box */
export const searchStations = (keyword: string) => call(queryTrainStation, { keyword })
