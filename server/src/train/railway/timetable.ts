/**
 * The sandbox's timetable: for any two cities, the same trains every day, made from the cities'
 * names alone (no randomness, no network), with real station names and codes, stops of the
 * known cities along the line, durations from each train type's speed, and prices by distance.
 *
 * A train is named by its trainCode `<trainNo>_<origin code>_<terminus code>` (G1013_AOH_VNP):
 * the code alone rebuilds the train (trainByCode), and a code the timetable would not make for
 * those two stations is refused, so a client cannot invent a train.
 */
import type { Station } from '@contracts/calls/train'
import { SEATS_OF_TRAIN_TYPE, type SeatType, type TrainType } from '@contracts/train'
import { citiesBetween, hash32, railKm } from './geo'
import { mainStationsOf, stationByCode } from './stations'

export interface TimetableStop {
  station: Station
  /** km from the origin */
  km: number
  /** minutes after 00:00 of the train's start date; null at the origin / terminus */
  arrive: number | null
  depart: number | null
}

export interface TimetableTrain {
  trainCode: string
  trainNo: string
  trainType: TrainType
  stops: TimetableStop[]
  seatTypes: SeatType[]
}

/** average speed with stops, km/h */
const SPEED: Record<TrainType, number> = { G: 250, D: 190, C: 160, Z: 115, T: 95, K: 75 }
/** minutes at an intermediate stop */
const DWELL: Record<TrainType, number> = { G: 2, D: 3, C: 2, Z: 6, T: 8, K: 10 }
/** yuan per km by seat class (the railway's published rate levels, rounded) */
const RATE: Record<TrainType, Partial<Record<SeatType, number>>> = {
  G: { business: 1.46, first: 0.74, second: 0.46 },
  D: { first: 0.37, second: 0.31, softSleeper: 0.62 },
  C: { first: 0.5, second: 0.4 },
  Z: { softSleeper: 0.33, hardSleeper: 0.21, hardSeat: 0.12 },
  T: { softSleeper: 0.31, hardSleeper: 0.19, hardSeat: 0.11 },
  K: { softSleeper: 0.28, hardSleeper: 0.17, hardSeat: 0.1 },
}
/** how many trains of each type run between two cities this far apart */
function trainMix(km: number, h: number): Array<[TrainType, number]> {
  if (km <= 40) return []
  if (km < 200)
    return [
      ['C', 6 + (h % 5)],
      ['D', 4 + (h % 3)],
      ['K', 2],
    ]
  if (km < 1500)
    return [['G', 12 + (h % 19)], ['D', 5 + (h % 4)], ['T', 1 + (h % 2)], ['K', 2 + (h % 2)], ...(km > 800 ? ([['Z', 1]] as Array<[TrainType, number]>) : [])]
  return [
    ['G', 6 + (h % 6)],
    ['D', 2 + (h % 2)],
    ['Z', 2],
    ['T', 1 + (h % 2)],
    ['K', 3],
  ]
}

const pick = <T>(list: readonly T[], h: number): T => list[h % list.length]

/** which station of a city a train uses: high-speed trains the newer stations, others the old one, by hash */
function stationFor(city: string, type: TrainType, h: number): Station | undefined {
  const list = mainStationsOf(city)
  if (!list.length) return undefined
  const plain = list.find((s) => s.name === city)
  if ((type === 'K' || type === 'T' || type === 'Z') && plain && h % 4 !== 0) return plain
  return pick(list, h)
}

/** the trains between two cities (origin in one, terminus in the other), the same every day, by departure */
export function trainsBetweenCities(fromCity: string, toCity: string): TimetableTrain[] {
  const km = railKm(fromCity, toCity)
  const seed = hash32(`${fromCity}>${toCity}`)
  const used = new Set<string>()
  const trains: TimetableTrain[] = []
  for (const [type, count] of trainMix(km, seed)) {
    for (let i = 0; i < count; i++) {
      const h = hash32(`${fromCity}>${toCity}#${type}${i}`)
      let trainNo = `${type}${numberFor(type, h)}`
      for (let bump = 1; used.has(trainNo); bump++) trainNo = `${type}${numberFor(type, h + bump * 7919)}`
      used.add(trainNo)
      const origin = stationFor(fromCity, type, h)
      const terminus = stationFor(toCity, type, h >>> 3)
      if (!origin || !terminus) continue
      const start = startMinute(type, km, i, count, h)
      trains.push(build(trainNo, type, origin, terminus, km, start))
    }
  }
  return trains.sort((a, b) => (a.stops[0].depart ?? 0) - (b.stops[0].depart ?? 0) || a.trainNo.localeCompare(b.trainNo))
}

