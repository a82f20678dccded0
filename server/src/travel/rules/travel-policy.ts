/**
 * The travel policy as pure rules: does a train offer or a flight offer fit what the company pays
 * for? Each breach comes with its text in the caller's language. The train half serves
 * orderVerify/trainOrderVerify and orderInfo/save; the flight half is for orderVerify/
 * flightOrderVerify and flight booking.
 */
import type { CabinClass, PolicyBreach, PolicyVerdict, TravelProduct, TravelStandard } from '@contracts/calls/travel'
import { CABIN_CLASS_NAMES, SEAT_TYPE_NAMES } from '@contracts/messages-train'
import { messageText, type Lang } from '@contracts/messages'
import { TRAIN_TYPES, type SeatType, type TrainType } from '@contracts/train'
import type { TravelPolicySettings } from '@contracts/admin/travel'

/** what the company pays for at an event (one row per event: travel/tables.ts) */
export type TravelPolicy = TravelPolicySettings

/** an event that has not set a policy: everything allowed, both payers, the spec's rules */
export const DEFAULT_TRAVEL_POLICY: TravelPolicy = {
  overPolicy: 'reason',
  trainSeats: {
    G: ['business', 'first', 'second', 'noSeat'],
    D: ['first', 'second', 'softSleeper', 'noSeat'],
    C: ['first', 'second', 'noSeat'],
    Z: ['softSleeper', 'hardSleeper', 'hardSeat', 'noSeat'],
    T: ['softSleeper', 'hardSleeper', 'hardSeat', 'noSeat'],
    K: ['softSleeper', 'hardSleeper', 'hardSeat', 'noSeat'],
  },
  flightCabinClasses: ['economy', 'premiumEconomy', 'business', 'first'],
  flightMaxDiscountPercent: null,
  flightMaxPriceFen: null,
  payers: ['company', 'attendee'],
  visibleProducts: ['train', 'flight'],
  rangeCities: null,
  trainRulesProfile: 'spec',
  overPolicyReasons: [],
}

export interface TrainOfferForPolicy {
  trainType: TrainType
  seatType: SeatType
  /** railway city names of the boarding and leaving stations */
  fromCity: string
  toCity: string
}

export interface FlightOfferForPolicy {
  cabinClass: CabinClass
  /** price as a percent of the full economy fare (80 = 8折) */
  discountPercent: number
  /** fare per passenger, without taxes */
  priceFen: number
  /** city names (as the railway list names them: 北京, 上海 …) */
  fromCity: string
  toCity: string
}

const listSep = (lang: Lang) => (lang === 'zh' ? '、' : ', ')
const yuan = (fen: number) => (fen / 100).toFixed(fen % 100 === 0 ? 0 : 2)

function routeBreach(p: TravelPolicy, fromCity: string, toCity: string, lang: Lang): PolicyBreach[] {
  if (!p.rangeCities) return []
  if (p.rangeCities.includes(fromCity) && p.rangeCities.includes(toCity)) return []
  return [{ rule: 'route', text: messageText('ETRAVEL1105', lang, { cities: p.rangeCities.join(listSep(lang)) }) }]
}

function productBreach(p: TravelPolicy, product: TravelProduct, lang: Lang): PolicyBreach[] {
  return p.visibleProducts.includes(product) ? [] : [{ rule: 'product', text: messageText('ETRAVEL1001', lang) }]
}

/** what a train offer breaks (empty: inside the policy) */
export function checkTrainOffer(p: TravelPolicy, o: TrainOfferForPolicy, lang: Lang): PolicyBreach[] {
  const allowed = p.trainSeats[o.trainType] ?? []
  const seat: PolicyBreach[] = allowed.includes(o.seatType)
    ? []
    : [
        {
          rule: 'trainSeatType',
          text: messageText('ETRAVEL1101', lang, {
            trainType: o.trainType,
            seat: SEAT_TYPE_NAMES[o.seatType][lang],
            allowed: allowed.length ? allowed.map((s) => SEAT_TYPE_NAMES[s][lang]).join(listSep(lang)) : messageText('ETRAVEL1106', lang),
          }),
        },
      ]
  return [...productBreach(p, 'train', lang), ...seat, ...routeBreach(p, o.fromCity, o.toCity, lang)]
}

/** what a flight offer breaks (empty: inside the policy) */
export function checkFlightOffer(p: TravelPolicy, o: FlightOfferForPolicy, lang: Lang): PolicyBreach[] {
  const out: PolicyBreach[] = [...productBreach(p, 'flight', lang)]
  if (!p.flightCabinClasses.includes(o.cabinClass)) {
    out.push({
      rule: 'flightCabinClass',
      text: messageText('ETRAVEL1102', lang, {
        cabin: CABIN_CLASS_NAMES[o.cabinClass][lang],
        allowed: p.flightCabinClasses.length
          ? p.flightCabinClasses.map((c) => CABIN_CLASS_NAMES[c][lang]).join(listSep(lang))
          : messageText('ETRAVEL1106', lang),
      }),
    })
  }
  if (p.flightMaxDiscountPercent !== null && o.discountPercent > p.flightMaxDiscountPercent) {
    out.push({ rule: 'flightDiscount', text: messageText('ETRAVEL1103', lang, { discount: o.discountPercent, max: p.flightMaxDiscountPercent }) })
  }
  if (p.flightMaxPriceFen !== null && o.priceFen > p.flightMaxPriceFen) {
    out.push({ rule: 'flightPrice', text: messageText('ETRAVEL1104', lang, { price: yuan(o.priceFen), max: yuan(p.flightMaxPriceFen) }) })
  }
  return [...out, ...routeBreach(p, o.fromCity, o.toCity, lang)]
}

export const verdictOf = (p: TravelPolicy, breaches: PolicyBreach[]): PolicyVerdict => ({
  withinPolicy: breaches.length === 0,
  overPolicy: p.overPolicy,
  breaches,
})

/** whether an order outside the policy may go on: never when blocked; with a reason otherwise */
export type OverPolicyDecision = 'inside' | 'blocked' | 'reasonMissing' | 'allowedWithReason'
export function overPolicyDecision(p: TravelPolicy, breaches: PolicyBreach[], reason: string): OverPolicyDecision {
  if (!breaches.length) return 'inside'
  // a product the event does not offer, or a trip outside its cities, is never a matter of a reason
  if (p.overPolicy === 'block' || breaches.some((b) => b.rule === 'product')) return 'blocked'
  return reason.trim() ? 'allowedWithReason' : 'reasonMissing'
}

/** the standard as the getSeat call shows it */
export const standardOf = (p: TravelPolicy, lang: Lang): TravelStandard => ({
  overPolicy: p.overPolicy,
  train: { seatsByTrainType: Object.fromEntries(TRAIN_TYPES.map((t) => [t, [...(p.trainSeats[t] ?? [])]])) },
  flight: { cabinClasses: [...p.flightCabinClasses], maxDiscountPercent: p.flightMaxDiscountPercent, maxPriceFen: p.flightMaxPriceFen },
  payers: [...p.payers],
  overPolicyReasons: p.overPolicy === 'reason' ? p.overPolicyReasons.map((r) => r[lang]) : [],
})
