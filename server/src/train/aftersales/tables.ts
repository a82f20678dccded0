/**
 * Train after-sales: ticket refunds and changes of an order, one row per request.
 *
 * A request names some passengers of an order; what each ticket was and becomes is kept in the
 * row (`tickets`, jsonb lines) so the record reads the same after later changes. The railway
 * answers later (`sent_at` + the railway's delay); train/aftersales/aftersales.ts settles the answer
 * with the order locked. A change's new seats are holds of the run like a booking's
 * (train_seat_holds with change_id), taken under the run's lock.
 */
import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core'
import type {
  SeatType,
  TrainAftersaleState,
  TrainChangeCause,
  TrainChangeType,
  TrainPayer,
  TrainRefundReason,
  TrainRefundType,
  TrainType,
} from '@contracts/train'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** a ticket's train and segment as stored (instants as ISO strings inside jsonb) */
export interface StoredRoute {
  trainCode: string
  trainNo: string
  trainType: TrainType
  /** the run's date (the train leaves its origin) */
  startDate: string
  fromCode: string
  toCode: string
  fromIdx: number
  toIdx: number
  departAt: string
  arriveAt: string
  seatType: SeatType
}

export interface StoredRefundLine {
  passengerId: number
  name: string
  passengerType: 'adult' | 'child'
  ticketNo: string
  priceFen: number
  feePercent: number
  feeFen: number
  refundFen: number
  /** the change whose new ticket is refunded; null: the ticket as booked */
  changeId: number | null
}

export interface StoredChangeLine {
  passengerId: number
  name: string
  passengerType: 'adult' | 'child'
  oldTicketNo: string
  oldPriceFen: number
  newPriceFen: number
  /** the held seat of the new run */
  seatIndex: number
  carriage: string | null
  seatNo: string | null
  seatPosition: 'window' | 'aisle' | 'middle' | null
  newTicketNo: string | null
}

export const trainRefunds = pgTable(
  'train_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    state: varchar('state', { length: 12 }).$type<TrainAftersaleState>().notNull(),
    refundType: varchar('refund_type', { length: 12 }).$type<TrainRefundType>().notNull(),
    reason: varchar('reason', { length: 16 }).$type<TrainRefundReason>().notNull(),
    reasonText: varchar('reason_text', { length: 200 }).notNull(),
    route: jsonb('route').$type<StoredRoute>().notNull(),
    tickets: jsonb('tickets').$type<StoredRefundLine[]>().notNull(),
    commissionFen: integer('commission_fen').notNull(),
    estimatedRefundFen: integer('estimated_refund_fen').notNull(),
    payer: varchar('payer', { length: 8 }).$type<TrainPayer>().notNull(),
    money: varchar('money', { length: 10 }).$type<'pending' | 'refunding' | 'refunded'>().notNull(),
    /** sent to the railway then; its answer comes after the railway's delay (RailwayProvider.aftersaleDelayMs) */
    sentAt: ts('sent_at').notNull(),
    failureMsgId: varchar('failure_msg_id', { length: 16 }).notNull().default(''),
    createdAt: ts('created_at').notNull(),
    doneAt: ts('done_at'),
  },
  (t) => [index('train_refunds_order_idx').on(t.orderId)],
)

export const trainChanges = pgTable(
  'train_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    state: varchar('state', { length: 12 }).$type<TrainAftersaleState>().notNull(),
    changeType: varchar('change_type', { length: 12 }).$type<TrainChangeType>().notNull(),
    cause: varchar('cause', { length: 16 }).$type<TrainChangeCause>().notNull(),
    causeText: varchar('cause_text', { length: 200 }).notNull(),
    fromRoute: jsonb('from_route').$type<StoredRoute>().notNull(),
    toRoute: jsonb('to_route').$type<StoredRoute>().notNull(),
    /** the new run (its seats are held with change_id) */
    runId: integer('run_id').notNull(),
    tickets: jsonb('tickets').$type<StoredChangeLine[]>().notNull(),
    oldFareFen: integer('old_fare_fen').notNull(),
    newFareFen: integer('new_fare_fen').notNull(),
    changeFeeFen: integer('change_fee_fen').notNull(),
    differenceFen: integer('difference_fen').notNull(),
    payer: varchar('payer', { length: 8 }).$type<TrainPayer>().notNull(),
    /** toPay: cancelled at this instant unless paid */
    payDeadline: ts('pay_deadline'),
    paidAt: ts('paid_at'),
    /** processing: sent to the railway then (after payment, when a difference was to pay); its answer comes after the railway's delay */
    sentAt: ts('sent_at'),
    surplusState: varchar('surplus_state', { length: 10 }).$type<'refunding' | 'refunded' | null>(),
    failureMsgId: varchar('failure_msg_id', { length: 16 }).notNull().default(''),
    createdAt: ts('created_at').notNull(),
    doneAt: ts('done_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('train_changes_order_idx').on(t.orderId)],
)
