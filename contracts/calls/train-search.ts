/**
 * The train search calls (stations, pre-sale dates, timetable, a train's stops), in a module of
 * their own so the train results page, the first page of many visits, carries only these five
 * declarations and not the other twenty of contracts/calls/train.ts (webpack keeps a module whole:
 * issue 15's H5 first-load budget). Their types, and the conventions, are in ./train, which
 * re-exports these: import them from either.
 */
import { defineCall, type EmptyRequest } from '../call'
import type { PreSaleDays, Station, StationList, StationListRequest, StationSearchRequest, TrainListView, TrainSearchRequest, TrainStops, TrainStopsRequest } from './train'

/**
 * Stations matching a keyword, best first: exact name or initials, then names starting with it,
 * then the rest; at most 50. The picker's search box.
 */
export const queryTrainStation = defineCall<StationSearchRequest, Station[]>({
  path: '/api/train/comTrainstation/queryTrainStation',
  auth: 'required',
})

/** the whole station list for the pickers (about 3,400 stations; the client groups them by city) */
export const listTrainStations = defineCall<StationListRequest, StationList>({
  path: '/api/train/comTrainstation/listTrainstation',
  auth: 'required',
})

/** the dates the date picker offers (homePage), and the ticketing hours */
export const getPreSaleDay = defineCall<EmptyRequest, PreSaleDays>({
  path: '/api/biz/tmcTrain/getPreSaleDay',
  auth: 'required',
})

/**
 * The trains between two stations (or cities) on a date (searchTicketList); needs the railway
 * login. Stations in a dictionary: `expandTrainList` (contracts/train-list.ts) gives the
 * TrainSearchResult the screens use.
 */
export const queryTrainTicket = defineCall<TrainSearchRequest, TrainListView>({
  path: '/api/biz/tmcTrain/queryTrainTicket',
  auth: 'required',
})

/** the stops of a train (transitStation; spec §7 querySubwayStation); "route station loading failed" on error */
export const querySubwayStation = defineCall<TrainStopsRequest, TrainStops>({
  path: '/api/biz/tmcTrain/querySubwayStation',
  auth: 'required',
})
