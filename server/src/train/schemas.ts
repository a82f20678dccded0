/** Field schemas of the train and travel calls (kernel/http/schemas.ts has the shared ones). */
import { z } from 'zod'
import { DOCUMENT_TYPES } from '@contracts/documents'
import { PASSENGER_TYPES, SEAT_CHOICES, SEAT_TYPES } from '@contracts/train'
import { IDEMPOTENCY_KEY_PATTERN } from '../kernel/http/idempotency'
import { hasNoNul } from '../kernel/http/schemas'

/** a real calendar date 'YYYY-MM-DD' */
export const DateField = z
  .string({ error: 'EVAL0001' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'EVAL0001' })
  .refine(
    (s) => {
      const d = new Date(`${s}T00:00:00Z`)
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
    },
    { error: 'EVAL0001' },
  )

/** a railway telegraph code */
export const StationCodeField = z.string({ error: 'EVAL0001' }).regex(/^[A-Z]{3}$/, { error: 'ETRAIN1026' })
export const TrainCodeField = z.string({ error: 'EVAL0001' }).max(24, { error: 'ETRAIN1026' }).refine(hasNoNul, { error: 'EVAL0001' })
export const SeatTypeField = z.enum(SEAT_TYPES, { error: 'EVAL0001' })
export const IdField = z.number({ error: 'EVAL0001' }).int({ error: 'EVAL0001' }).min(1, { error: 'EVAL0001' }).max(2_147_483_647, { error: 'ESYS0004' })
export const IdempotencyKeyField = z.string({ error: 'EVAL0001' }).regex(IDEMPOTENCY_KEY_PATTERN, { error: 'EVAL0001' })
export const DocumentTypeField = z.enum(DOCUMENT_TYPES, { error: 'EVAL0007' })
export const PassengerTypeField = z.enum(PASSENGER_TYPES, { error: 'ETRAIN1019' })

/** a train, its date and the segment: the fields every call about one train shares */
export const TrainSegmentFields = {
  trainCode: TrainCodeField,
  date: DateField,
  fromStationCode: StationCodeField,
  toStationCode: StationCodeField,
}

export const OrderPassengerField = z.object({
  travellerId: IdField,
  passengerType: PassengerTypeField,
  heightCm: z.number({ error: 'EVAL0001' }).int({ error: 'EVAL0001' }).min(30, { error: 'EVAL0001' }).max(250, { error: 'EVAL0001' }).optional(),
  seatChoice: z.enum(SEAT_CHOICES as [string, ...string[]], { error: 'ETRAIN1033' }).optional() as z.ZodOptional<z.ZodType<(typeof SEAT_CHOICES)[number]>>,
})

/** a person's name as typed: trimmed, 1-60 */
export const ContactNameField = z.string({ error: 'ETRAIN1012' }).trim().max(60, { error: 'ETRAIN1012' }).refine(hasNoNul, { error: 'ETRAIN1012' })
export const MobileField = z.string({ error: 'EVAL0002' }).trim().max(20, { error: 'EVAL0002' }).refine(hasNoNul, { error: 'EVAL0002' })

// --- after-sales ---
/** 1-5 passengers of the order (the railway's tickets per order), ids */
export const PassengerIdsField = z.array(IdField, { error: 'ETRAIN1099' }).min(1, { error: 'ETRAIN1099' }).max(5, { error: 'EVAL0001' })
/** a free text beside a reason or cause picked from a list ('other') */
export const ReasonTextField = z.string({ error: 'EVAL0001' }).max(200, { error: 'EVAL0001' }).refine(hasNoNul, { error: 'EVAL0001' }).optional()
/** an amount the attendee saw, in fen */
export const ShownAmountField = z
  .number({ error: 'EVAL0001' })
  .int({ error: 'EVAL0001' })
  .min(-10_000_000, { error: 'EVAL0001' })
  .max(10_000_000, { error: 'EVAL0001' })
