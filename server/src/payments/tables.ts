/**
 * Payments of every kind of order (train, flight, flight change …), paid by the company account or
 * by the attendee through WeChat Pay: one table, so one merchant, one notify URL and one set of
 * exactly-once rules serve every order kind (payments/payments.ts). An order kind plugs in through the
 * registry in payments/payables.ts; its own table keeps its status, this one keeps the money.
 */
import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** ours, sent to WeChat as out_trade_no (6-32 characters of [A-Za-z0-9]) */
    paymentNo: varchar('payment_no', { length: 32 }).notNull(),
    /** the kind of order it pays (a kind registered in deps.payables): 'flight', 'train', 'flightChange' … */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** the order's id in its own table */
    orderId: integer('order_id').notNull(),
    userId: integer('user_id').notNull(),
    eventId: integer('event_id').notNull(),
    /** company: the company account (settled at once); wechat: WeChat Pay */
    method: varchar('method', { length: 16 }).$type<'company' | 'wechat'>().notNull(),
    /** WeChat trade type: JSAPI, NATIVE or H5; null for company */
    tradeType: varchar('trade_type', { length: 16 }).$type<'JSAPI' | 'NATIVE' | 'H5'>(),
    amountFen: integer('amount_fen').notNull(),
    description: varchar('description', { length: 127 }).notNull(),
    /**
     * open: waiting for the payer; paid: money received; closed: closed at WeChat unpaid (expired,
     * replaced by another trade type). A paid payment stays paid; refunds are payment_refunds rows.
     */
    status: varchar('status', { length: 16 }).$type<'open' | 'paid' | 'closed'>().notNull(),
    /**
     * true on the one payment that paid its order. A second payment that succeeds for the same
     * order (two trade types both paid, or paid after the order was cancelled) is paid but not
     * counted, and refunded in full. The unique index makes "charged twice" impossible to record.
     */
    counted: boolean('counted').notNull().default(false),
    /** the payer's openid (JSAPI) */
    payerOpenid: varchar('payer_openid', { length: 128 }),
    prepayId: varchar('prepay_id', { length: 64 }),
    codeUrl: text('code_url'),
    h5Url: text('h5_url'),
    /** WeChat's transaction_id once paid */
    transactionId: varchar('transaction_id', { length: 32 }),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    refundedFen: integer('refunded_fen').notNull().default(0),
    /**
     * what was actually taken once paid (WeChat's amount.total; the company's amount): the most
     * that can be refunded, and the total a WeChat refund names. Differs from amountFen only on a
     * payment flagged in payment_alerts (WeChat took another amount than the order's).
     */
    paidFen: integer('paid_fen'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payments_no_uq').on(t.paymentNo),
    index('payments_order_idx').on(t.kind, t.orderId),
    uniqueIndex('payments_counted_uq')
      .on(t.kind, t.orderId)
      .where(sql`${t.counted}`),
  ],
)

/** A refund of (part of) a payment: to the company account at once, or through WeChat Pay. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    /** ours, sent as out_refund_no: a retry with it never refunds twice */
    refundNo: varchar('refund_no', { length: 64 }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** why: 'late' (paid after the order ended), 'duplicate', 'issueFailed', or an order kind's own reason */
    reason: varchar('reason', { length: 80 }).notNull(),
    /** pending: not yet sent; processing: WeChat is on it; success; abnormal: WeChat could not pay it back (needs a person) */
    status: varchar('status', { length: 16 }).$type<'pending' | 'processing' | 'success' | 'abnormal'>().notNull(),
    /** WeChat's refund_id */
    wechatRefundId: varchar('wechat_refund_id', { length: 32 }),
    /** what the order kind wants to know when it is done (e.g. which passengers) */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [uniqueIndex('payment_refunds_no_uq').on(t.refundNo), index('payment_refunds_payment_idx').on(t.paymentId)],
)

/** Notifications WeChat sent, by their id: kept for audit (a replay is recognised and changes nothing). */
export const paymentNotifications = pgTable('payment_notifications', {
  id: varchar('id', { length: 64 }).primaryKey(),
  eventType: varchar('event_type', { length: 40 }).notNull(),
  paymentNo: varchar('payment_no', { length: 32 }).notNull(),
  receivedAt: ts('received_at').notNull(),
  /** how many times it arrived */
  count: integer('count').notNull().default(1),
  /** the decrypted resource without the payer's openid */
  summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
  note: text('note').notNull().default(''),
})

/**
 * Payments a person must look at: WeChat reported a paid transaction of ours whose amount is not
 * the order's (amountMismatch). The money is refunded at once and the order is left unpaid; the
 * row stays open (resolvedAt null) until an operator has looked (payments/alerts.ts lists and
 * counts them). One row per payment and kind, so a notification replayed or delivered to two
 * instances raises one alert.
 */
export const paymentAlerts = pgTable(
  'payment_alerts',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    kind: varchar('kind', { length: 32 }).$type<'amountMismatch'>().notNull(),
    /** the order's amount, as our payment asked for it */
    expectedFen: integer('expected_fen').notNull(),
    /** what WeChat says it took */
    receivedFen: integer('received_fen').notNull(),
    /** WeChat's transaction_id */
    transactionId: varchar('transaction_id', { length: 32 }),
    /** the notification that reported it (payment_notifications.id); null: found by the query job */
    notificationId: varchar('notification_id', { length: 64 }),
    raisedAt: ts('raised_at').notNull(),
    /** when an operator closed it, and what they noted */
    resolvedAt: ts('resolved_at'),
    note: text('note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('payment_alerts_payment_kind_uq').on(t.paymentId, t.kind),
    index('payment_alerts_open_idx')
      .on(t.raisedAt)
      .where(sql`${t.resolvedAt} is null`),
  ],
)

/**
 * The WeChat Pay sandbox's own records, shared by every instance on this database as WeChat's
 * platform is shared by every server of one merchant (payments/wechatpay/sandbox-store.ts): the
 * key pairs and serials ('platform'), the transactions ('tx:<out_trade_no>'), the payer's tokens
 * ('token:<pr>') and the refunds ('refund:<out_refund_no>'). Only the sandbox writes here.
 */
export const wechatpaySandboxRecords = pgTable('wechatpay_sandbox_records', {
  key: varchar('key', { length: 96 }).primaryKey(),
  /** bumped on every write: a change made by another instance is seen, two at once cannot both win */
  version: integer('version').notNull().default(1),
  data: jsonb('data').$type<unknown>().notNull(),
})
