/**
 * The airline sandbox's flights, deterministic and pure: the same airport pair and date always give
 * the same schedule, aircraft, cabins, fares and fare rules (air/airline/sandbox.ts sells
 * their seats).
 */
import { AIRLINES, distanceKm, type AirlineRecord, type AirportRecord } from './reference-data'
import type { CabinOffer, FareRule, FlightOffer } from './types'

/** a stable 32-bit number from a string (FNV-1a): the sandbox's only source of variety */
export function hash(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

const MAJORS = ['CA', 'MU', 'CZ']

/** the buckets an economy cabin is sold in: letter and percent of the full fare */
const ECONOMY_BUCKETS: Array<[string, number]> = [
  ['B', 90],
  ['M', 80],
  ['H', 70],
  ['K', 60],
  ['L', 50],
  ['Q', 40],
  ['V', 30],
]

/** a flight on a date: the key of its seats (air_sandbox_seats) */
export const flightKeyOf = (date: string, flightNo: string, dep: AirportRecord, arr: AirportRecord): string => `${date}|${flightNo}|${dep.code}|${arr.code}`

export type Timetable = Array<{ airline: AirlineRecord; flightNo: string; depMinutes: number; durationMinutes: number }>

/** the fixed timetable of a pair (the same every day): how many flights follows how busy both ends are */
export function makeTimetable(dep: AirportRecord, arr: AirportRecord): Timetable {
  if (dep.code === arr.code || dep.cityCode === arr.cityCode) return []
  const h = hash(`${dep.code}>${arr.code}`)
  const regional = dep.countryCode !== 'CN' || arr.countryCode !== 'CN'
  let count = 1 + (dep.hot ? 3 : 0) + (arr.hot ? 3 : 0) + (h % 3)
  // quiet pairs: some have no direct flight at all ("no flights found")
  if (!dep.hot && !arr.hot && h % 4 === 0) count = 0
  if (regional && !(dep.hot && arr.hot)) count = Math.min(count, 2)
  const candidates = AIRLINES.filter(
    (a) => a.bases.includes(dep.code) || a.bases.includes(arr.code) || (MAJORS.includes(a.code) && !['CX', 'NX', 'CI'].includes(a.code)),
  )
  const distance = distanceKm(dep, arr)
  const duration = Math.round((distance / 780) * 60 + 35)
  const flights: Array<{ airline: AirlineRecord; flightNo: string; depMinutes: number; durationMinutes: number }> = []
  const used = new Set<string>()
  for (let i = 0; i < count; i++) {
    const hi = hash(`${dep.code}>${arr.code}#${i}`)
    const airline = candidates[hi % candidates.length]
    let number = 1000 + (hi % 8999)
    while (used.has(`${airline.code}${number}`)) number = number === 9999 ? 1000 : number + 1
    used.add(`${airline.code}${number}`)
    // spread over 07:00-22:00, on 5-minute marks
    const slot = 7 * 60 + Math.floor(((15 * 60) / count) * i) + (hi % 40)
    flights.push({ airline, flightNo: `${airline.code}${number}`, depMinutes: Math.round(slot / 5) * 5, durationMinutes: Math.round(duration / 5) * 5 })
  }
  return flights.sort((a, b) => a.depMinutes - b.depMinutes)
}

/** the cabins of a flight on a day, before sales: class, discount, fare and seats */
export function cabinsOf(
  key: string,
  airline: AirlineRecord,
  size: FlightOffer['aircraftSize'],
  fullFareFen: number,
): Array<CabinOffer & { capacity: number }> {
  const out: Array<CabinOffer & { capacity: number }> = []
  const seats = (code: string, min: number) => Math.max(min, hash(`${key}|${code}`) % 10)
  const fare = (percent: number) => Math.round((fullFareFen * percent) / 100 / 1000) * 1000 // whole 10 yuan
  if (size === 'large') out.push({ cabinCode: 'F', cabinClass: 'first', discount: 300, adultFareFen: fare(300), seatsLeft: 0, capacity: seats('F', 2) })
  if (!airline.lowCost) out.push({ cabinCode: 'J', cabinClass: 'business', discount: 220, adultFareFen: fare(220), seatsLeft: 0, capacity: seats('J', 2) })
  if (size === 'large')
    out.push({ cabinCode: 'W', cabinClass: 'premiumEconomy', discount: 130, adultFareFen: fare(130), seatsLeft: 0, capacity: seats('W', 0) })
  out.push({ cabinCode: 'Y', cabinClass: 'economy', discount: 100, adultFareFen: fare(100), seatsLeft: 0, capacity: seats('Y', 4) })
  // four discount buckets of the day, each with its own seats (the cheapest often few or none)
  const start = hash(key) % 4
  for (const [code, percent] of ECONOMY_BUCKETS.slice(start, start + 4)) {
    out.push({ cabinCode: code, cabinClass: 'economy', discount: percent, adultFareFen: fare(percent), seatsLeft: 0, capacity: seats(code, 0) })
  }
  return out
}

/** what an offer of a flight on a date is before its cabins: times, aircraft, terminals, full fare */
export function offerBase(date: string, t: Timetable[number], dep: AirportRecord, arr: AirportRecord) {
  const key = flightKeyOf(date, t.flightNo, dep, arr)
  const distance = distanceKm(dep, arr)
  const size: FlightOffer['aircraftSize'] = distance > 1800 ? 'large' : distance < 500 ? 'small' : 'medium'
  const h = hash(t.flightNo)
  const aircraftType =
    size === 'large' ? ['A330', 'B787', 'A350', 'B777'][h % 4] : size === 'small' ? ['ARJ21', 'E190', 'A319'][h % 3] : ['A320', 'A321', 'B737', 'C919'][h % 4]
  // economy full fare from the stage length, in whole 10 yuan
  const fullFareFen = Math.max(400_00, Math.round((distance * 0.9 + 280) / 10) * 1000)
  const terminal = (a: AirportRecord) => (a.terminals.length ? a.terminals[hash(`${a.code}${t.airline.code}`) % a.terminals.length] : '')
  return {
    key,
    date,
    flightNo: t.flightNo,
    airline: t.airline,
    dep,
    arr,
    depTerminal: terminal(dep),
    arrTerminal: terminal(arr),
    depMinutes: t.depMinutes,
    durationMinutes: t.durationMinutes,
    aircraftType,
    aircraftSize: size,
    meal: t.durationMinutes >= 120 && !t.airline.lowCost,
    distanceKm: distance,
    fullFareFen,
  }
}

/** the fare rule of a cabin: refund and change terms at 7 days and 2 hours, baggage */
export function sandboxFareRule(offer: FlightOffer, cabinCode: string): FareRule | null {
  const cabin = offer.cabins.find((c) => c.cabinCode === cabinCode)
  if (!cabin) return null
  const premium = cabin.cabinClass === 'first' || cabin.cabinClass === 'business'
  const full = cabin.discount >= 100
  const mid = cabin.discount >= 70
  // [over 7 days, 2 hours to 7 days, under 2 hours, after departure]; null: not allowed
  const refund = premium ? [5, 10, 20, 30] : full ? [5, 10, 20, 30] : mid ? [10, 20, 30, 50] : [20, 30, 50, null]
  const change = premium ? [0, 5, 10, 20] : full ? [0, 5, 10, 20] : mid ? [5, 10, 20, 30] : [10, 20, 30, null]
  const windows = ['over7Days', 'from2HoursTo7Days', 'under2Hours', 'afterDeparture'] as const
  const terms = (fees: Array<number | null>) => windows.map((window, i) => ({ window, allowed: fees[i] !== null, feePercent: fees[i] ?? 100 }))
  const checkedKg = offer.airline.lowCost && !premium ? 0 : cabin.cabinClass === 'first' ? 40 : cabin.cabinClass === 'business' ? 30 : 20
  return {
    refund: terms(refund),
    change: terms(change),
    endorsable: premium || full,
    carryOnKg: premium ? 10 : 5,
    carryOnPieces: premium ? 2 : 1,
    checkedKg,
    checkedPieces: checkedKg ? 1 : 0,
    notesZh: '婴儿可免费托运10公斤行李及一辆折叠式婴儿车。退改手续费按票面价计算。',
    notesEn: 'Infants may check 10 kg of baggage and one folding stroller free. Change and refund fees are a percent of the fare.',
  }
}
