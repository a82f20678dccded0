/**
 * A train's segment between two of its stops, with its instants: how every train call (search,
 * policy check, booking, grab, change) reads a train of the timetable.
 */
import type { Station } from '@contracts/calls/train'
import type { Deps } from '../deps'
import { AppError } from '../kernel/errors'
import { addDays } from '../kernel/time/time'
import type { TimetableTrain } from './railway'

const CHINA_OFFSET_MS = 8 * 3600_000

/** 00:00 China time of a 'YYYY-MM-DD' */
export const chinaMidnight = (date: string): Date => new Date(Date.parse(`${date}T00:00:00Z`) - CHINA_OFFSET_MS)

/** a train's segment between two of its stops, with its instants; the one way every call reads a train */
export interface Segment {
  train: TimetableTrain
  fromIdx: number
  toIdx: number
  from: Station
  to: Station
  /** the date the train leaves its origin (the run's date) */
  startDate: string
  departAt: Date
  arriveAt: Date
}

/** ETRAIN1026 unless the train exists and runs from `fromStationCode` to `toStationCode`; `date` is the boarding date */
export function resolveSegment(deps: Pick<Deps, 'railway'>, r: { trainCode: string; date: string; fromStationCode: string; toStationCode: string }): Segment {
  const train = deps.railway.train(r.trainCode)
  if (!train) throw new AppError('ETRAIN1026')
  const fromIdx = train.stops.findIndex((s) => s.station.code === r.fromStationCode)
  const toIdx = train.stops.findIndex((s) => s.station.code === r.toStationCode)
  if (fromIdx < 0 || toIdx <= fromIdx) throw new AppError('ETRAIN1026')
  return segmentOf(train, fromIdx, toIdx, r.date)
}

export function segmentOf(train: TimetableTrain, fromIdx: number, toIdx: number, boardingDate: string): Segment {
  const depart = train.stops[fromIdx].depart ?? 0
  const startDate = addDays(boardingDate, -Math.floor(depart / 1440))
  const midnight = chinaMidnight(startDate).getTime()
  return {
    train,
    fromIdx,
    toIdx,
    from: train.stops[fromIdx].station,
    to: train.stops[toIdx].station,
    startDate,
    departAt: new Date(midnight + depart * 60_000),
    arriveAt: new Date(midnight + (train.stops[toIdx].arrive ?? 0) * 60_000),
  }
}
