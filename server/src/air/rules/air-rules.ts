/**
 * The air rules of spec §4, §5 and §9 in one table, and the pure functions that read it. Every
 * number here is the spec's (or, where the spec is silent, the airlines' common practice, said so).
 */
import dayjs from 'dayjs'
import type { PassengerType, RuleWindow } from '@contracts/air'
import type { FareBreakdown, PriceLine } from '@contracts/calls/flight'

export const AIR_RULES = {
  /** spec §9: accident insurance, per passenger */
  insuranceFen: 20_00,
  /** spec §5: infants fly from 14 days old … */
  infantMinDays: 14,
  /** … to under 2 years (then a child ticket) */
  infantMaxYears: 2,
  /** airlines' child fare: from 2 to under 12 years */
  childMaxYears: 12,
  /** spec §9: change and refund terms differ at 7 days and at 2 hours before departure */
  ruleThresholdsHours: { week: 7 * 24, twoHours: 2 },
  /** spec §9: check-in advice, domestic and international (regional flights count as international) */
  checkIn: {
    domestic: { arriveEarlyHours: [1, 2], closesMinutesBefore: 45 },
    international: { arriveEarlyHours: [2, 3], closesMinutesBefore: 60 },
  },
  /** unpaid orders are cancelled and their seats released this long after booking (the airline's hold) */
  payMinutes: 30,
  /** spec §9: the invoice is expected within 30 minutes after payment */
  invoiceMinutesAfterPay: 30,
  /** bookings close this long before departure (check-in closes 45 min before; the airline needs to issue) */
  bookingClosesMinutesBefore: 60,
  /** how far ahead flights are sold (airlines open sales about a year ahead) */
  saleHorizonDays: 365,
  /** the price calendar: days before and after the searched one */
  calendarDays: 3,
  /** passengers per order (a GDS booking holds at most 9) */
  maxPassengers: 9,
  /** each adult may take one infant (airlines: one infant per adult lap) */
  infantsPerAdult: 1,
  /** remark length */
  remarkMax: 200,
  /**
   * children pay half the adult full fare and no airport construction fee, half the fuel fee;
   * infants 10% of the full fare, no fees (CAAC's fare rules for domestic flights)
   */
  childFarePercentOfFull: 50,
  infantFarePercentOfFull: 10,
  /** domestic airport construction fee (civil aviation development fund), adults only */
  constructionFeeFen: { domestic: 50_00, regional: 90_00 },
  /** fuel surcharge per adult by stage length (children half, infants none) */
  fuelFeeFen: { upTo800Km: 10_00, over800Km: 20_00 },
  /** departure taxes on regional (Hong Kong, Macao, Taiwan) flights */
  regionalTaxFen: 120_00,
  // --- after-sales; the fee percents are each cabin's fare rule (the airline's) ---
  /**
   * a voluntary refund costs at least this per ticket where the rule charges a fee (airlines'
   * common minimum); spec §8: a fee higher than the fare means not refundable
   */
  refundFeeMinFen: 50_00,
  /** an unpaid change is undone and its seats released this long after it was asked (like a booking's hold) */
  changePayMinutes: 30,
  /** online changes per ticket (further changes go through the agency, like the railway's one change) */
  maxChangesPerTicket: 1,
  /**
   * a voluntary change to a lower fare gives the difference back, less the change fee (the fee is
   * taken from the difference first; a fee larger than the difference leaves the rest to pay).
   * The spec is silent; this is the airlines' common practice. false: a lower fare gives nothing back.
   */
  changeToLowerFareGivesBack: true,
  /** the attendee's words on a refund or change */
  reasonTextMax: 200,
  /** how often the after-sales job asks the airline about a refund or change */
  afterSalePollMs: 5_000,
  /** the flight is 'traveled' this long after its scheduled arrival (delays) */
  traveledAfterArrivalMinutes: 60,
} as const

/** whole years between two 'YYYY-MM-DD' dates (birthday on the day counts) */
export function ageYears(birthDate: string, onDate: string): number {
  return dayjs(onDate).diff(dayjs(birthDate), 'year')
}

/** passenger type on the day of departure; 'tooYoung' under 14 days; null for a bad date */
export function passengerTypeOn(birthDate: string, departureDate: string): PassengerType | 'tooYoung' | null {
  const birth = dayjs(birthDate, 'YYYY-MM-DD', true)
  if (!birth.isValid() || birth.isAfter(dayjs(departureDate))) return null
  if (dayjs(departureDate).diff(birth, 'day') < AIR_RULES.infantMinDays) return 'tooYoung'
  const years = ageYears(birthDate, departureDate)
  if (years < AIR_RULES.infantMaxYears) return 'infant'
  if (years < AIR_RULES.childMaxYears) return 'child'
  return 'adult'
}

