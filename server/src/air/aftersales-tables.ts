/**
 * Air after-sales: the refunds and changes asked for on an order, and the airline
 * sandbox's record of the after-sales requests it is processing (answered asynchronously).
 * Amounts in fen. A change's payment is a payments row of kind 'flightChange' with orderId = the
 * change's id (payments/payables.ts).
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import type { AirOrderStatus, CabinClass, PayMethod } from '@contracts/air'
import type {
  AirAfterSaleReason,
  AirAfterSaleType,
  AirChangeState,
  AirRefundState,
  ChangeLine,
  FareBreakdown,
  FlightView,
  RefundLine,
} from '@contracts/calls/flight'
import { airOrders } from './tables'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const airRefunds = pgTable(
  'air_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => airOrders.id, { onDelete: 'cascade' }),
    refundNo: varchar('refund_no', { length: 32 }).notNull(),
    state: varchar('state', { length: 12 }).$type<AirRefundState>().notNull(),
    type: varchar('type', { length: 12 }).$type<AirAfterSaleType>().notNull(),
    reason: varchar('reason', { length: 20 }).$type<AirAfterSaleReason>().notNull(),
    reasonText: varchar('reason_text', { length: 200 }).notNull(),
    /** the estimate per ticket at the request (what the attendee confirmed) */
    lines: jsonb('lines').$type<RefundLine[]>().notNull(),
    feeFen: integer('fee_fen').notNull(),
    refundFen: integer('refund_fen').notNull(),
    refundTo: varchar('refund_to', { length: 16 }).$type<PayMethod>().notNull(),
    /** the order's status before the refund (a rejected refund says 'retrograde' whatever it was) */
    priorStatus: varchar('prior_status', { length: 24 }).$type<AirOrderStatus>().notNull(),
    /** the airline's reference of the request */
    airlineRef: varchar('airline_ref', { length: 64 }).notNull(),
    /** rejected: the message id of the reason (shown in the caller's language) */
    rejectMsgId: varchar('reject_msg_id', { length: 16 }).notNull().default(''),
    requestedAt: ts('requested_at').notNull(),
    decidedAt: ts('decided_at'),
  },
  (t) => [uniqueIndex('air_refunds_no_uq').on(t.refundNo), index('air_refunds_order_idx').on(t.orderId)],
)

export const airChanges = pgTable(
  'air_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => airOrders.id, { onDelete: 'cascade' }),
    changeNo: varchar('change_no', { length: 32 }).notNull(),
    state: varchar('state', { length: 12 }).$type<AirChangeState>().notNull(),
    type: varchar('type', { length: 12 }).$type<AirAfterSaleType>().notNull(),
    cause: varchar('cause', { length: 20 }).$type<AirAfterSaleReason>().notNull(),
    causeText: varchar('cause_text', { length: 200 }).notNull(),
    newFlight: jsonb('new_flight').$type<FlightView>().notNull(),
    newCabinCode: varchar('new_cabin_code', { length: 2 }).notNull(),
    newCabinClass: varchar('new_cabin_class', { length: 20 }).$type<CabinClass>().notNull(),
    /** the seats held on the new flight */
    newPnr: varchar('new_pnr', { length: 16 }).notNull(),
    /** per passenger: fee, fare difference, and the fare of the new ticket */
    lines: jsonb('lines').$type<ChangeLine[]>().notNull(),
    newFares: jsonb('new_fares').$type<Record<string, FareBreakdown>>().notNull(),
    feeFen: integer('fee_fen').notNull(),
    fareDiffFen: integer('fare_diff_fen').notNull(),
    dueFen: integer('due_fen').notNull(),
    payDeadline: ts('pay_deadline'),
    paidBy: varchar('paid_by', { length: 16 }).$type<PayMethod>(),
    priorStatus: varchar('prior_status', { length: 24 }).$type<AirOrderStatus>().notNull(),
    airlineRef: varchar('airline_ref', { length: 64 }).notNull().default(''),
    rejectMsgId: varchar('reject_msg_id', { length: 16 }).notNull().default(''),
    requestedAt: ts('requested_at').notNull(),
    decidedAt: ts('decided_at'),
  },
  (t) => [uniqueIndex('air_changes_no_uq').on(t.changeNo), index('air_changes_order_idx').on(t.orderId)],
)

/** the sandbox airline's after-sales requests (air/airline/sandbox.ts) */
export const airSandboxAfterSales = pgTable('air_sandbox_after_sales', {
  ref: varchar('ref', { length: 64 }).primaryKey(),
  kind: varchar('kind', { length: 8 }).$type<'refund' | 'change'>().notNull(),
  /** the tickets' bookings and how many seats each gives back when done */
  release: jsonb('release').$type<Array<{ pnr: string; seats: number }>>().notNull(),
  /** change: the booking of the new seats, issued when done */
  newPnr: varchar('new_pnr', { length: 16 }),
  tickets: integer('tickets').notNull(),
  /** decided when asked (the sandbox's switches then): accept or reject */
  outcome: varchar('outcome', { length: 8 }).$type<'accept' | 'reject'>().notNull(),
  rejectReason: varchar('reject_reason', { length: 16 }).$type<'refused' | 'unverified'>(),
  dueAt: ts('due_at').notNull(),
  state: varchar('state', { length: 12 }).$type<'processing' | 'done' | 'rejected'>().notNull(),
  ticketNos: jsonb('ticket_nos').$type<string[]>().notNull(),
  note: text('note').notNull().default(''),
  createdAt: ts('created_at').notNull(),
})
