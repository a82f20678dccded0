/**
 * Stations, pre-sale days, timetable search and a train's stops (homePage, chooseCity/limitCity,
 * searchTicketList, transitStation): the railway's timetable with the seats left on each train.
 */
import type {
  PreSaleDays,
  Station,
  StationList,
  TrainListView,
  TrainOffer,
  TrainSearchRequest,
  TrainSearchResult,
  TrainStops,
  TrainStopsRequest,
} from '@contracts/calls/train'
import type { Lang } from '@contracts/messages'
import type { Deps } from '../deps'
import { AppError } from '../kernel/errors'
import { addDays, shanghaiDay, toShanghaiIso } from '../kernel/time/time'
import { checkTrainOffer, type TravelPolicy } from '../travel/rules/travel-policy'
import { hhmm, onSale, trainRules, type TrainRules } from './rules/train-rules'
import { occupiedSeats, seatsLeft } from './rules/seats'
import type { TimetableTrain } from './railway'
import { childFareFen } from './railway/timetable'
import { HOT_CITIES, refOf, searchStations, stationByCode, stations } from './railway/stations'
import { runsWithHolds } from './repositories/inventory'
import type { Owner } from '../kernel/db/owned'
import type { RunWithHolds, SeatsEntry, TrainAnswer } from '../search-caches'
import { shareAnswer } from '../kernel/cache/shared-answer'
import { compactTrainList } from '@contracts/train-list'
import { cachedPolicyOf, policyOf, requireProduct } from '../travel/travel'
import { requireRailway } from './railway-login'
import { resolveSegment, segmentOf, type Segment } from './segments'

/** the dates on sale today under these rules */
export function saleDates(r: TrainRules, now: Date): { today: string; lastDate: string } {
  const today = shanghaiDay(now)
  return { today, lastDate: addDays(today, r.preSaleDays - 1) }
}

/** ETRAIN1025 unless `date` is inside the pre-sale period */
export function requireOnSaleDate(r: TrainRules, date: string, now: Date): void {
  const { today, lastDate } = saleDates(r, now)
  if (date < today || date > lastDate) throw new AppError('ETRAIN1025')
}

/** whether the railway still sells a segment now (not within the last minutes before it leaves) */
export const stillSold = (r: TrainRules, departAt: Date, now: Date): boolean => departAt.getTime() - now.getTime() > r.saleStopsMinutesBeforeDeparture * 60_000

export async function preSaleDays(deps: Pick<Deps, 'db' | 'now'>, owner: Owner): Promise<PreSaleDays> {
  const policy = await policyOf(deps.db, owner.eventId)
  const r = trainRules(policy.trainRulesProfile)
  const now = deps.now()
  return {
    ...saleDates(r, now),
    preSaleDays: r.preSaleDays,
    saleOpens: hhmm(r.saleOpensMinute),
    saleCloses: hhmm(r.saleClosesMinute),
    onSaleNow: onSale(r, now),
    childRule: r.childRule,
    payMinutes: r.payMinutes,
    serverNow: toShanghaiIso(now),
  }
}

export function stationList(policy: TravelPolicy, limited: boolean): StationList {
  const all = stations().all
  const range = limited && policy.rangeCities ? new Set(policy.rangeCities) : null
  const list = range ? all.filter((s) => range.has(s.cityName)) : all
  const hot = range ? HOT_CITIES.filter((c) => range.has(c)).concat(policy.rangeCities!.filter((c) => !HOT_CITIES.includes(c))) : HOT_CITIES
  return { hotCities: hot, stations: list }
}

export async function listStations(deps: Pick<Deps, 'db'>, owner: Owner, limited: boolean): Promise<StationList> {
  return stationList(await policyOf(deps.db, owner.eventId), limited)
}

export const findStations = (keyword: string): Station[] => searchStations(keyword)

/** most seats counted in an answer: beyond it the exact number does not matter to the attendee */
const LEFT_CAP = 99

/**
 * `viaCities` (a change of destination): also the trains that run from the boarding
 * city to these cities and stop at the destination on the way (the sandbox's timetable lists a
 * train under its origin and terminus cities only).
 */
/**
 * The runs already booked of these trains on a start date with their active holds, through the
 * seats cache (search-caches.ts): at most SEATS_CACHE_TTL_MS old, and read again at once after
 * this process sells or frees a seat of one of them. For showing seats left only: booking counts
 * the holds of the locked run in its own transaction.
 */
