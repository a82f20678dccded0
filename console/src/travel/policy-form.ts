/**
 * The travel policy form's values and checks: prices in yuan on the form, fen on the wire; the
 * patterns and numbers the server checks by (contracts/admin/travel-rules.ts), in the user's language.
 */
import type { FormRule } from 'antd'
import type { TravelPolicySettings } from '@contracts/admin/travel'
import { CITY_NAME, TRAVEL_POLICY_RULES as R } from '@contracts/admin/travel-rules'
import type { Translate } from '../lib/i18n'

export type PolicyForm = Omit<TravelPolicySettings, 'flightMaxPriceFen' | 'rangeCities'> & {
  flightMaxPriceYuan: number | null
  /** empty: anywhere */
  rangeCities: string[]
}

export const formOf = (p: TravelPolicySettings): PolicyForm => {
  const { flightMaxPriceFen, rangeCities, ...rest } = p
  return { ...rest, flightMaxPriceYuan: flightMaxPriceFen === null ? null : flightMaxPriceFen / 100, rangeCities: rangeCities ?? [] }
}

export const policyOf = (f: PolicyForm): TravelPolicySettings => {
  const { flightMaxPriceYuan, rangeCities, ...rest } = f
  return {
    ...rest,
    flightMaxDiscountPercent: rest.flightMaxDiscountPercent ?? null,
    flightMaxPriceFen: flightMaxPriceYuan === null || flightMaxPriceYuan === undefined ? null : Math.round(flightMaxPriceYuan * 100),
    rangeCities: rangeCities?.length ? rangeCities : null,
  }
}

const atLeastOne = (message: string): FormRule => ({
  validator: (_: unknown, v: unknown[] | undefined) => ((v?.length ?? 0) > 0 ? Promise.resolve() : Promise.reject(new Error(message))),
})

export const policyRules = (t: Translate) => ({
  discount: [
    { type: 'number', min: R.discountPercent.min, max: R.discountPercent.max, message: t('travel.invalid.discount', R.discountPercent) },
  ] as FormRule[],
  price: [{ type: 'number', min: R.priceYuan.min, max: R.priceYuan.max, message: t('travel.invalid.price', R.priceYuan) }] as FormRule[],
  payers: [atLeastOne(t('travel.invalid.payers'))],
  cities: [
    {
      validator: (_: unknown, v: string[] | undefined) =>
        (v ?? []).every((c) => CITY_NAME.test(c)) && (v?.length ?? 0) <= R.cities.max
          ? Promise.resolve()
          : Promise.reject(new Error(t('travel.invalid.cities', { max: R.cities.max }))),
    },
  ] as FormRule[],
})
