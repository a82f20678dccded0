/** audit_log: written in the transaction of the change it records, read newest first. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import type { Queryable } from '../../kernel/db/client'
import { auditLog, events, staff } from '../../kernel/db/schema'

export type AuditRow = typeof auditLog.$inferSelect

export async function insertAudit(q: Queryable, row: Omit<typeof auditLog.$inferInsert, 'id'>): Promise<void> {
  await q.insert(auditLog).values(row)
}

export type AuditListRow = AuditRow & { eventCode: string | null; staffUserName: string; staffName: string }

/** one page, newest first, with the event's code and who made each change; `eventId` null: every entry */
export async function auditPageRows(q: Queryable, eventId: number | null, offset: number, limit: number): Promise<{ total: number; rows: AuditListRow[] }> {
  const where: SQL | undefined = eventId === null ? undefined : eq(auditLog.eventId, eventId)
  const [{ n }] = await q.select({ n: count() }).from(auditLog).where(where)
  const rows = await q
    .select({ a: auditLog, eventCode: events.eventCode, staffUserName: staff.userName, staffName: staff.name })
    .from(auditLog)
    .innerJoin(staff, eq(staff.id, auditLog.staffId))
    .leftJoin(events, eq(events.id, auditLog.eventId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .offset(offset)
    .limit(limit)
  return { total: n, rows: rows.map((r) => ({ ...r.a, eventCode: r.eventCode, staffUserName: r.staffUserName, staffName: r.staffName })) }
}

/** an event's rows of one action, newest first */
export function listAuditOf(q: Queryable, eventId: number, action: string, limit: number): Promise<AuditRow[]> {
  return q
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.eventId, eventId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(limit)
}
