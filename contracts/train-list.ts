/**
 * queryTrainTicket's answer (contracts/calls/train/search.ts TrainListView) names each station once, in
 * a dictionary, and leaves out what a train's instants already say; the screens work on
 * TrainOffers. These two functions are the two directions: the server compacts the
 * TrainSearchResult it made, the client expands it back, and expanding what was compacted gives
 * the same TrainSearchResult (server/test/train-list.test.ts).
 */
import type { SeatListItem, SeatOffer, StationRef, TrainListItem, TrainListView, TrainOffer, TrainSearchResult } from './calls/train/search'

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000

/** whole days from one 'YYYY-MM-DD' to another */
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)

/** a search's TrainSearchResult as queryTrainTicket sends it */
export function compactTrainList(result: TrainSearchResult): TrainListView {
  const stations: TrainListView['stations'] = {}
  const name = (s: StationRef) => {
    stations[s.code] = { name: s.name, nameEn: s.nameEn }
    return s.code
  }
  const from = name(result.from)
  const to = name(result.to)
  const trains = result.trains.map((t): TrainListItem => ({
    trainCode: t.trainCode,
    trainNo: t.trainNo,
    trainType: t.trainType,
    fromCode: name(t.from),
    toCode: name(t.to),
    originCode: name(t.origin),
    terminusCode: name(t.terminus),
    departAt: t.departAt,
    arriveAt: t.arriveAt,
    distanceKm: t.distanceKm,
    fromIsOrigin: t.fromIsOrigin,
    toIsTerminus: t.toIsTerminus,
    seats: t.seats.map((s): SeatListItem => [s.seatType, s.priceFen, s.childPriceFen, s.left, s.withinPolicy]),
    bookable: t.bookable,
  }))
  return { stations, from, to, date: result.date, trains }
}

/** the TrainSearchResult of queryTrainTicket's answer (a code missing from the dictionary shows as the code) */
export function expandTrainList(list: TrainListView): TrainSearchResult {
  const station = (code: string): StationRef => ({ code, ...(list.stations[code] ?? { name: code, nameEn: code }) })
  const trains = list.trains.map((t): TrainOffer => {
    // instants are China time with offset: their date and clock time are the local ones
    const date = t.departAt.slice(0, 10)
    return {
      trainCode: t.trainCode,
      trainNo: t.trainNo,
      trainType: t.trainType,
      from: station(t.fromCode),
      to: station(t.toCode),
      origin: station(t.originCode),
      terminus: station(t.terminusCode),
      date,
      departTime: t.departAt.slice(11, 16),
      arriveTime: t.arriveAt.slice(11, 16),
      departAt: t.departAt,
      arriveAt: t.arriveAt,
      arriveDayOffset: daysBetween(date, t.arriveAt.slice(0, 10)),
      // the instants are the timetable's minutes: their difference is the ride's
      durationMinutes: Math.round((Date.parse(t.arriveAt) - Date.parse(t.departAt)) / MINUTE_MS),
      distanceKm: t.distanceKm,
      fromIsOrigin: t.fromIsOrigin,
      toIsTerminus: t.toIsTerminus,
      seats: t.seats.map(([seatType, priceFen, childPriceFen, left, withinPolicy]): SeatOffer => ({ seatType, priceFen, childPriceFen, left, withinPolicy })),
      bookable: t.bookable,
    }
  })
  return { from: station(list.from), to: station(list.to), date: list.date, trains }
}
