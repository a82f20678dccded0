/**
 * WeChat's short-lived credentials of each app (wechat/credentials.ts, docs/wechat.md): the access
 * token (stable_token) and the JS-SDK jsapi_ticket, each valid for about two hours. One row per
 * kind and app id, shared by every instance: the refresh job (one instance at a time, by the job
 * lease) writes it before it expires, readers (the JS-SDK signature) read it.
 */
import { pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core'

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
