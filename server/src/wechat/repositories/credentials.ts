/** wechat_credentials rows: SQL only (wechat/tables.ts says what they are). */
import { and, eq } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { wechatCredentials } from '../tables'

export type CredentialKind = 'access_token' | 'jsapi_ticket'
export type CredentialRow = typeof wechatCredentials.$inferSelect

export async function findCredential(q: Queryable, kind: CredentialKind, appId: string): Promise<CredentialRow | null> {
  const [row] = await q
    .select()
    .from(wechatCredentials)
    .where(and(eq(wechatCredentials.kind, kind), eq(wechatCredentials.appId, appId)))
  return row ?? null
}

export async function saveCredential(q: Queryable, row: CredentialRow): Promise<void> {
  await q
    .insert(wechatCredentials)
    .values(row)
    .onConflictDoUpdate({
      target: [wechatCredentials.kind, wechatCredentials.appId],
      set: { value: row.value, expiresAt: row.expiresAt, updatedAt: row.updatedAt },
    })
}
