/**
 * Train search: stations (the chooseCity / limitCity pickers), the pre-sale period, the timetable
 * and a train's stops, with their types. The train results page, the first page of many visits,
 * imports its calls from here and carries only these five declarations, not the other train
 * calls (webpack keeps a module whole, and the H5 first-load budget counts every byte).
 * Conventions (money, dates, station codes, ids, idempotency keys): ../train.ts.
 */
import { defineCall, type EmptyRequest } from '../../call'
import type { ChildRule, SeatType, TrainType } from '../../train'

// ------------------------------------------------------------------------------------------------
// Stations (chooseCity / limitCity pickers)
// ------------------------------------------------------------------------------------------------

/** a station of the railway's public list (shared/data/railway/station_name.js) */
export interface Station {
  /** telegraph code, the station's id in every call: 'BJP' */
  code: string
  /** '北京南' */
  name: string
  /** 'Beijingnan' (the full pinyin capitalised, or the list's English name for stations abroad) */
  nameEn: string
  /** full pinyin, lower case: 'beijingnan' (search) */
  pinyin: string
  /** pinyin initials: 'bjn' (search) */
  initials: string
  /** the city the station belongs to, as the railway names it: '北京' (stations of one city share it) */
  cityName: string
  /** the city's English name ('Beijing') */
  cityNameEn: string
  /** first letter of the city's pinyin, upper case: 'B' (the picker's index bar) */
  letter: string
}

/** the short form of a station inside trains and orders */
export interface StationRef {
  code: string
  name: string
  nameEn: string
}

export interface StationSearchRequest {
  /** part of a name (北京), full pinyin (beijing) or initials (bj); case and spaces ignored; 1-20 characters */
  keyword: string
}

export interface StationListRequest {
  /** true: only stations of the cities the event allows (controlRule/listAvailableRange), for limitCity */
  limited?: boolean
}
export interface StationList {
  /** city names to show first, in this order ('北京', '上海' …): the picker's "hot cities" */
  hotCities: string[]
  /** every station (or every allowed one), sorted by city letter, city, then station pinyin */
  stations: Station[]
}

// ------------------------------------------------------------------------------------------------
// Pre-sale period, timetable search, a train's stops
// ------------------------------------------------------------------------------------------------

export interface PreSaleDays {
  /** the railway's today (China time) */
  today: string
  /** the last date on sale today: today + preSaleDays - 1 */
  lastDate: string
  /** days on sale, today included (the rules profile's number) */
  preSaleDays: number
  /** online ticketing hours (spec §9 05:00-23:00): orders can be paid and issued only inside them */
  saleOpens: string
  saleCloses: string
  /** whether it is inside those hours now */
  onSaleNow: boolean
  /** how children are told apart at this event (the rules profile): by height (ask heightCm) or by age (from the ID card) */
  childRule: ChildRule
  /** minutes an unpaid order is held before the server cancels it (spec §9: 20) */
  payMinutes: number
  /** the server's clock now: countdowns on the client are measured against it */
  serverNow: string
}

export interface TrainSearchRequest {
  /** station codes; with `wholeCity` (default true) any station of that station's city matches */
  fromStationCode: string
  toStationCode: string
  /** travel date, inside the pre-sale period */
  date: string
  /** default true: search every station of both cities (上海 → 北京 finds 上海虹桥 → 北京南) */
  wholeCity?: boolean
}

export interface SeatOffer {
  seatType: SeatType
  /** adult ticket price of this seat class for this segment */
  priceFen: number
  /** child ticket price (half the adult price, rounded as the railway does) */
  childPriceFen: number
  /** seats left for this segment (0: sold out, the offer to grab); counted up to 99, then 99 */
  left: number
  /** whether this seat class is inside the event's travel policy for this train type */
  withinPolicy: boolean
}

/** one train between the two stations on that date */
export interface TrainOffer {
  /** the train's id on that date, to send back in later calls: '24000G10106' */
  trainCode: string
  /** what passengers read: 'G101' */
  trainNo: string
  trainType: TrainType
  /** where the attendee boards and leaves */
  from: StationRef
  to: StationRef
  /** the train's first and last stations (origin and terminus) */
  origin: StationRef
  terminus: StationRef
  /** the travel date (departure from `from`) */
  date: string
  departTime: string
  arriveTime: string
  /** departure and arrival instants */
  departAt: string
  arriveAt: string
  /** days after `date` the train arrives (0 same day, 1 next day …) */
  arriveDayOffset: number
  durationMinutes: number
  /** segment length, km */
  distanceKm: number
  /** whether `from` is the train's origin / `to` its terminus (the list marks 始/终, "过" otherwise) */
  fromIsOrigin: boolean
  toIsTerminus: boolean
  /** seat classes of the train, best first */
  seats: SeatOffer[]
  /**
   * false when it cannot be booked now although seats are left: departed, or inside the railway's
   * closing time before departure
   */
  bookable: boolean
}

export interface TrainSearchResult {
  from: StationRef
  to: StationRef
  date: string
  /** every train of the day, by departure time; filters and sorting are the client's. Empty: "no trains meeting conditions" */
  trains: TrainOffer[]
}
/** a station's names, once per answer in TrainListView.stations */
export interface StationNames {
  name: string
  nameEn: string
}

/** a SeatOffer in queryTrainTicket's answer: its values in this order, without the five keys on every seat */
export type SeatListItem = [seatType: SeatType, priceFen: number, childPriceFen: number, left: number, withinPolicy: boolean]

/**
 * One train of queryTrainTicket: a TrainOffer whose stations are codes of the answer's
 * dictionary, whose seats are SeatListItems, and without what its instants already say (`date`,
 * `departTime`, `arriveTime`, `arriveDayOffset`, `durationMinutes`). `expandTrainList`
 * (contracts/train-list.ts) makes the TrainOffer back.
 */
export interface TrainListItem {
  trainCode: string
  trainNo: string
  trainType: TrainType
  /** keys of TrainListView.stations */
  fromCode: string
  toCode: string
  originCode: string
  terminusCode: string
  /** departure and arrival instants, China time with offset ('2026-12-01T08:00:00+08:00') */
  departAt: string
  arriveAt: string
  distanceKm: number
  fromIsOrigin: boolean
  toIsTerminus: boolean
  seats: SeatListItem[]
  bookable: boolean
}

/**
 * A day's trains. About 40 trains between two cities named four stations in two languages on
 * every train and the five keys of every seat (30 KB): each station is named once here, a seat is its five values.
 */
export interface TrainListView {
  /** station code → names, for every station of the answer (searched, boarding, leaving, origin, terminus) */
  stations: Record<string, StationNames>
  /** the searched stations (keys of `stations`) and date */
  from: string
  to: string
  date: string
  trains: TrainListItem[]
}

export interface TrainStopsRequest {
  trainCode: string
  date: string
  /** the attendee's segment, to mark its stops */
  fromStationCode: string
  toStationCode: string
}
export interface TrainStop {
  station: StationRef
  /** 1-based order along the train */
  index: number
  /** null at the origin */
  arriveTime: string | null
  /** null at the terminus */
  departTime: string | null
  /** minutes stopped (0 at origin and terminus) */
  stopMinutes: number
  /** days after the train's start date */
  dayOffset: number
  /** whether the stop is on the attendee's segment (boarding and leaving stations included) */
  onSegment: boolean
}
export interface TrainStops {
  trainCode: string
  trainNo: string
  trainType: TrainType
  stops: TrainStop[]
}

// ------------------------------------------------------------------------------------------------
// The calls
// ------------------------------------------------------------------------------------------------

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