async function cachedRuns(deps: Pick<Deps, 'db' | 'searchCaches'>, trainCodes: string[], date: string): Promise<[string, SeatsEntry]> {
  const codes = [...new Set(trainCodes)].sort()
  const key = `${date}|${codes.join(',')}`
  const entry = await deps.searchCaches.seats.get(key, async () => {
    const runs = await runsWithHolds(deps.db, codes, date)
    return { date, codes: new Set(codes), runIds: new Set(runs.map((r) => r.id)), runs }
  })
  return [key, entry!]
}

type SearchDeps = Pick<Deps, 'db' | 'now' | 'railway' | 'searchCaches'>

/** the trains of a search as TrainOffers (the change-ticket options work on them) */
export const searchTrains = async (
  deps: SearchDeps,
  owner: Owner,
  body: TrainSearchRequest,
  lang: Lang,
  viaCities: readonly string[] = [],
): Promise<TrainSearchResult> => (await searchAnswer(deps, owner, body, lang, viaCities)).answer

/**
 * queryTrainTicket's answer: the same search with each station named once (contracts/train-list.ts),
 * made once per answer and shared (its bytes written to every caller)
 */
export const searchTrainList = async (deps: SearchDeps, owner: Owner, body: TrainSearchRequest, lang: Lang): Promise<TrainListView> =>
  (await searchAnswer(deps, owner, body, lang, [])).list

async function searchAnswer(
  deps: SearchDeps,
  owner: Owner,
  body: TrainSearchRequest,
  lang: Lang,
  viaCities: readonly string[],
): Promise<Pick<TrainAnswer, 'answer' | 'list'>> {
  const policy = await cachedPolicyOf(deps, owner.eventId)
  requireProduct(policy, 'train')
  await requireRailway(deps, owner.userId)
  const r = trainRules(policy.trainRulesProfile)
  const now = deps.now()
  requireOnSaleDate(r, body.date, now)
  const from = stationByCode(body.fromStationCode)
  const to = stationByCode(body.toStationCode)
  if (!from || !to) throw new AppError('ETRAIN1026')
  const wholeCity = body.wholeCity !== false
  const base = { from: refOf(from), to: refOf(to), date: body.date }
  if (from.cityName === to.cityName) {
    const answer = { ...base, trains: [] }
    return { answer, list: compactTrainList(answer) }
  }

  // the answer made for the same search a moment ago, while nothing it was made of has changed:
  // the same policy object, the same seat entries still fresh in the seats cache, and no train
  // yet past the minute its sale stops
  const answerKey = `${owner.eventId}|${from.code}|${to.code}|${body.date}|${wholeCity}|${viaCities.join(',')}`
  const answers = deps.searchCaches.trainAnswers
  const current = (a: TrainAnswer | undefined) =>
    a && a.policy === policy && now.getTime() < a.validUntilMs && a.seats.every(([k, e]) => deps.searchCaches.seats.peek(k) === e)
  const made = answers.peek(answerKey)
  if (current(made)) return made!

  const segments: Segment[] = []
  const candidates = new Map<string, TimetableTrain>()
  for (const city of [to.cityName, ...viaCities]) for (const x of deps.railway.trainsBetween(from.cityName, city)) candidates.set(x.trainCode, x)
  for (const train of candidates.values()) {
    const fromIdx = train.stops.findIndex((s) => (wholeCity ? s.station.cityName === from.cityName : s.station.code === from.code))
    const toIdx = train.stops.findIndex((s, i) => i > fromIdx && (wholeCity ? s.station.cityName === to.cityName : s.station.code === to.code))
    if (fromIdx < 0 || toIdx < 0) continue
    segments.push(segmentOf(train, fromIdx, toIdx, body.date))
  }
  const runs = new Map<string, RunWithHolds>()
  const byStartDate = new Map<string, string[]>()
  for (const s of segments) byStartDate.set(s.startDate, [...(byStartDate.get(s.startDate) ?? []), s.train.trainCode])
  const seatEntries: Array<[string, SeatsEntry]> = []
  for (const [date, codes] of byStartDate) {
    const [key, entry] = await cachedRuns(deps, codes, date)
    seatEntries.push([key, entry])
    for (const run of entry.runs) runs.set(`${run.trainCode}|${run.date}|${run.seatType}`, run)
  }
  // made meanwhile by a request that was waiting for the same seats (when the policy or the seats
  // are read again, every request in flight comes here at once: one of them makes the answer, not fifty)
  const meanwhile = answers.peek(answerKey)
  if (meanwhile !== made && current(meanwhile)) return meanwhile!

  const trains = segments.map((s): TrainOffer => {
    const seats = s.train.seatTypes.map((seatType) => {
      const run = runs.get(`${s.train.trainCode}|${s.startDate}|${seatType}`)
      const numbers = run ?? deps.railway.runNumbers(s.train.trainCode, s.startDate, seatType)
      const left = seatsLeft(numbers.capacity, numbers.othersSold, run ? occupiedSeats(run.holds, s) : new Set())
      const priceFen = deps.railway.fareFen(s.train, seatType, s.fromIdx, s.toIdx)
      return {
        seatType,
        priceFen,
        childPriceFen: childFareFen(priceFen),
        left: Math.min(LEFT_CAP, left),
        withinPolicy: checkTrainOffer(policy, { trainType: s.train.trainType, seatType, fromCity: s.from.cityName, toCity: s.to.cityName }, lang).length === 0,
      }
    })
    return offerOf(s, seats, stillSold(r, s.departAt, now))
  })
  trains.sort((a, b) => a.departAt.localeCompare(b.departAt) || a.trainNo.localeCompare(b.trainNo))
  const answer: TrainSearchResult = { ...base, trains }
  // each station named once (contracts/train-list.ts): the list is written to every caller, and
  // four stations in two languages on every train were most of it
  const list = shareAnswer(compactTrainList(answer))
  // the first instant a train of the answer stops being sold (its `bookable` changes)
  let validUntilMs = Infinity
  for (const x of segments) {
    const stops = x.departAt.getTime() - r.saleStopsMinutesBeforeDeparture * 60_000
    if (stops > now.getTime()) validUntilMs = Math.min(validUntilMs, stops)
  }
  const entry: TrainAnswer = { policy, seats: seatEntries, validUntilMs, answer, list }
  answers.put(answerKey, entry)
  return entry
}