/** which window of the fare rule applies `msBefore` departure (negative: after departure) */
export function ruleWindow(msBefore: number): RuleWindow {
  const h = msBefore / 3600_000
  if (h < 0) return 'afterDeparture'
  if (h < AIR_RULES.ruleThresholdsHours.twoHours) return 'under2Hours'
  if (h < AIR_RULES.ruleThresholdsHours.week) return 'from2HoursTo7Days'
  return 'over7Days'
}

export type RouteKind = 'domestic' | 'regional'

export interface Fare {
  fareFen: number
  taxFen: number
  fuelFeeFen: number
  constructionFeeFen: number
  totalFen: number
}

/** rounds to whole yuan, as airlines price in yuan */
const yuan = (fen: number) => Math.round(fen / 100) * 100
/** child and infant fares are rounded to whole 10 yuan (half up), as domestic fares are published */
const tenYuan = (fen: number) => Math.round(fen / 1000) * 1000

/**
 * The fare of each passenger type for a cabin: `adultFareFen` is the cabin's adult fare,
 * `fullFareFen` the economy full fare (Y) of the flight. Price = fare + tax + fuel fee + airport
 * construction fee (spec §9).
 */
export function faresFor(adultFareFen: number, fullFareFen: number, distanceKm: number, route: RouteKind): Record<PassengerType, Fare> {
  const fuelAdult = distanceKm > 800 ? AIR_RULES.fuelFeeFen.over800Km : AIR_RULES.fuelFeeFen.upTo800Km
  const make = (fareFen: number, taxFen: number, fuelFeeFen: number, constructionFeeFen: number): Fare => ({
    fareFen,
    taxFen,
    fuelFeeFen,
    constructionFeeFen,
    totalFen: fareFen + taxFen + fuelFeeFen + constructionFeeFen,
  })
  const tax = route === 'regional' ? AIR_RULES.regionalTaxFen : 0
  return {
    adult: make(adultFareFen, tax, fuelAdult, AIR_RULES.constructionFeeFen[route]),
    // a child pays the lower of half the full fare and the adult's discounted fare
    child: make(Math.min(adultFareFen, tenYuan((fullFareFen * AIR_RULES.childFarePercentOfFull) / 100)), tax, yuan(fuelAdult / 2), 0),
    infant: make(tenYuan((fullFareFen * AIR_RULES.infantFarePercentOfFull) / 100), 0, 0, 0),
  }
}

export interface PriceLineInput {
  passengerType: PassengerType
  insurance: boolean
}

/** the order's price: one line per kind of amount and passenger type (zero lines left out), and the sums */
export function priceBreakdown(passengers: PriceLineInput[], fares: Record<PassengerType, Fare>) {
  const lines: PriceLine[] = []
  const sums = { fareFen: 0, taxFen: 0, fuelFeeFen: 0, constructionFeeFen: 0, insuranceFen: 0 }
  for (const type of ['adult', 'child', 'infant'] as const) {
    const count = passengers.filter((p) => p.passengerType === type).length
    if (!count) continue
    for (const [kind, key] of [
      ['fare', 'fareFen'],
      ['tax', 'taxFen'],
      ['fuelFee', 'fuelFeeFen'],
      ['constructionFee', 'constructionFeeFen'],
    ] as const) {
      const unit = fares[type][key]
      if (!unit) continue
      lines.push({ kind, passengerType: type, unitFen: unit, count, amountFen: unit * count })
      sums[key] += unit * count
    }
  }
  const insured = passengers.filter((p) => p.insurance).length
  if (insured) {
    lines.push({ kind: 'insurance', passengerType: null, unitFen: AIR_RULES.insuranceFen, count: insured, amountFen: AIR_RULES.insuranceFen * insured })
    sums.insuranceFen = AIR_RULES.insuranceFen * insured
  }
  const totalFen = sums.fareFen + sums.taxFen + sums.fuelFeeFen + sums.constructionFeeFen + sums.insuranceFen
  return { lines, ...sums, totalFen }
}

/** check-in advice for a flight (spec §9) */
export const checkInAdvice = (route: RouteKind) => (route === 'domestic' ? AIR_RULES.checkIn.domestic : AIR_RULES.checkIn.international)

/** how often the ticketing job asks the airline while tickets are being issued */
export const AIR_TICKETING_POLL_MS = 5_000

// --- after-sales: refund and change fees ----------------------------------------------

