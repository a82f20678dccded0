/**
 * Reading the audit log (written by record.ts): an event's entries for those who may
 * (contracts/admin/roles.ts 'audit.read'), every entry for the platform administrator.
 */
import type { AuditListRequest, AuditPage } from '@contracts/admin/audit'
import { ROLE_PERMISSIONS } from '@contracts/admin/roles'
import type { Deps } from '../deps'
import { eventForStaff, requirePlatformAdmin } from '../staff/access'
import type { StaffSession } from '../staff/sessions'
import type { Queryable } from '../kernel/db/client'
import { auditPageRows, listAuditOf, type AuditRow } from './repositories/audit'

export async function auditPage(deps: Pick<Deps, 'db'>, session: StaffSession, req: AuditListRequest): Promise<AuditPage> {
  let eventId: number | null = null
  if (req.eventCode === undefined) requirePlatformAdmin(session)
  else eventId = (await eventForStaff(deps.db, session, req.eventCode, ROLE_PERMISSIONS['audit.read'])).event.id
  const { total, rows } = await auditPageRows(deps.db, eventId, (req.page - 1) * req.pageSize, req.pageSize)
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      staffUserName: r.staffUserName,
      staffName: r.staffName,
      eventCode: r.eventCode,
      action: r.action,
      target: r.target,
      before: r.before ?? null,
      after: r.after ?? null,
    })),
  }
}

/** an event's audit rows of one action, newest first (the rows that are a record of their own: the microsite's uploaded pictures) */
export function auditEntriesOf(q: Queryable, eventId: number, action: string, limit: number): Promise<AuditRow[]> {
  return listAuditOf(q, eventId, action, limit)
}