function offerOf(s: Segment, seats: TrainOffer['seats'], bookable: boolean): TrainOffer {
  const fromStop = s.train.stops[s.fromIdx]
  const toStop = s.train.stops[s.toIdx]
  const depart = fromStop.depart ?? 0
  const arrive = toStop.arrive ?? 0
  return {
    trainCode: s.train.trainCode,
    trainNo: s.train.trainNo,
    trainType: s.train.trainType,
    from: refOf(s.from),
    to: refOf(s.to),
    origin: refOf(s.train.stops[0].station),
    terminus: refOf(s.train.stops[s.train.stops.length - 1].station),
    date: shanghaiDay(s.departAt),
    departTime: hhmm(depart),
    arriveTime: hhmm(arrive),
    departAt: toShanghaiIso(s.departAt),
    arriveAt: toShanghaiIso(s.arriveAt),
    arriveDayOffset: Math.floor(arrive / 1440) - Math.floor(depart / 1440),
    durationMinutes: arrive - depart,
    distanceKm: toStop.km - fromStop.km,
    fromIsOrigin: s.fromIdx === 0,
    toIsTerminus: s.toIdx === s.train.stops.length - 1,
    seats,
    bookable,
  }
}

export async function trainStops(deps: Pick<Deps, 'db' | 'now' | 'railway' | 'searchCaches'>, owner: Owner, body: TrainStopsRequest): Promise<TrainStops> {
  await requireRailway(deps, owner.userId)
  const s = resolveSegment(deps, body)
  return {
    trainCode: s.train.trainCode,
    trainNo: s.train.trainNo,
    trainType: s.train.trainType,
    stops: s.train.stops.map((stop, i) => ({
      station: refOf(stop.station),
      index: i + 1,
      arriveTime: stop.arrive === null ? null : hhmm(stop.arrive),
      departTime: stop.depart === null ? null : hhmm(stop.depart),
      stopMinutes: stop.arrive !== null && stop.depart !== null ? stop.depart - stop.arrive : 0,
      dayOffset: Math.floor((stop.arrive ?? stop.depart ?? 0) / 1440),
      onSegment: i >= s.fromIdx && i <= s.toIdx,
    })),
  }
}
