/**
 * The search result filters and sorting of spec §3 (departure time, station, seat type, train
 * type). Pure: the list page keeps the result as the server sent it and shows what these say.
 */
import type { TrainOffer } from '@contracts/calls/train/search'
import { SEAT_TYPES as SEAT_ORDER, TRAIN_TYPES, type SeatType, type TrainType } from '@contracts/train'

/** what the filters and sorting need to know of a train */
export type FilterableTrain = Pick<TrainOffer, 'trainType' | 'departTime' | 'durationMinutes'> & {
  from: { code: string }
  to: { code: string }
  seats: Array<Pick<TrainOffer['seats'][number], 'seatType' | 'priceFen' | 'left'>>
}

/** departure time windows (the four every railway app offers) */
export const DEPART_WINDOWS = ['0-6', '6-12', '12-18', '18-24'] as const
export type DepartWindow = (typeof DEPART_WINDOWS)[number]

export interface TrainFilters {
  trainTypes: TrainType[]
  departWindows: DepartWindow[]
  /** departure station codes (a city has several stations) */
  fromStations: string[]
  toStations: string[]
  seatTypes: SeatType[]
  /** only trains with a seat left (of the chosen seat types, if any) */
  availableOnly: boolean
}

export const NO_FILTERS: TrainFilters = {
  trainTypes: [],
  departWindows: [],
  fromStations: [],
  toStations: [],
  seatTypes: [],
  availableOnly: false,
}

export const SORTS = ['departEarly', 'departLate', 'durationShort', 'priceLow'] as const
export type TrainSort = (typeof SORTS)[number]

const minutesOf = (hhmm: string): number => {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm)
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0
}

/** the window a departure falls in: 06:00 is morning, 05:59 is night (lower bound inclusive) */
export function departWindowOf(hhmm: string): DepartWindow {
  const h = Math.floor(minutesOf(hhmm) / 60)
  if (h < 6) return '0-6'
  if (h < 12) return '6-12'
  if (h < 18) return '12-18'
  return '18-24'
}

/** the cheapest price among the seats the filter allows (or all seats), for "price low" */
export function lowestPrice(train: FilterableTrain, seatTypes: readonly SeatType[] = []): number {
  const seats = seatTypes.length ? train.seats.filter((s) => seatTypes.includes(s.seatType)) : train.seats
  return seats.length ? Math.min(...seats.map((s) => s.priceFen)) : Number.POSITIVE_INFINITY
}

/** seats left on the train, counting only the chosen seat types when there are some */
export function seatsLeft(train: FilterableTrain, seatTypes: readonly SeatType[] = []): number {
  return train.seats.filter((s) => !seatTypes.length || seatTypes.includes(s.seatType)).reduce((n, s) => n + s.left, 0)
}

/** an empty group lets everything through; within a group any choice matches (OR), groups AND */
export function matchesFilters(train: FilterableTrain, f: TrainFilters): boolean {
  if (f.trainTypes.length && !f.trainTypes.includes(train.trainType)) return false
  if (f.departWindows.length && !f.departWindows.includes(departWindowOf(train.departTime))) return false
  if (f.fromStations.length && !f.fromStations.includes(train.from.code)) return false
  if (f.toStations.length && !f.toStations.includes(train.to.code)) return false
  if (f.seatTypes.length && !train.seats.some((s) => f.seatTypes.includes(s.seatType))) return false
  if (f.availableOnly && seatsLeft(train, f.seatTypes) <= 0) return false
  return true
}

const BY: Record<TrainSort, (a: FilterableTrain, b: FilterableTrain, seatTypes: readonly SeatType[]) => number> = {
  departEarly: (a, b) => minutesOf(a.departTime) - minutesOf(b.departTime),
  departLate: (a, b) => minutesOf(b.departTime) - minutesOf(a.departTime),
  durationShort: (a, b) => a.durationMinutes - b.durationMinutes,
  priceLow: (a, b, seatTypes) => lowestPrice(a, seatTypes) - lowestPrice(b, seatTypes),
}

/**
 * The trains the filters let through, in the chosen order. Ties keep departure order, then the
 * server's order (Array.prototype.sort is stable), so the list does not jump between renders.
 */
export function filterAndSort<T extends FilterableTrain>(trains: readonly T[], f: TrainFilters, sort: TrainSort): T[] {
  const byDeparture = BY.departEarly
  return trains.filter((t) => matchesFilters(t, f)).sort((a, b) => BY[sort](a, b, f.seatTypes) || (sort === 'departEarly' ? 0 : byDeparture(a, b, f.seatTypes)))
}

/** how many filter choices are on (the badge on the filter button) */
export const activeFilterCount = (f: TrainFilters): number =>
  f.trainTypes.length + f.departWindows.length + f.fromStations.length + f.toStations.length + f.seatTypes.length + (f.availableOnly ? 1 : 0)

/** the choices the result offers: only stations and seat types some train has */
export function filterOptions<T extends FilterableTrain>(
  trains: readonly T[],
): { fromStations: T['from'][]; toStations: T['to'][]; seatTypes: SeatType[]; trainTypes: TrainType[] } {
  const byCode = <S extends { code: string }>(xs: S[]) => Array.from(new Map(xs.map((x) => [x.code, x])).values())
  const present = <V>(all: readonly V[], xs: V[]) => all.filter((v) => xs.includes(v))
  return {
    fromStations: byCode(trains.map((t) => t.from)),
    toStations: byCode(trains.map((t) => t.to)),
    seatTypes: present(
      SEAT_ORDER,
      trains.flatMap((t) => t.seats.map((s) => s.seatType)),
    ),
    trainTypes: present(
      TRAIN_TYPES,
      trains.map((t) => t.trainType),
    ),
  }
}

/** toggles one value in a list of choices */
export const toggle = <V>(list: readonly V[], v: V): V[] => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v])
