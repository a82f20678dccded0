/**
 * An event's travel policy as the console edits it (owner, organiser, travel desk: 'travel.edit';
 * every role reads it). Saved through saveEventTravelPolicy, which drops the searches' cached copy,
 * with its audit row (travel.policy, the fields before and after) in the same transaction. A city
 * must be one the railway's station list knows, else the policy could never be met.
 */
import type { AdminTravelPolicy, TravelPolicySettings } from '@contracts/admin/travel'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Deps } from '../deps'
import { AppError } from '../kernel/errors'
import { recordChange } from '../audit/record'
import { lockEventRow } from '../events/events'
import { eventForStaff } from '../staff/access'
import type { StaffSession } from '../staff/sessions'
import { stations } from '../train/railway/stations'
import { findTravelPolicy } from './repositories/travel'
import { DEFAULT_TRAVEL_POLICY, type TravelPolicy } from './rules/travel-policy'
import { saveEventTravelPolicy } from './travel'

const settingsOf = (p: TravelPolicy): TravelPolicySettings => ({ ...p, trainSeats: { ...p.trainSeats } })

export async function policyForConsole(deps: Pick<Deps, 'db'>, session: StaffSession, eventCode: string): Promise<AdminTravelPolicy> {
  const { event } = await eventForStaff(deps.db, session, eventCode, ROLE_PERMISSIONS['event.read'])
  const saved = await findTravelPolicy(deps.db, event.id)
  return { policy: settingsOf(saved ?? DEFAULT_TRAVEL_POLICY), saved: !!saved }
}

export async function savePolicyFromConsole(
  deps: Pick<Deps, 'db' | 'now' | 'searchCaches'>,
  session: StaffSession,
  req: { eventCode: string; policy: TravelPolicySettings },
): Promise<AdminTravelPolicy> {
  const byCity = stations().byCity
  const unknown = (req.policy.rangeCities ?? []).find((c) => !byCity.has(c))
  if (unknown) throw new AppError('EADM6009', 200, { city: unknown })
  return deps.db.transaction(async (tx) => {
    const { event } = await eventForStaff(tx, session, req.eventCode, ROLE_PERMISSIONS['travel.edit'])
    await lockEventRow(tx, event.id)
    const now = deps.now()
    const before = (await findTravelPolicy(tx, event.id)) ?? DEFAULT_TRAVEL_POLICY
    const after: TravelPolicy = { ...req.policy }
    await saveEventTravelPolicy(tx, deps, event.id, after, now)
    await recordChange(tx, {
      staffId: session.staff.id,
      eventId: event.id,
      action: 'travel.policy',
      target: event.eventCode,
      before: { ...before },
      after: { ...after },
      at: now,
    })
    return { policy: settingsOf(after), saved: true }
  })
}
