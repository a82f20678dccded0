/**
 * The travel-policy calls (contracts/calls/travel.ts) and the policy the train (and flight)
 * services check orders against.
 */
import type { AvailableRange, PolicyVerdict, ProductVisibility, TrainOrderVerifyRequest, TravelProduct, TravelStandard } from '@contracts/calls/travel'
import type { Lang } from '@contracts/messages'
import type { Deps } from '../deps'
import type { Queryable } from '../kernel/db/client'
import { AppError } from '../kernel/errors'
import { DEFAULT_TRAVEL_POLICY, checkTrainOffer, standardOf, verdictOf, type TravelPolicy } from './rules/travel-policy'
import { stations } from '../train/railway/stations'
import { findTravelPolicy, saveTravelPolicy } from './repositories/travel'
import type { Owner } from '../kernel/db/owned'
import { resolveSegment } from '../train/segments'

/** the event's policy, or the default one when the organiser set none */
export async function policyOf(q: Queryable, eventId: number): Promise<TravelPolicy> {
  return (await findTravelPolicy(q, eventId)) ?? DEFAULT_TRAVEL_POLICY
}

/**
 * policyOf through the policy cache (search-caches.ts): for the searches, outside any
 * transaction. A policy written through this process (saveEventTravelPolicy) is seen at once, one
 * written elsewhere within POLICY_CACHE_TTL_MS. Booking reads policyOf in its transaction.
 */
export async function cachedPolicyOf(deps: Pick<Deps, 'db' | 'searchCaches'>, eventId: number): Promise<TravelPolicy> {
  return (await deps.searchCaches.policies.get(eventId, () => policyOf(deps.db, eventId)))!
}

/**
 * Writes an event's travel policy (in `q`'s transaction, if any) and drops the cached one, at once
 * and again after the commit, so the next search or booking through this app reads it.
 */
export async function saveEventTravelPolicy(q: Queryable, deps: Pick<Deps, 'searchCaches'>, eventId: number, policy: TravelPolicy, now: Date): Promise<void> {
  await saveTravelPolicy(q, eventId, policy, now)
  deps.searchCaches.policiesChanged()
}

/** ETRAVEL1001 unless the event offers this product */
export function requireProduct(policy: TravelPolicy, product: TravelProduct): void {
  if (!policy.visibleProducts.includes(product)) throw new AppError('ETRAVEL1001')
}

export async function travelStandard(deps: Pick<Deps, 'db'>, owner: Owner, lang: Lang): Promise<TravelStandard> {
  return standardOf(await policyOf(deps.db, owner.eventId), lang)
}

export async function productVisibility(deps: Pick<Deps, 'db'>, owner: Owner): Promise<ProductVisibility[]> {
  const p = await policyOf(deps.db, owner.eventId)
  return (['train', 'flight'] as const).map((product) => ({ product, visible: p.visibleProducts.includes(product) }))
}

export async function availableRange(deps: Pick<Deps, 'db'>, owner: Owner, product: TravelProduct): Promise<AvailableRange> {
  const p = await policyOf(deps.db, owner.eventId)
  if (!p.rangeCities) return { product, unrestricted: true, cities: [] }
  const byCity = stations().byCity
  return {
    product,
    unrestricted: false,
    cities: p.rangeCities.map((name) => ({ name, nameEn: byCity.get(name)?.[0]?.cityNameEn ?? name })),
  }
}

export async function verifyTrainOffer(deps: Pick<Deps, 'db' | 'railway'>, owner: Owner, body: TrainOrderVerifyRequest, lang: Lang): Promise<PolicyVerdict> {
  const policy = await policyOf(deps.db, owner.eventId)
  const seg = resolveSegment(deps, body)
  if (!seg.train.seatTypes.includes(body.seatType)) throw new AppError('ETRAIN1028')
  return verdictOf(
    policy,
    checkTrainOffer(policy, { trainType: seg.train.trainType, seatType: body.seatType, fromCity: seg.from.cityName, toCity: seg.to.cityName }, lang),
  )
}