function numberFor(type: TrainType, h: number): number {
  switch (type) {
    case 'C':
      return 1001 + (h % 8998)
    case 'Z':
      return 1 + (h % 298)
    case 'T':
      return 1 + (h % 398)
    default:
      return 1 + (h % 9998)
  }
}

/** departure from the origin, minutes after midnight: day trains spread 06:00-21:00, sleepers in the evening */
function startMinute(type: TrainType, km: number, i: number, count: number, h: number): number {
  const sleeper = (type === 'Z' || type === 'T' || type === 'K' || (type === 'D' && km >= 1500)) && km > 600
  if (sleeper) return 17 * 60 + (h % (6 * 60))
  const span = 15 * 60
  return 6 * 60 + Math.floor((i * span) / Math.max(1, count)) + (h % 25)
}

function build(trainNo: string, type: TrainType, origin: Station, terminus: Station, km: number, start: number): TimetableTrain {
  // the known cities along the line; fast trains stop at fewer of them
  const keepOneIn = type === 'G' ? 3 : type === 'D' || type === 'Z' ? 2 : 1
  const middle = citiesBetween(origin.cityName, terminus.cityName)
    .filter(({ city }, i) => (hash32(`${trainNo}${city}`) + i) % keepOneIn === 0)
    .map(({ city, km: at }) => ({ station: stationFor(city, type, hash32(`${trainNo}@${city}`)), km: at }))
    .filter((s): s is { station: Station; km: number } => s.station !== undefined && s.km < km)
  const points = [{ station: origin, km: 0 }, ...middle, { station: terminus, km }]
  const stops: TimetableStop[] = []
  let clock = start
  let lastKm = 0
  points.forEach((p, idx) => {
    clock += Math.round(((p.km - lastKm) / SPEED[type]) * 60)
    lastKm = p.km
    const first = idx === 0
    const last = idx === points.length - 1
    const arrive = first ? null : clock
    if (!first && !last) clock += DWELL[type]
    stops.push({ station: p.station, km: p.km, arrive, depart: last ? null : first ? start : clock })
    if (first) clock = start
  })
  const seatTypes = SEATS_OF_TRAIN_TYPE[type].filter((s) => !(type === 'D' && s === 'softSleeper' && km < 1500))
  return { trainCode: `${trainNo}_${origin.code}_${terminus.code}`, trainNo, trainType: type, stops, seatTypes }
}

/**
 * Trains already rebuilt from their code (rebuilding the two cities' timetable was a
 * tenth of a booking's CPU). The timetable is a pure function of the code, so an entry is never
 * stale; the map is emptied when it reaches TRAIN_MEMO_MAX codes, which bounds its memory.
 * Callers must not change the train they get (none does: trains are read-only everywhere).
 */
const trainMemo = new Map<string, TimetableTrain | undefined>()
const TRAIN_MEMO_MAX = 5_000

/** the train a trainCode names, or undefined when the timetable has no such train */
export function trainByCode(trainCode: string): TimetableTrain | undefined {
  if (trainMemo.has(trainCode)) return trainMemo.get(trainCode)
  const m = /^([GDCZTK]\d{1,4})_([A-Z]{3})_([A-Z]{3})$/.exec(trainCode)
  if (!m) return undefined
  const origin = stationByCode(m[2])
  const terminus = stationByCode(m[3])
  if (!origin || !terminus) return undefined
  const train = trainsBetweenCities(origin.cityName, terminus.cityName).find((t) => t.trainCode === trainCode)
  if (trainMemo.size >= TRAIN_MEMO_MAX) trainMemo.clear()
  trainMemo.set(trainCode, train)
  return train
}

/** price in fen of a segment of `km` in a seat class: the rate × km, rounded to 0.5 yuan, at least 2 yuan */
export function fareFen(type: TrainType, seat: SeatType, km: number): number {
  const rates = RATE[type]
  const rate = seat === 'noSeat' ? (rates.second ?? rates.hardSeat ?? 0.1) : (rates[seat] ?? 0.1)
  return Math.max(200, Math.round((rate * km * 100) / 50) * 50)
}

/** half the adult fare, rounded to 0.5 yuan as the railway rounds */
export const childFareFen = (adultFen: number): number => Math.max(100, Math.round(adultFen / 2 / 50) * 50)

/** the stop index of a station on a train, or -1 */
export const stopIndex = (t: TimetableTrain, code: string): number => t.stops.findIndex((s) => s.station.code === code)
