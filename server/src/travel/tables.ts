/**
 * Each event's travel policy (contracts/calls/travel.ts): what the company pays for, checked by
 * travel/rules/travel-policy.ts on every train and flight order. One row per event; an event without a
 * row has the default policy (travel/rules/travel-policy.ts DEFAULT_TRAVEL_POLICY).
 */
import { integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'
import type { CabinClass, OverPolicyMode, TravelProduct } from '@contracts/calls/travel'
import type { SeatType, TrainPayer, TrainType } from '@contracts/train'
import type { TrainRulesProfileId } from '../train/rules/train-rules'
import type { OverPolicyReason } from '@contracts/admin/travel'

export const travelPolicies = pgTable('travel_policies', {
  eventId: integer('event_id').primaryKey(),
  overPolicy: varchar('over_policy', { length: 8 }).$type<OverPolicyMode>().notNull(),
  /** seat classes paid for, per train type */
  trainSeats: jsonb('train_seats').$type<Partial<Record<TrainType, SeatType[]>>>().notNull(),
  flightCabinClasses: jsonb('flight_cabin_classes').$type<CabinClass[]>().notNull(),
  /** percent of the full economy fare; null: no cap */
  flightMaxDiscountPercent: integer('flight_max_discount_percent'),
  flightMaxPriceFen: integer('flight_max_price_fen'),
  payers: jsonb('payers').$type<TrainPayer[]>().notNull(),
  visibleProducts: jsonb('visible_products').$type<TravelProduct[]>().notNull(),
  /** railway city names a trip may start and end in; null: anywhere */
  rangeCities: jsonb('range_cities').$type<string[] | null>(),
  /** which row of train/rules/train-rules.ts the event's train orders follow */
  /** the reasons offered for an order outside the policy, zh and en; [] : typed freely */
  overPolicyReasons: jsonb('over_policy_reasons').$type<OverPolicyReason[]>().notNull().default([]),
  trainRulesProfile: varchar('train_rules_profile', { length: 16 }).$type<TrainRulesProfileId>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
})