/** a fee rounded up to whole yuan (airlines never round a fee down) */
const feeYuan = (fen: number) => Math.ceil(fen / 100) * 100

export interface FeeTerm {
  window: RuleWindow
  allowed: boolean
  feePercent: number
}

export interface RefundFigures {
  feePercent: number
  feeFen: number
  taxesFen: number
  insuranceFen: number
  refundFen: number
  problem: 'feeOverFare' | 'notAllowed' | null
}

/**
 * One ticket's refund. Voluntary: the rule's term of the window (not allowed: 'notAllowed'), a fee
 * of feePercent of the fare, at least refundFeeMinFen when a fee applies, a fee higher than the
 * fare: 'feeOverFare' (spec §8). Involuntary: no fee whatever the window. Taxes and fees come
 * back with the ticket; insurance only before departure (it has started after).
 */
export function refundFigures(fare: FareBreakdown, insured: boolean, term: FeeTerm, type: 'voluntary' | 'involuntary'): RefundFigures {
  const taxesFen = fare.taxFen + fare.fuelFeeFen + fare.constructionFeeFen
  const insuranceFen = insured && term.window !== 'afterDeparture' ? AIR_RULES.insuranceFen : 0
  if (type === 'involuntary') return { feePercent: 0, feeFen: 0, taxesFen, insuranceFen, refundFen: fare.fareFen + taxesFen + insuranceFen, problem: null }
  const raw = feeYuan((fare.fareFen * term.feePercent) / 100)
  const feeFen = term.feePercent > 0 ? Math.max(raw, AIR_RULES.refundFeeMinFen) : 0
  const problem = !term.allowed ? 'notAllowed' : feeFen > fare.fareFen ? 'feeOverFare' : null
  if (problem) return { feePercent: term.feePercent, feeFen, taxesFen, insuranceFen, refundFen: 0, problem }
  return { feePercent: term.feePercent, feeFen, taxesFen, insuranceFen, refundFen: fare.fareFen - feeFen + taxesFen + insuranceFen, problem: null }
}

export interface ChangeFigures {
  feePercent: number
  feeFen: number
  /** new fare minus old when the new one is higher, else 0 */
  fareDiffFen: number
  /** what the attendee pays for the change */
  dueFen: number
  /** what goes back to the payer once the airline confirms (a lower fare, less the fee) */
  backFen: number
  /** the value of the new ticket: the new fare, or the old one when a lower fare gives nothing back */
  newTicketFareFen: number
  allowed: boolean
}

/**
 * One ticket's change. Voluntary: a fee of the rule's percent of the old fare; a higher fare adds
 * the difference to pay; a lower one (AIR_RULES.changeToLowerFareGivesBack) first pays the fee and
 * gives the rest back, or, the fee being larger, leaves only the fee's remainder to pay.
 * Involuntary (the airline's doing): nothing either way, the ticket keeps its value.
 */
export function changeFigures(oldFareFen: number, newFareFen: number, term: FeeTerm, type: 'voluntary' | 'involuntary'): ChangeFigures {
  if (type === 'involuntary')
    return { feePercent: 0, feeFen: 0, fareDiffFen: 0, dueFen: 0, backFen: 0, newTicketFareFen: Math.max(oldFareFen, newFareFen), allowed: true }
  const feeFen = feeYuan((oldFareFen * term.feePercent) / 100)
  const base = { feePercent: term.feePercent, feeFen, allowed: term.allowed }
  if (newFareFen >= oldFareFen || !AIR_RULES.changeToLowerFareGivesBack) {
    const fareDiffFen = Math.max(0, newFareFen - oldFareFen)
    return { ...base, fareDiffFen, dueFen: feeFen + fareDiffFen, backFen: 0, newTicketFareFen: Math.max(oldFareFen, newFareFen) }
  }
  const dropFen = oldFareFen - newFareFen
  return { ...base, fareDiffFen: 0, dueFen: Math.max(0, feeFen - dropFen), backFen: Math.max(0, dropFen - feeFen), newTicketFareFen: newFareFen }
}

/** what a change gives back: its lines' backFen (lines recorded before it existed have none) */
export const changeBackFen = (lines: ReadonlyArray<{ backFen?: number }>): number => lines.reduce((s, l) => s + (l.backFen ?? 0), 0)

/** the term of a rule (refund or change terms of a cabin) for a time before departure */
export function termAt(terms: FeeTerm[], msBefore: number): FeeTerm {
  const w = ruleWindow(msBefore)
  return terms.find((t) => t.window === w) ?? { window: w, allowed: false, feePercent: 100 }
}
