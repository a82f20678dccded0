/** The console's travel policy as the server checks it, each field naming the message its caller sees (contracts/admin/travel-rules.ts). */
import { z } from 'zod'
import { CABIN_CLASSES } from '@contracts/calls/travel'
import { SEAT_TYPES, TRAIN_TYPES } from '@contracts/train'
import { CITY_NAME, TRAIN_RULES_PROFILES, TRAVEL_POLICY_RULES as R } from '@contracts/admin/travel-rules'

const unique = <T>(a: T[]): T[] => [...new Set(a)]
const Seats = z
  .array(z.enum(SEAT_TYPES, { error: 'EADM6002' }), { error: 'EADM6002' })
  .max(SEAT_TYPES.length * 2, { error: 'EADM6002' })
  .transform(unique)

const ReasonText = z
  .string({ error: 'EADM6011' })
  .trim()
  .min(1, { error: 'EADM6011' })
  .max(R.overPolicyReasons.textMax, { error: 'EADM6011' })
  .refine((s) => !s.includes('\u0000'), { error: 'EADM6011' })

export const TravelPolicySchema = z
  .object({
    overPolicy: z.enum(['block', 'reason'], { error: 'EADM6001' }),
    trainSeats: z.partialRecord(z.enum(TRAIN_TYPES, { error: 'EADM6002' }), Seats, { error: 'EADM6002' }),
    flightCabinClasses: z
      .array(z.enum(CABIN_CLASSES, { error: 'EADM6003' }), { error: 'EADM6003' })
      .max(8, { error: 'EADM6003' })
      .transform(unique),
    flightMaxDiscountPercent: z
      .number({ error: 'EADM6004' })
      .int({ error: 'EADM6004' })
      .min(R.discountPercent.min, { error: 'EADM6004' })
      .max(R.discountPercent.max, { error: 'EADM6004' })
      .nullable(),
    flightMaxPriceFen: z
      .number({ error: 'EADM6005' })
      .int({ error: 'EADM6005' })
      .min(R.priceYuan.min * 100, { error: 'EADM6005' })
      .max(R.priceYuan.max * 100, { error: 'EADM6005' })
      .nullable(),
    payers: z
      .array(z.enum(['company', 'attendee'], { error: 'EADM6006' }), { error: 'EADM6006' })
      .min(1, { error: 'EADM6006' })
      .max(4, { error: 'EADM6006' })
      .transform(unique),
    visibleProducts: z
      .array(z.enum(['train', 'flight'], { error: 'EADM6007' }), { error: 'EADM6007' })
      .max(4, { error: 'EADM6007' })
      .transform(unique),
    rangeCities: z
      .array(z.string({ error: 'EADM6008' }).trim().regex(CITY_NAME, { error: 'EADM6008' }), { error: 'EADM6008' })
      .max(R.cities.max, { error: 'EADM6008' })
      .transform(unique)
      .nullable(),
    trainRulesProfile: z.enum(TRAIN_RULES_PROFILES, { error: 'EADM6010' }),
    overPolicyReasons: z
      .array(z.object({ zh: ReasonText, en: ReasonText }, { error: 'EADM6011' }).strict(), { error: 'EADM6011' })
      .max(R.overPolicyReasons.max, { error: 'EADM6011' }),
  })
  .strict()
