/**
 * WeChat's short-lived credentials of each app (wechat/credentials.ts, docs/wechat.md): the access
 * token (stable_token) and the JS-SDK jsapi_ticket, each valid for about two hours. One row per
 * kind and app id, shared by every instance: the refresh job (one instance at a time, by the job
 * lease) writes it before it expires, readers (the JS-SDK signature) read it.
 */
import { index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from '../kernel/db/core-tables'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const wechatCredentials = pgTable(
  'wechat_credentials',
  {
    /** 'access_token' or 'jsapi_ticket' (CredentialKind) */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** the official account's or mini-program's AppID */
    appId: varchar('app_id', { length: 64 }).notNull(),
    value: text('value').notNull(),
    /** when WeChat stops accepting it (the time of the answer plus its expires_in) */
    expiresAt: ts('expires_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.appId] })],
)

/**
 * One-time subscriptions to an order's result notices (subscription messages, docs/wechat.md): one
 * row per template the attendee accepted, for one order. WeChat allows one message per accept, so
 * a row is used once (`used_at`, set in the transaction that enqueues the send); accepting again
 * (a second refund of the order) adds a row.
 */
export const wechatSubscriptions = pgTable(
  'wechat_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'train' | 'flight' (SubscribeOrderKind) */
    orderKind: varchar('order_kind', { length: 16 }).notNull(),
    orderId: integer('order_id').notNull(),
    /** NoticeKind: ticketIssued, ticketingFailed, changeResult, refundResult */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** the template the attendee accepted (the one the message is sent with) */
    templateId: varchar('template_id', { length: 128 }).notNull(),
    /** the mini-program's AppID and the attendee's openid in it, from the wx.login code sent with the accept */
    appId: varchar('app_id', { length: 64 }).notNull(),
    openid: varchar('openid', { length: 128 }).notNull(),
    createdAt: ts('created_at').notNull(),
    /** when a notice took it (its message enqueued); null: still unused */
    usedAt: ts('used_at'),
  },
  (t) => [index('wechat_subscriptions_order_idx').on(t.orderKind, t.orderId, t.kind)],
)
