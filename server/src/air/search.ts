/**
 * Air search calls: airports (list and search), a day's flights with the price calendar, a
 * flight's cabins with fares per passenger type and the travel policy's mark, a cabin's fare
 * rule, the event's notices for a flight, and flightOrderVerify. All read the airline provider
 * (deps.airline) and the event's policy; nothing here writes.
 */
import dayjs from 'dayjs'
import type {
  AirportCity,
  AirportView,
  CabinListView,
  CabinView,
  FareRuleView,
  FindFlightListRequest,
  FlightListView,
  FlightOrderVerifyRequest,
  FlightRef,
  FlightView,
  NoticeRequest,
  NoticeView,
} from '@contracts/calls/flight'
import type { PolicyVerdict } from '@contracts/calls/travel'
import type { Lang } from '@contracts/messages'
import type { Deps } from '../deps'
import { AIR_RULES, faresFor, type RouteKind } from './rules/air-rules'
import { addDays, isCalendarDate, shanghaiDay, toShanghaiIso } from '../kernel/time/time'
import { checkFlightOffer, verdictOf, type TravelPolicy } from '../travel/rules/travel-policy'
import { AppError } from '../kernel/errors'
import { airportByCode, type AirportRecord, type CabinOffer, type FlightOffer } from './airline'
import { noticesOfEvent } from './repositories/air'
import type { Owner } from '../kernel/db/owned'
import { shareAnswer } from '../kernel/cache/shared-answer'
import type { FlightAnswer } from '../search-caches'
import { compactFlightList } from '@contracts/flight-list'
import { cachedPolicyOf, policyOf, requireProduct } from '../travel/travel'

type SearchDeps = Pick<Deps, 'db' | 'now' | 'airline'>

const airportView = (a: AirportRecord): AirportView => ({
  code: a.code,
  nameZh: a.nameZh,
  nameEn: a.nameEn,
  cityCode: a.cityCode,
  cityZh: a.cityZh,
  cityEn: a.cityEn,
  cityPinyin: a.cityPinyin,
  countryCode: a.countryCode,
  hot: a.hot,
})

function groupByCity(airports: AirportRecord[]): AirportCity[] {
  const cities = new Map<string, AirportCity>()
  for (const a of airports) {
    const c = cities.get(a.cityCode) ?? {
      cityCode: a.cityCode,
      cityZh: a.cityZh,
      cityEn: a.cityEn,
      cityPinyin: a.cityPinyin,
      countryCode: a.countryCode,
      hot: false,
      airports: [],
    }
    c.hot ||= a.hot
    c.airports.push(airportView(a))
    cities.set(a.cityCode, c)
  }
  return [...cities.values()]
}

export function listAirports(deps: Pick<Deps, 'airline'>): AirportCity[] {
  return groupByCity(deps.airline.airports()).sort((a, b) => a.cityPinyin.localeCompare(b.cityPinyin))
}

