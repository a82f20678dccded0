/** Field schemas of the air calls (contracts/calls/flight.ts); shared ones come from train-schemas.ts. */
import { z } from 'zod'
import { AIR_DOCUMENT_TYPES, AIR_SEXES } from '@contracts/air'
import { DateField, IdempotencyKeyField, IdField } from './train-schemas'

export { DateField, IdempotencyKeyField, IdField }

/** an IATA airport or city code */
export const AirportCodeField = z.string({ error: 'EAIR1001' }).trim().regex(/^[A-Za-z]{3}$/, { error: 'EAIR1001' })

export const FlightRefField = z.object(
  {
    date: DateField,
    flightNo: z.string({ error: 'EAIR1003' }).trim().regex(/^[A-Za-z0-9]{2}\d{1,4}$/, { error: 'EAIR1003' }),
    depAirport: AirportCodeField,
    arrAirport: AirportCodeField,
  },
  { error: 'EAIR1003' },
)

export const CabinCodeField = z.string({ error: 'EAIR1005' }).trim().regex(/^[A-Za-z]$/, { error: 'EAIR1005' })

/** a passenger as typed: shapes only; what the values mean is domain/air-passengers.ts's (with the passenger's name in the message) */
export const PassengerField = z.object(
  {
    name: z.string({ error: 'EAIR1101' }).max(60, { error: 'EAIR1110' }),
    documentType: z.enum(AIR_DOCUMENT_TYPES, { error: 'EVAL0007' }),
    documentNumber: z.string({ error: 'EVAL0007' }).max(32, { error: 'EVAL0007' }),
    sex: z.enum(AIR_SEXES, { error: 'EAIR1110' }),
    birthDate: z.string({ error: 'EAIR1110' }).trim().regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'EAIR1110' }),
    mobile: z.string({ error: 'EAIR1110' }).trim().max(20, { error: 'EAIR1110' }),
    insurance: z.boolean({ error: 'EAIR1110' }),
    contactKey: z.string({ error: 'EAIR1110' }).max(40, { error: 'EAIR1110' }),
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
