/**
 * The event's travel policy (spec §7 "Travel rules", §4 train policy): what the company pays for.
 * Every event has its own policy (set by the organiser; the demo event's is seeded): seat classes
 * allowed per train type, flight cabin classes, discount and price caps, which products the
 * attendee sees, the cities a trip may start or end in, who may pay, and what happens outside it
 * (refused, or allowed with a reason the attendee writes). The server checks every order against
 * it (server/src/travel/rules/travel-policy.ts); these calls let the screens show it before submitting.
 *
 * orderVerify/flightOrderVerify is declared with the air calls (it checks a flight offer with the same
 * policy); restsShow/getDetail with the event-day calls.
 */
import { defineCall, type EmptyRequest } from '../call'
import type { SeatType, TrainPayer, TrainType } from '../train'

export type TravelProduct = 'train' | 'flight'

/** flight cabin classes, cheapest first */
export const CABIN_CLASSES = ['economy', 'premiumEconomy', 'business', 'first'] as const
export type CabinClass = (typeof CABIN_CLASSES)[number]

/**
 * What happens to an offer outside the policy: 'block' refuses it; 'reason' lets the attendee book
 * it after writing why (kept on the order for the company's travel desk).
 */
export type OverPolicyMode = 'block' | 'reason'

export interface TravelStandard {
  overPolicy: OverPolicyMode
  train: {
    /** the seat classes the company pays for, per train type; a type missing or empty: none of its seats */
    seatsByTrainType: Partial<Record<TrainType, SeatType[]>>
  }
  flight: {
    /** cabin classes allowed */
    cabinClasses: CabinClass[]
    /** highest discount level allowed, in percent of the full economy fare (80 = 8折); null: no cap */
    maxDiscountPercent: number | null
    /** highest ticket price per passenger (fare, without taxes); null: no cap */
    maxPriceFen: number | null
  }
  /** who may pay: the company account, the attendee by WeChat Pay, or both */
  payers: TrainPayer[]
  /** the reasons to pick from for an order outside the policy, in the caller's language; empty: typed freely */
  overPolicyReasons?: string[]
}
/** the caller's event's travel standard (oneWayReservation shows it next to the seat picker) */
export const getTravelStandard = defineCall<EmptyRequest, TravelStandard>({
  path: '/api/travel/standardSetting/getSeat',
  auth: 'required',
})

export interface ProductVisibility {
  product: TravelProduct
  /** false: the travel page hides this product and its calls answer ETRAVEL1001 */
  visible: boolean
}
/** which travel products the attendee sees (the travel page's entries) */
export const listVisibilityRule = defineCall<EmptyRequest, ProductVisibility[]>({
  path: '/api/travel/productVisibilityRule/listVisibilityRule',
  auth: 'required',
})

/** one thing an offer breaks */
export interface PolicyBreach {
  rule: 'trainSeatType' | 'flightCabinClass' | 'flightDiscount' | 'flightPrice' | 'route' | 'product'
  /** what breaks, in the caller's language: '二等座以上不在差旅标准内（G字头：二等座）' */
  text: string
}

export interface PolicyVerdict {
  withinPolicy: boolean
  /** what the event does when it is not: refuse, or ask for a reason */
  overPolicy: OverPolicyMode
  breaches: PolicyBreach[]
}

export interface TrainOrderVerifyRequest {
  trainCode: string
  date: string
  fromStationCode: string
  toStationCode: string
  seatType: SeatType
}
/** check a train offer against the policy before submitting (oneWayReservation shows the breaches) */
export const trainOrderVerify = defineCall<TrainOrderVerifyRequest, PolicyVerdict>({
  path: '/api/travel/orderVerify/trainOrderVerify',
  auth: 'required',
})

export interface AvailableRangeRequest {
  product: TravelProduct
}
export interface RangeCity {
  /** the city as the railway's station list names it ('北京'); airports use the same names */
  name: string
  nameEn: string
}
export interface AvailableRange {
  product: TravelProduct
  /** true: any city; `cities` is empty */
  unrestricted: boolean
  /**
   * the cities a trip must start or end in (the event's city and the organiser's list): limitCity
   * offers only these, and an order with neither end in them breaks the policy ('route')
   */
  cities: RangeCity[]
}
/** the allowed city range for the pickers (limitCity) */
export const listAvailableRange = defineCall<AvailableRangeRequest, AvailableRange>({
  path: '/api/travel/controlRule/listAvailableRange',
  auth: 'required',
})
