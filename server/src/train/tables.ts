/**
 * Train tickets: railway logins, saved travellers, seat inventory of the railway
 * sandbox, orders with their passengers and timeline, grab requests.
 *
 * Seats: a train run is one train on one date in one seat class (`train_runs`), with the
 * sandbox's capacity and the seats the public holds (`others_sold`, seats 0..others_sold-1, whole
 * route). Our passengers hold one seat each for a segment of stops [from_idx, to_idx)
 * (`train_seat_holds`): a seat is free for a segment when no active hold on it overlaps, so a seat
 * sold Beijing→Jinan is still free Jinan→Shanghai. Booking locks the run's row (lockRun), so
 * two bookings of the last seat never both see it free.
 */
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import type { DocumentType } from '@contracts/documents'
import type { GrabStatus, OrderPassengerInput } from '@contracts/calls/train'
import type { PolicyBreach } from '@contracts/calls/travel'
import type {
  AuditStatus,
  PassengerType,
  SeatChoice,
  SeatPosition,
  SeatType,
  TrainOrderEventKind,
  TrainOrderStatus,
  TrainPayer,
  TrainTicketState,
  TrainType,
} from '@contracts/train'
import type { TrainRulesProfileId } from './rules/train-rules'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** The railway sandbox's registered accounts (the real railway keeps these; the sandbox needs its own). */
export const railwayAccounts = pgTable('railway_accounts', {
  id: serial('id').primaryKey(),
  account: varchar('account', { length: 50 }).notNull().unique(),
  /** scrypt hash (auth/rules/passwords.ts) */
  passwordHash: text('password_hash').notNull(),
  createdAt: ts('created_at').notNull(),
})

/** A person's railway login: one per user, alive until expires_at (moved on each use). */
export const railwaySessions = pgTable('railway_sessions', {
  userId: integer('user_id').primaryKey(),
  account: varchar('account', { length: 50 }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull(),
})

/** An attendee's saved travellers (editOrAddPassengers), per event like every record of theirs. */
export const trainTravellers = pgTable(
  'train_travellers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    eventId: integer('event_id').notNull(),
    name: varchar('name', { length: 60 }).notNull(),
    documentType: varchar('document_type', { length: 32 }).$type<DocumentType>().notNull(),
    documentNumber: varchar('document_number', { length: 32 }).notNull(),
    passengerType: varchar('passenger_type', { length: 8 }).$type<PassengerType>().notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    auditStatus: varchar('audit_status', { length: 8 }).$type<AuditStatus>().notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('train_travellers_doc_uq').on(t.userId, t.eventId, t.documentType, t.documentNumber)],
)

/** One train on one date in one seat class: the lock and the sandbox's numbers. */
export const trainRuns = pgTable(
  'train_runs',
  {
    id: serial('id').primaryKey(),
    trainCode: varchar('train_code', { length: 24 }).notNull(),
    date: varchar('date', { length: 10 }).notNull(),
    seatType: varchar('seat_type', { length: 16 }).$type<SeatType>().notNull(),
    capacity: integer('capacity').notNull(),
    /** seats the public holds for the whole route (the sandbox's other travellers) */
    othersSold: integer('others_sold').notNull(),
  },
  (t) => [uniqueIndex('train_runs_uq').on(t.trainCode, t.date, t.seatType)],
)

/** A seat one of our passengers holds on a segment [from_idx, to_idx) of a run. */
export const trainSeatHolds = pgTable(
  'train_seat_holds',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => trainRuns.id),
    seatIndex: integer('seat_index').notNull(),
    fromIdx: integer('from_idx').notNull(),
    toIdx: integer('to_idx').notNull(),
    orderId: integer('order_id').notNull(),
    active: boolean('active').notNull(),
    /** the passenger holding it (null on holds made before holds named their passenger) */
    passengerId: integer('passenger_id'),
    /** the change whose new seat this is; null for the seat as booked */
    changeId: integer('change_id'),
  },
  (t) => [index('train_seat_holds_run_idx').on(t.runId, t.active), index('train_seat_holds_order_idx').on(t.orderId)],
)

export interface OverPolicyRecord {
  breaches: PolicyBreach[]
  reason: string
}

