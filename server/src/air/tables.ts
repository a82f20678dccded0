/**
 * Air tickets: orders, their passengers and status history, the notices an event shows on
 * flights (spec §9 dated rules), and the airline sandbox's own seat and booking records (the
 * sandbox keeps its inventory in the database so seats run out across instances and restarts,
 * and 200 attendees racing for the last seat get one sale).
 */
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar, boolean } from 'drizzle-orm/pg-core'
import type { AirOrderStatus, AirDocumentType, AirSex, CabinClass, PassengerType, PayMethod } from '@contracts/air'
import type { AirTicketStatus, FareBreakdown, FlightView, PriceView } from '@contracts/calls/flight'
import type { PolicyVerdict } from '@contracts/calls/travel'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const airOrders = pgTable(
  'air_orders',
  {
    id: serial('id').primaryKey(),
    orderCode: varchar('order_code', { length: 32 }).notNull(),
    userId: integer('user_id').notNull(),
    eventId: integer('event_id').notNull(),
    /** written only through air/rules/order-machine.ts */
    status: varchar('status', { length: 24 }).$type<AirOrderStatus>().notNull(),
    /** the flight as booked (a snapshot: the schedule may change later) */
    flight: jsonb('flight').$type<FlightView>().notNull(),
    departureAt: ts('departure_at').notNull(),
    cabinCode: varchar('cabin_code', { length: 2 }).notNull(),
    cabinClass: varchar('cabin_class', { length: 20 }).$type<CabinClass>().notNull(),
    /** the airline's booking reference (PNR) */
    pnr: varchar('pnr', { length: 16 }).notNull(),
    contactName: varchar('contact_name', { length: 60 }).notNull(),
    contactMobile: varchar('contact_mobile', { length: 20 }).notNull(),
    contactEmail: varchar('contact_email', { length: 254 }).notNull(),
    remark: varchar('remark', { length: 200 }).notNull(),
    price: jsonb('price').$type<PriceView>().notNull(),
    totalFen: integer('total_fen').notNull(),
    payDeadline: ts('pay_deadline').notNull(),
    paidBy: varchar('paid_by', { length: 16 }).$type<PayMethod>(),
    paidAt: ts('paid_at'),
    /** the travel policy's verdict when booked, and the attendee's reason when outside it */
    policy: jsonb('policy').$type<PolicyVerdict>().notNull(),
    overPolicyReason: varchar('over_policy_reason', { length: 200 }).notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /** removeTicketOrder: gone from the attendee's lists, kept for accounting */
    removedAt: ts('removed_at'),
  },
  (t) => [uniqueIndex('air_orders_code_uq').on(t.orderCode), index('air_orders_owner_idx').on(t.userId, t.eventId, t.createdAt)],
)

export const airPassengers = pgTable(
  'air_passengers',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => airOrders.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    passengerType: varchar('passenger_type', { length: 8 }).$type<PassengerType>().notNull(),
    documentType: varchar('document_type', { length: 32 }).$type<AirDocumentType>().notNull(),
    documentNumber: varchar('document_number', { length: 32 }).notNull(),
    sex: varchar('sex', { length: 16 }).$type<AirSex>().notNull(),
    birthDate: varchar('birth_date', { length: 10 }).notNull(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    insurance: boolean('insurance').notNull(),
    contactKey: varchar('contact_key', { length: 40 }).notNull(),
    fare: jsonb('fare').$type<FareBreakdown>().notNull(),
    /** the e-ticket number once drawn; '' before */
    ticketNo: varchar('ticket_no', { length: 20 }).notNull().default(''),
    sort: integer('sort').notNull(),
    /** the ticket's state after it was drawn (refunds and changes) */
    ticketStatus: varchar('ticket_status', { length: 12 }).$type<AirTicketStatus>().notNull().default('notIssued'),
    /** after a change: the new flight, cabin, booking reference and fare (what was paid for it); null: the order's */
    segment: jsonb('segment').$type<FlightView>(),
    segmentCabin: varchar('segment_cabin', { length: 2 }),
    segmentPnr: varchar('segment_pnr', { length: 16 }),
    segmentFare: jsonb('segment_fare').$type<FareBreakdown>(),
    /** changes made to this ticket (the rules allow airRules.maxChangesPerTicket) */
    changeCount: integer('change_count').notNull().default(0),
  },
  (t) => [index('air_passengers_order_idx').on(t.orderId, t.sort)],
)

/** every status an order went through (the timeline) */
export const airOrderEvents = pgTable(
  'air_order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => airOrders.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 24 }).$type<AirOrderStatus>().notNull(),
    at: ts('at').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [index('air_order_events_order_idx').on(t.orderId, t.id)],
)

/** notices an event shows on flights touching some cities within some dates (spec §9) */
export const airNotices = pgTable(
  'air_notices',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id').notNull(),
    level: varchar('level', { length: 8 }).$type<'warning' | 'info'>().notNull(),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    bodyZh: text('body_zh').notNull(),
    bodyEn: text('body_en').notNull(),
    /** IATA city codes it applies to (departure or arrival); [] for every flight */
    cityCodes: jsonb('city_codes').$type<string[]>().notNull(),
    /** first and last departure date it applies to, 'YYYY-MM-DD' */
    validFrom: varchar('valid_from', { length: 10 }).notNull(),
    validTo: varchar('valid_to', { length: 10 }).notNull(),
  },
  (t) => [index('air_notices_event_idx').on(t.eventId)],
)

// --- the airline sandbox's records (air/airline/sandbox.ts) --------------------------------

/** seats sold per flight and cabin (the capacity is the sandbox's deterministic schedule) */
export const airSandboxSeats = pgTable(
  'air_sandbox_seats',
  {
    flightKey: varchar('flight_key', { length: 40 }).notNull(),
    cabinCode: varchar('cabin_code', { length: 2 }).notNull(),
    sold: integer('sold').notNull(),
  },
  (t) => [primaryKey({ columns: [t.flightKey, t.cabinCode] })],
)

export const airSandboxBookings = pgTable(
  'air_sandbox_bookings',
  {
    pnr: varchar('pnr', { length: 16 }).primaryKey(),
    /** the booking's client reference: holding again with it answers the same PNR */
    clientRef: varchar('client_ref', { length: 120 }).notNull(),
    flightKey: varchar('flight_key', { length: 40 }).notNull(),
    cabinCode: varchar('cabin_code', { length: 2 }).notNull(),
    seats: integer('seats').notNull(),
    /** held, released, issuing, issued, failed */
    status: varchar('status', { length: 12 }).notNull(),
    /** decided when issuing starts (the sandbox's switch at that moment): issue or fail */
    outcome: varchar('outcome', { length: 8 }),
    issueDueAt: ts('issue_due_at'),
    ticketNos: jsonb('ticket_nos').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('air_sandbox_bookings_ref_uq').on(t.clientRef)],
)
