/** The shapes of a travel policy an organiser types: checked alike by the console's form and by the server. */

export const TRAVEL_POLICY_RULES = {
  /** a flight discount cap, percent of the full economy fare */
  discountPercent: { min: 1, max: 100 },
  /** a flight price cap in yuan (the form's unit; fen on the wire) */
  priceYuan: { min: 1, max: 100_000 },
  /** railway city names a trip may start and end in */
  cities: { max: 100, nameMax: 20 },
  /** the reasons offered for an order outside the policy: how many, and each one's length in either language */
  overPolicyReasons: { max: 10, textMax: 40 },
} as const

/** a railway city name as the station list spells it: Chinese characters (北京, 乌鲁木齐) */
export const CITY_NAME = /^[\u4e00-\u9fa5]{1,20}$/

export const TRAIN_RULES_PROFILES = ['spec', 'railway2024'] as const