/** 'Hong Kong' → 'hk': what people type for two-word city names */
const englishInitials = (name: string) =>
  name
    .toLowerCase()
    .split(/[\s'-]+/)
    .map((w) => w[0] ?? '')
    .join('')

/** cities and airports matching a keyword: exact code or pinyin initials first, then names, pinyin and initials that start with it, then contain it */
export function findAirports(deps: Pick<Deps, 'airline'>, keyword: string): AirportCity[] {
  const k = keyword.trim().toLowerCase()
  if (!k) return listAirports(deps).filter((c) => c.hot)
  const score = (a: AirportRecord): number => {
    const code = a.code.toLowerCase()
    const city = a.cityCode.toLowerCase()
    // the city's initials as typed, pinyin ("sh") or English ("hk"), rank with its code: Shanghai
    // before Shenzhen; two cities with the same initials (海口 and Hong Kong: "hk") go busiest first
    if (code === k || city === k || a.cityInitials === k || englishInitials(a.cityEn) === k) return 0
    const names = [a.cityZh, a.cityEn.toLowerCase(), a.cityPinyin, a.nameZh, a.nameEn.toLowerCase(), englishInitials(a.cityEn), a.cityInitials, a.nameInitials]
    if (names.some((n) => n.startsWith(k))) return 1
    if (names.some((n) => n.includes(k))) return 2
    return -1
  }
  const scored = deps.airline
    .airports()
    .map((a) => ({ a, s: score(a) }))
    .filter((x) => x.s >= 0)
  // a city that matches by its own name brings all its airports
  const cityMatched = new Set(
    scored
      .filter((x) => [x.a.cityZh, x.a.cityEn.toLowerCase(), x.a.cityPinyin, x.a.cityCode.toLowerCase(), x.a.cityInitials].some((n) => n.startsWith(k)))
      .map((x) => x.a.cityCode),
  )
  const chosen = deps.airline.airports().filter((a) => cityMatched.has(a.cityCode) || scored.some((x) => x.a.code === a.code))
  const best = new Map<string, number>()
  for (const x of scored) best.set(x.a.cityCode, Math.min(best.get(x.a.cityCode) ?? 9, x.s))
  return groupByCity(chosen)
    .sort((a, b) => (best.get(a.cityCode) ?? 9) - (best.get(b.cityCode) ?? 9) || Number(b.hot) - Number(a.hot) || a.cityPinyin.localeCompare(b.cityPinyin))
    .slice(0, 30)
}

/** the airports a code names: a city's airports, or one airport; EAIR1001 for neither */
export function airportsOf(deps: Pick<Deps, 'airline'>, code: string): AirportRecord[] {
  const c = code.trim().toUpperCase()
  const byCity = deps.airline.airports().filter((a) => a.cityCode === c)
  if (byCity.length) return byCity
  const one = airportByCode.get(c)
  if (!one) throw new AppError('EAIR1001')
  return [one]
}

export const routeKindOf = (dep: AirportRecord, arr: AirportRecord): RouteKind =>
  dep.countryCode === 'CN' && arr.countryCode === 'CN' ? 'domestic' : 'regional'

/** the route kind of a booked flight (by its airports' countries; an unknown airport counts as regional) */
export function routeKindOfFlight(f: FlightRef): RouteKind {
  const dep = airportByCode.get(f.depAirport)
  const arr = airportByCode.get(f.arrAirport)
  return dep && arr ? routeKindOf(dep, arr) : 'regional'
}

/** the bookable departure dates: today (Beijing) to the sale horizon */
export function saleRange(now: Date): { from: string; to: string } {
  const from = shanghaiDay(now)
  return { from, to: addDays(from, AIR_RULES.saleHorizonDays) }
}

export function checkDate(date: string, now: Date): void {
  const r = saleRange(now)
  if (!isCalendarDate(date) || date < r.from || date > r.to) throw new AppError('EAIR1002', 200, r)
}

const departureOf = (o: FlightOffer): Date => new Date(Date.parse(`${o.date}T00:00:00+08:00`) + o.depMinutes * 60_000)

export function isBookable(o: FlightOffer, now: Date): boolean {
  return departureOf(o).getTime() - now.getTime() >= AIR_RULES.bookingClosesMinutesBefore * 60_000
}

const airlineView = (a: FlightOffer['airline']) => ({ code: a.code, nameZh: a.nameZh, nameEn: a.nameEn })

export function flightView(o: FlightOffer, now: Date): FlightView {
  const dep = departureOf(o)
  const arr = new Date(dep.getTime() + o.durationMinutes * 60_000)
  const withSeats = o.cabins.filter((c) => c.seatsLeft > 0)
  const lowest = withSeats.reduce<CabinOffer | null>((m, c) => (!m || c.adultFareFen < m.adultFareFen ? c : m), null)
  return {
    date: o.date,
    flightNo: o.flightNo,
    depAirport: o.dep.code,
    arrAirport: o.arr.code,
    airline: airlineView(o.airline),
    operatingFlightNo: '',
    operatingAirline: null,
    aircraftType: o.aircraftType,
    aircraftSize: o.aircraftSize,
    dep: {
      airport: o.dep.code,
      airportZh: o.dep.nameZh,
      airportEn: o.dep.nameEn,
      cityZh: o.dep.cityZh,
      cityEn: o.dep.cityEn,
      terminal: o.depTerminal,
      time: toShanghaiIso(dep),
    },
    arr: {
      airport: o.arr.code,
      airportZh: o.arr.nameZh,
      airportEn: o.arr.nameEn,
      cityZh: o.arr.cityZh,
      cityEn: o.arr.cityEn,
      terminal: o.arrTerminal,
      time: toShanghaiIso(arr),
    },
    arrDayOffset: dayjs(shanghaiDay(arr)).diff(dayjs(shanghaiDay(dep)), 'day'),
    durationMinutes: o.durationMinutes,
    stops: 0,
    stopCitiesZh: [],
    stopCitiesEn: [],
    meal: o.meal,
    lowestFareFen: lowest?.adultFareFen ?? null,
    lowestCabinClass: lowest?.cabinClass ?? null,
    lowestDiscount: lowest?.discount ?? null,
    seatsLeft: withSeats.reduce((s, c) => s + c.seatsLeft, 0),
    bookable: isBookable(o, now) && withSeats.length > 0,
  }
}

const byDeparture = (x: FlightOffer, y: FlightOffer) => x.depMinutes - y.depMinutes || x.flightNo.localeCompare(y.flightNo)

export async function findFlights(deps: SearchDeps & Pick<Deps, 'searchCaches'>, owner: Owner, body: FindFlightListRequest): Promise<FlightListView> {
  requireProduct(await cachedPolicyOf(deps, owner.eventId), 'flight')
  const now = deps.now()
  const today = shanghaiDay(now)
  // the answer made a moment ago from the very same offers (the sandbox answers the same objects
  // while no seat count changed), before any of its flights stops being bookable. It was made for
  // this very request on this very day, so the request's checks below passed then and would again
  // (airports and the sale range depend on nothing else): the hit skips them
  const answerKey = `${body.depCode}|${body.arrCode}|${body.date}`
  const made = deps.searchCaches.flightAnswers.peek(answerKey)
  const usableAt = (a: FlightAnswer | undefined) => (a && a.rangeFrom === today && now.getTime() < a.validUntilMs ? a : undefined)
  const usable = usableAt(made)
  const fresh = (a: FlightAnswer | undefined, offers: ReadonlyArray<FlightOffer[] | undefined>) => {
    const u = usableAt(a)
    return !!u && u.offers.length === offers.length && u.offers.every((x, i) => x === offers[i])
  }
  // first without waiting for anything, when the airline can say what it answered last (the sandbox)
  const peek = deps.airline.peekFlights?.bind(deps.airline)
  if (usable && peek && usable.asked.every(([d, a, date], i) => peek(d, a, date) === usable.offers[i])) return usable.answer

  const from = airportsOf(deps, body.depCode)
  const to = airportsOf(deps, body.arrCode)
  if (from[0].cityCode === to[0].cityCode) throw new AppError('EAIR1006')
  checkDate(body.date, now)
  const range = saleRange(now)
  // the day asked for and the calendar's days around it, all at once
  const dates: string[] = []
  for (let i = -AIR_RULES.calendarDays; i <= AIR_RULES.calendarDays; i++) {
    const date = addDays(body.date, i)
    if (i === 0 || (date >= range.from && date <= range.to)) dates.push(date)
  }
  const pairs = from.flatMap((d) => to.map((a) => [d.code, a.code] as const))
  const asked = dates.flatMap((date) => pairs.map(([d, a]) => [d, a, date] as const))
  // every airport pair of every day at once (the sandbox reads their seats in one query)
  const offers = await Promise.all(asked.map(([d, a, date]) => deps.airline.searchFlights(d, a, date)))
  if (fresh(made, offers)) return made!.answer
  // made meanwhile by a request that was waiting for the same offers (when the airline's seats are
  // read again, every request in flight comes here at once: one of them makes the answer, not fifty)
  const meanwhile = deps.searchCaches.flightAnswers.peek(answerKey)
  if (meanwhile !== made && fresh(meanwhile, offers)) return meanwhile!.answer

  const byDate = new Map(
    dates.map((date, i) => [
      date,
      offers
        .slice(i * pairs.length, (i + 1) * pairs.length)
        .flat()
        .sort(byDeparture)
        .map((o) => flightView(o, now)),
    ]),
  )
  const flights = byDate.get(body.date)!
  const calendar = []
  for (const date of dates) {
    if (date < range.from || date > range.to) continue
    const fares = byDate
      .get(date)!
      .filter((f) => f.bookable && f.lowestFareFen !== null)
      .map((f) => f.lowestFareFen!)
    calendar.push({ date, lowestFareFen: fares.length ? Math.min(...fares) : null })
  }
  // each airline and airport named once (contracts/flight-list.ts): the answer is written to every
  // caller, and the names were two thirds of it
  const answer = shareAnswer(compactFlightList(flights, calendar))
  let validUntilMs = Infinity
  for (const o of offers.flat()) {
    const closes = departureOf(o).getTime() - AIR_RULES.bookingClosesMinutesBefore * 60_000
    if (closes > now.getTime()) validUntilMs = Math.min(validUntilMs, closes)
  }
  deps.searchCaches.flightAnswers.put(answerKey, { asked, offers, rangeFrom: range.from, validUntilMs, answer })
  return answer
}

/** the offer a FlightRef names, for a bookable date; EAIR1003 when it is not (or no longer) there */
export async function offerOf(deps: SearchDeps, ref: FlightRef): Promise<FlightOffer> {
  checkDate(ref.date, deps.now())
  const o = await deps.airline.flight(ref.date, ref.flightNo.trim().toUpperCase(), ref.depAirport.trim().toUpperCase(), ref.arrAirport.trim().toUpperCase())
  if (!o) throw new AppError('EAIR1003')
  return o
}

export function policyForCabin(policy: TravelPolicy, o: FlightOffer, c: CabinOffer, lang: Lang): PolicyVerdict {
  return verdictOf(
    policy,
    checkFlightOffer(
      policy,
      { cabinClass: c.cabinClass, discountPercent: c.discount, priceFen: c.adultFareFen, fromCity: o.dep.cityZh, toCity: o.arr.cityZh },
      lang,
    ),
  )
}

function ruleSummary(deps: Pick<Deps, 'airline'>, o: FlightOffer, c: CabinOffer): { zh: string; en: string; checkedKg: number } {
  const r = deps.airline.fareRule(o, c.cabinCode)!
  const refund7 = r.refund[0]
  const change7 = r.change[0]
  return {
    zh: `退票费${refund7.feePercent}%起，改期费${change7.feePercent}%起${r.checkedKg ? `，免费托运${r.checkedKg}公斤` : '，无免费托运'}`,
    en: `Refund fee from ${refund7.feePercent}%, change fee from ${change7.feePercent}%${r.checkedKg ? `, ${r.checkedKg} kg checked baggage` : ', no free checked baggage'}`,
    checkedKg: r.checkedKg,
  }
}

export async function findCabins(deps: SearchDeps, owner: Owner, ref: FlightRef, lang: Lang): Promise<CabinListView> {
  const now = deps.now()
  const policy = await policyOf(deps.db, owner.eventId)
  requireProduct(policy, 'flight')
  const o = await offerOf(deps, ref)
  const route = routeKindOf(o.dep, o.arr)
  const cabins: CabinView[] = o.cabins
    .filter((c) => c.seatsLeft > 0)
    .sort((a, b) => a.adultFareFen - b.adultFareFen)
    .map((c) => {
      const fares = faresFor(c.adultFareFen, o.fullFareFen, o.distanceKm, route)
      const summary = ruleSummary(deps, o, c)
      return {
        cabinCode: c.cabinCode,
        cabinClass: c.cabinClass,
        discount: c.discount,
        seatsLeft: c.seatsLeft,
        adult: fares.adult,
        child: fares.child,
        infant: fares.infant,
        ruleSummaryZh: summary.zh,
        ruleSummaryEn: summary.en,
        checkedBaggageKg: summary.checkedKg,
        policy: policyForCabin(policy, o, c, lang),
      }
    })
  return { flight: flightView(o, now), cabins }
}

export async function fareRuleOf(deps: SearchDeps, ref: FlightRef, cabinCode: string): Promise<FareRuleView> {
  const o = await offerOf(deps, ref)
  const c = o.cabins.find((x) => x.cabinCode === cabinCode.trim().toUpperCase())
  const r = c ? deps.airline.fareRule(o, c.cabinCode) : null
  if (!c || !r) throw new AppError('EAIR1005')
  return { cabinCode: c.cabinCode, cabinClass: c.cabinClass, ...r }
}

export async function verifyFlight(deps: SearchDeps, owner: Owner, body: FlightOrderVerifyRequest, lang: Lang): Promise<PolicyVerdict> {
  const policy = await policyOf(deps.db, owner.eventId)
  const o = await offerOf(deps, body.flight)
  const c = o.cabins.find((x) => x.cabinCode === body.cabinCode.trim().toUpperCase())
  if (!c) throw new AppError('EAIR1005')
  return policyForCabin(policy, o, c, lang)
}

/** the event's notices whose cities and dates cover a flight (spec §9) */
export async function noticesFor(deps: Pick<Deps, 'db' | 'now' | 'airline'>, owner: Owner, body: NoticeRequest): Promise<NoticeView[]> {
  const dep = airportsOf(deps, body.depAirport)[0]
  const arr = airportsOf(deps, body.arrAirport)[0]
  if (!dayjs(body.date, 'YYYY-MM-DD', true).isValid()) throw new AppError('EAIR1002', 200, saleRange(deps.now()))
  return (await noticesOfEvent(deps.db, owner.eventId))
    .filter(
      (n) =>
        body.date >= n.validFrom &&
        body.date <= n.validTo &&
        (n.cityCodes.length === 0 || n.cityCodes.includes(dep.cityCode) || n.cityCodes.includes(arr.cityCode)),
    )
    .map((n) => ({
      noticeId: n.id,
      level: n.level,
      titleZh: n.titleZh,
      titleEn: n.titleEn,
      bodyZh: n.bodyZh,
      bodyEn: n.bodyEn,
      validFrom: n.validFrom,
      validTo: n.validTo,
    }))
}
