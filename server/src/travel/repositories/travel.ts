/** travel_policies: one event's travel policy (travel/rules/travel-policy.ts). */
import { eq } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { travelPolicies } from '../../kernel/db/schema'
import type { TravelPolicy } from '../rules/travel-policy'

export async function findTravelPolicy(q: Queryable, eventId: number): Promise<TravelPolicy | null> {
  const [row] = await q.select().from(travelPolicies).where(eq(travelPolicies.eventId, eventId))
  if (!row) return null
  const { eventId: _e, updatedAt: _u, ...policy } = row
  return policy
}

export async function saveTravelPolicy(q: Queryable, eventId: number, policy: TravelPolicy, now: Date): Promise<void> {
  await q
    .insert(travelPolicies)
    .values({ eventId, ...policy, updatedAt: now })
    .onConflictDoUpdate({ target: travelPolicies.eventId, set: { ...policy, updatedAt: now } })
}
