import type { PassengerType } from '@contracts/air'
import type { PriceLine, PriceView } from '@contracts/calls/flight/booking'
import type { CabinView } from '@contracts/calls/flight/search'
import type { PolicyVerdict } from '@contracts/calls/travel'
import { AIR_CLIENT_RULES } from './rules'

const TYPES: PassengerType[] = ['adult', 'child', 'infant']

/**
 * The price shown before booking (spec §9: fare + tax + fuel fee + airport construction fee, plus
 * the 20-yuan insurance per insured passenger), as lines like the server's PriceView: one line per
 * kind and passenger type, so the screen shows the breakdown the order will hold.
 */
export function priceOf(cabin: CabinView, passengers: Array<{ type: PassengerType; insurance: boolean }>): PriceView {
  const lines: PriceLine[] = []
  const sums = { fareFen: 0, taxFen: 0, fuelFeeFen: 0, constructionFeeFen: 0, insuranceFen: 0 }
  for (const type of TYPES) {
    const count = passengers.filter((p) => p.type === type).length
    if (count === 0) continue
    const fare = cabin[type]
    const add = (kind: PriceLine['kind'], unitFen: number, sum: keyof typeof sums) => {
      if (unitFen <= 0) return
      lines.push({ kind, passengerType: type, unitFen, count, amountFen: unitFen * count })
      sums[sum] += unitFen * count
    }
    add('fare', fare.fareFen, 'fareFen')
    add('tax', fare.taxFen, 'taxFen')
    add('fuelFee', fare.fuelFeeFen, 'fuelFeeFen')
    add('constructionFee', fare.constructionFeeFen, 'constructionFeeFen')
  }
  const insured = passengers.filter((p) => p.insurance).length
  if (insured > 0) {
    const unitFen = AIR_CLIENT_RULES.insuranceFen
    lines.push({ kind: 'insurance', passengerType: null, unitFen, count: insured, amountFen: unitFen * insured })
    sums.insuranceFen = unitFen * insured
  }
  const totalFen = sums.fareFen + sums.taxFen + sums.fuelFeeFen + sums.constructionFeeFen + sums.insuranceFen
  return { lines, ...sums, totalFen }
}

/**
 * The travel policy on this very offer: its fresh verdict (flightOrderVerify), else the mark the
 * cabin came with; outside it, the event asks for a reason or blocks the booking.
 */
export function bookingPolicyOf(
  verdict: PolicyVerdict | null | undefined,
  cabin: CabinView | undefined,
): { policy: PolicyVerdict | null; needsReason: boolean; blocked: boolean } {
  const policy = verdict ?? cabin?.policy ?? null
  return {
    policy,
    needsReason: !!policy && !policy.withinPolicy && policy.overPolicy === 'reason',
    blocked: !!policy && !policy.withinPolicy && policy.overPolicy === 'block',
  }
}