/** A train order. Its status changes only through train/orders/orders.ts (train/rules/order-states.ts). */
export const trainOrders = pgTable(
  'train_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    eventId: integer('event_id').notNull(),
    orderNo: varchar('order_no', { length: 24 }).notNull().unique(),
    status: varchar('status', { length: 20 }).$type<TrainOrderStatus>().notNull(),
    rulesProfile: varchar('rules_profile', { length: 16 }).$type<TrainRulesProfileId>().notNull(),
    trainCode: varchar('train_code', { length: 24 }).notNull(),
    trainNo: varchar('train_no', { length: 8 }).notNull(),
    trainType: varchar('train_type', { length: 1 }).$type<TrainType>().notNull(),
    date: varchar('date', { length: 10 }).notNull(),
    fromCode: varchar('from_code', { length: 3 }).notNull(),
    toCode: varchar('to_code', { length: 3 }).notNull(),
    fromIdx: integer('from_idx').notNull(),
    toIdx: integer('to_idx').notNull(),
    departAt: ts('depart_at').notNull(),
    arriveAt: ts('arrive_at').notNull(),
    seatType: varchar('seat_type', { length: 16 }).$type<SeatType>().notNull(),
    contactName: varchar('contact_name', { length: 60 }).notNull(),
    contactMobile: varchar('contact_mobile', { length: 11 }).notNull(),
    ticketPriceFen: integer('ticket_price_fen').notNull(),
    ticketFeeFen: integer('ticket_fee_fen').notNull(),
    serviceChargeFen: integer('service_charge_fen').notNull(),
    totalFen: integer('total_fen').notNull(),
    payDeadline: ts('pay_deadline').notNull(),
    payer: varchar('payer', { length: 8 }).$type<TrainPayer>(),
    paidAt: ts('paid_at'),
    /** when the railway's answer on ticketing is due (the sandbox's delay) */
    ticketingDueAt: ts('ticketing_due_at'),
    pickupNo: varchar('pickup_no', { length: 16 }),
    overPolicy: jsonb('over_policy').$type<OverPolicyRecord | null>(),
    /** msgId of why the railway did not issue ('' otherwise) */
    failureMsgId: varchar('failure_msg_id', { length: 16 }).notNull().default(''),
    refundState: varchar('refund_state', { length: 10 }).$type<'refunding' | 'refunded' | null>(),
    refundFen: integer('refund_fen'),
    /** the grab request this order fulfils, if any */
    grabId: integer('grab_id'),
    /** removed from the attendee's lists (orderInfo/remove); the row stays for accounting */
    removedAt: ts('removed_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('train_orders_owner_idx').on(t.userId, t.eventId, t.createdAt),
    index('train_orders_status_idx').on(t.status),
    // booking checks the live orders of a train and date (one ticket per person per train)
    // under the run's lock; without it that check read every order ever saved
    index('train_orders_train_idx').on(t.trainCode, t.date),
  ],
)

/** The passengers of an order: a copy of the traveller as booked (a deleted traveller leaves the order whole). */
export const trainOrderPassengers = pgTable(
  'train_order_passengers',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => trainOrders.id),
    travellerId: integer('traveller_id'),
    name: varchar('name', { length: 60 }).notNull(),
    documentType: varchar('document_type', { length: 32 }).$type<DocumentType>().notNull(),
    documentNumber: varchar('document_number', { length: 32 }).notNull(),
    passengerType: varchar('passenger_type', { length: 8 }).$type<PassengerType>().notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    seatChoice: varchar('seat_choice', { length: 8 }).$type<SeatChoice>(),
    ticketPriceFen: integer('ticket_price_fen').notNull(),
    /** the held seat of the run (its carriage and number are shown after issue) */
    seatIndex: integer('seat_index').notNull(),
    carriage: varchar('carriage', { length: 4 }),
    seatNo: varchar('seat_no', { length: 8 }),
    seatPosition: varchar('seat_position', { length: 8 }).$type<SeatPosition>(),
    ticketNo: varchar('ticket_no', { length: 24 }),
    /** where the ticket stands (train/aftersales/aftersales.ts writes it with the order's status) */
    ticketState: varchar('ticket_state', { length: 12 }).$type<TrainTicketState>().notNull().default('unissued'),
    /** the change the passenger's ticket now comes from (done), null when never changed */
    changeId: integer('change_id'),
    /** the height given for a child under the height rule (a rebooking prefills it); null otherwise */
    heightCm: integer('height_cm'),
  },
  (t) => [index('train_order_passengers_order_idx').on(t.orderId)],
)

/** What happened to an order, in order (the timeline). */
export const trainOrderEvents = pgTable(
  'train_order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => trainOrders.id),
    kind: varchar('kind', { length: 24 }).$type<TrainOrderEventKind>().notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('train_order_events_order_idx').on(t.orderId)],
)

/** A grab request: wait for seats on a sold-out train, then become an order to pay. */
export const trainGrabs = pgTable(
  'train_grabs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    eventId: integer('event_id').notNull(),
    status: varchar('status', { length: 10 }).$type<GrabStatus>().notNull(),
    trainCode: varchar('train_code', { length: 24 }).notNull(),
    trainNo: varchar('train_no', { length: 8 }).notNull(),
    date: varchar('date', { length: 10 }).notNull(),
    fromCode: varchar('from_code', { length: 3 }).notNull(),
    toCode: varchar('to_code', { length: 3 }).notNull(),
    departAt: ts('depart_at').notNull(),
    seatTypes: jsonb('seat_types').$type<SeatType[]>().notNull(),
    passengers: jsonb('passengers').$type<OrderPassengerInput[]>().notNull(),
    /** as they were when the request was left (a traveller deleted later keeps their name here) */
    passengerNames: jsonb('passenger_names').$type<string[]>().notNull(),
    contactName: varchar('contact_name', { length: 60 }).notNull(),
    contactMobile: varchar('contact_mobile', { length: 11 }).notNull(),
    overPolicyReason: varchar('over_policy_reason', { length: 200 }).notNull().default(''),
    orderId: integer('order_id'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('train_grabs_owner_idx').on(t.userId, t.eventId), index('train_grabs_train_idx').on(t.trainCode, t.date, t.status)],
)
