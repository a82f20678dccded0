/** Field schemas of the air calls (contracts/calls/flight.ts); shared ones come from train-schemas.ts. */
import { z } from 'zod'
import { AIR_DOCUMENT_TYPES, AIR_SEXES, PASSENGER_TYPES } from '@contracts/air'
import { AIR_AFTER_SALE_REASONS, AIR_AFTER_SALE_TYPES, type AirAfterSaleReason } from '@contracts/calls/flight'
import { AIR_RULES } from './rules/air-rules'
import { DateField, IdempotencyKeyField, IdField } from '../train/schemas'

export { DateField, IdempotencyKeyField, IdField }

/** an IATA airport or city code */
export const AirportCodeField = z
  .string({ error: 'EAIR1001' })
  .trim()
  .regex(/^[A-Za-z]{3}$/, { error: 'EAIR1001' })

export const FlightRefField = z.object(
  {
    date: DateField,
    flightNo: z
      .string({ error: 'EAIR1003' })
      .trim()
      .regex(/^[A-Za-z0-9]{2}\d{1,4}$/, { error: 'EAIR1003' }),
    depAirport: AirportCodeField,
    arrAirport: AirportCodeField,
  },
  { error: 'EAIR1003' },
)

export const CabinCodeField = z
  .string({ error: 'EAIR1005' })
  .trim()
  .regex(/^[A-Za-z]$/, { error: 'EAIR1005' })

/** a passenger as typed: shapes only; what the values mean is air/rules/passengers.ts's (with the passenger's name in the message) */
export const PassengerField = z.object(
  {
    name: z.string({ error: 'EAIR1101' }).max(60, { error: 'EAIR1110' }),
    documentType: z.enum(AIR_DOCUMENT_TYPES, { error: 'EVAL0007' }),
    documentNumber: z.string({ error: 'EVAL0007' }).max(32, { error: 'EVAL0007' }),
    sex: z.enum(AIR_SEXES, { error: 'EAIR1110' }),
    birthDate: z
      .string({ error: 'EAIR1110' })
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'EAIR1110' }),
    mobile: z.string({ error: 'EAIR1110' }).trim().max(20, { error: 'EAIR1110' }),
    insurance: z.boolean({ error: 'EAIR1110' }),
    contactKey: z.string({ error: 'EAIR1110' }).max(40, { error: 'EAIR1110' }),
    ticketType: z.enum(PASSENGER_TYPES, { error: 'EAIR1110' }).optional(),
  },
  { error: 'EAIR1110' },
)

export const ContactField = z.object(
  {
    name: z.string({ error: 'EAIR1201' }).max(60, { error: 'EAIR1201' }),
    mobile: z.string({ error: 'EAIR1202' }).max(20, { error: 'EAIR1203' }),
    email: z.string({ error: 'EAIR1204' }).max(254, { error: 'EAIR1204' }),
  },
  { error: 'EAIR1201' },
)

// --- after-sales -------------------------------------------------------------------------

/** spec §3 "refunder" / "resigner": 1-9 passenger ids of the order (which ones: the service checks) */
export const PassengerIdsField = z.array(IdField, { error: 'EAIR1034' }).max(AIR_RULES.maxPassengers, { error: 'EAIR1034' })
const isReason = (v: unknown): v is AirAfterSaleReason =>
  typeof v === 'string' && Object.values(AIR_AFTER_SALE_REASONS).some((l) => (l as readonly string[]).includes(v))
/** spec §5 "refund type and reason required" (EAIR1039) / the change's type and cause (EAIR1045) */
export const afterSaleTypeField = (msgId: 'EAIR1039' | 'EAIR1045') => z.enum(AIR_AFTER_SALE_TYPES, { error: msgId })
export const afterSaleReasonField = (msgId: 'EAIR1039' | 'EAIR1045') => z.custom<AirAfterSaleReason>(isReason, { error: msgId })
export const ReasonTextField = z.string({ error: 'EAIR1046' }).max(1000, { error: 'EAIR1046' })
export const AmountFenField = z.number({ error: 'EVAL0001' }).int({ error: 'EVAL0001' }).min(0, { error: 'EVAL0001' }).max(100_000_000, { error: 'EVAL0001' })
