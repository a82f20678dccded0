/** The console's travel policy calls: an event's policy read and saved (travel/rules/travel-policy.ts). */
import { defineCall } from '../call'
import type { CabinClass, OverPolicyMode, TravelProduct } from '../calls/travel'
import type { SeatType, TrainPayer, TrainType } from '../train'
import type { TRAIN_RULES_PROFILES } from './travel-rules'

/** a reason the attendee may pick for an order outside the policy, in both languages */
export interface OverPolicyReason {
  zh: string
  en: string
}

/** what the company pays for at an event; prices in fen */
export interface TravelPolicySettings {
  /** outside the policy: refused (block) or allowed with a reason the attendee gives (reason) */
  overPolicy: OverPolicyMode
  /** seat classes paid for, per train type (a type left out: none) */
  trainSeats: Partial<Record<TrainType, SeatType[]>>
  flightCabinClasses: CabinClass[]
  /** percent of the full economy fare (80 = 8折); null: no cap */
  flightMaxDiscountPercent: number | null
  /** fare per passenger, without taxes; null: no cap */
  flightMaxPriceFen: number | null
  payers: TrainPayer[]
  /** the products the attendee app offers */
  visibleProducts: TravelProduct[]
  /** railway city names a trip starts and ends in; null: anywhere */
  rangeCities: string[] | null
  /**
   * the reasons the attendee picks from when an order is outside the policy (with 'reason'); a
   * pick fills the reason, which the attendee may still add to. Empty: they type one.
   */
  overPolicyReasons: OverPolicyReason[]
  /** the railway's rules the event's train orders follow */
  trainRulesProfile: (typeof TRAIN_RULES_PROFILES)[number]
}

export interface AdminTravelPolicy {
  policy: TravelPolicySettings
  /** false: the event has set none and `policy` is the default */
  saved: boolean
}

export const getAdminTravelPolicy = defineCall<{ eventCode: string }, AdminTravelPolicy>({ path: '/api/admin/travel/policy/get', auth: 'staff' })
export const saveAdminTravelPolicy = defineCall<{ eventCode: string; policy: TravelPolicySettings }, AdminTravelPolicy>({
  path: '/api/admin/travel/policy/save',
  auth: 'staff',
})
