/** SQL of the WeChat Pay sandbox's shared records (payments/tables.ts wechatpaySandboxRecords). */
import { and, eq, like, sql } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { wechatpaySandboxRecords as records } from '../tables'

export async function readSandboxRecord(q: Queryable, key: string): Promise<{ version: number; data: unknown } | null> {
  const [row] = await q.select({ version: records.version, data: records.data }).from(records).where(eq(records.key, key))
  return row ?? null
}

/** writes a record if it is still at `version` (null: if there is none yet); false when another write came first */
export async function writeSandboxRecord(q: Queryable, key: string, data: unknown, version: number | null): Promise<boolean> {
  if (version === null) {
    const made = await q.insert(records).values({ key, data, version: 1 }).onConflictDoNothing().returning({ key: records.key })
    return made.length === 1
  }
  const done = await q
    .update(records)
    .set({ data, version: sql`${records.version} + 1` })
    .where(and(eq(records.key, key), eq(records.version, version)))
    .returning({ key: records.key })
  return done.length === 1
}

/** the records whose key starts with `prefix` and whose data has `field` = `value` */
export async function sandboxRecordsWhere(q: Queryable, prefix: string, field: string, value: string): Promise<Array<{ version: number; data: unknown }>> {
  return q
    .select({ version: records.version, data: records.data })
    .from(records)
    .where(and(like(records.key, `${prefix}%`), sql`${records.data} ->> ${field} = ${value}`))
}

/** every record whose key starts with `prefix` (the sandbox's trade bill reads a day's out of them) */
export async function sandboxRecordsUnder(q: Queryable, prefix: string): Promise<Array<{ version: number; data: unknown }>> {
  return q
    .select({ version: records.version, data: records.data })
    .from(records)
    .where(like(records.key, `${prefix}%`))
}
