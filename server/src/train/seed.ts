/**
 * Demo data of trains and travel, written by seed() on every start (idempotent):
 * DEMO's travel policy (second class on G/D/C, sleepers and seats on Z/T/K, economy flights up to
 * 8折 and ¥1,500, trips between the listed cities, over-policy with a reason), LOCKED on today's
 * railway rules (children by age), the railway sandbox's demo account (DEMO_RAILWAY_ACCOUNT) and
 * the demo attendee as their own saved traveller at DEMO.
 */
import { and, eq } from 'drizzle-orm'
import { hashPassword } from '../auth/rules/passwords'
import { DEFAULT_TRAVEL_POLICY, type TravelPolicy } from '../travel/rules/travel-policy'
import { DEMO_RAILWAY_ACCOUNT } from './railway'
import { ensureRailwayAccount } from './repositories/railway'
import { saveTravelPolicy } from '../travel/repositories/travel'
import type { AppDb } from '../kernel/db/client'
import { trainTravellers, travelPolicies } from '../kernel/db/schema'

export const DEMO_TRAVEL_POLICY: TravelPolicy = {
  overPolicy: 'reason',
  trainSeats: {
    G: ['second', 'noSeat'],
    D: ['second', 'noSeat'],
    C: ['second', 'noSeat'],
    Z: ['softSleeper', 'hardSleeper', 'hardSeat', 'noSeat'],
    T: ['hardSleeper', 'hardSeat', 'noSeat'],
    K: ['hardSleeper', 'hardSeat', 'noSeat'],
  },
  flightCabinClasses: ['economy'],
  flightMaxDiscountPercent: 80,
  flightMaxPriceFen: 150_000,
  payers: ['company', 'attendee'],
  visibleProducts: ['train', 'flight'],
  rangeCities: ['上海', '北京', '广州', '深圳', '杭州', '南京', '苏州', '天津', '武汉', '成都', '西安', '济南', '重庆', '长沙'],
  trainRulesProfile: 'spec',
  overPolicyReasons: [
    { zh: '合适的车次或航班已售完', en: 'Suitable trains or flights sold out' },
    { zh: '会议日程需要', en: 'The event schedule needs it' },
    { zh: '身体原因', en: 'Health reasons' },
  ],
}

let railwayHash: Promise<string> | null = null

export async function seedTrain(
  db: AppDb,
  now: Date,
  eventIds: Map<string, number>,
  demoUser: { id: number; name: string; idNumber: string; mobile: string },
): Promise<void> {
  // the organiser may have changed a policy since: set it only where none exists
  const policies: Array<[string, TravelPolicy]> = [
    ['DEMO', DEMO_TRAVEL_POLICY],
    ['LOCKED', { ...DEFAULT_TRAVEL_POLICY, trainRulesProfile: 'railway2024' }],
  ]
  for (const [code, policy] of policies) {
    const eventId = eventIds.get(code)
    if (eventId === undefined) continue
    const [has] = await db.select({ id: travelPolicies.eventId }).from(travelPolicies).where(eq(travelPolicies.eventId, eventId))
    if (!has) await saveTravelPolicy(db, eventId, policy, now)
  }

  railwayHash ??= hashPassword(DEMO_RAILWAY_ACCOUNT.password)
  await ensureRailwayAccount(db, DEMO_RAILWAY_ACCOUNT.account, await railwayHash, now)

  const demoEventId = eventIds.get('DEMO')
  if (demoEventId === undefined) return
  const [mine] = await db
    .select({ id: trainTravellers.id })
    .from(trainTravellers)
    .where(and(eq(trainTravellers.userId, demoUser.id), eq(trainTravellers.eventId, demoEventId)))
    .limit(1)
  if (!mine) {
    await db
      .insert(trainTravellers)
      .values({
        userId: demoUser.id,
        eventId: demoEventId,
        name: demoUser.name,
        documentType: 'idCard',
        documentNumber: demoUser.idNumber,
        passengerType: 'adult',
        mobile: demoUser.mobile,
        auditStatus: 'passed',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
  }
}
