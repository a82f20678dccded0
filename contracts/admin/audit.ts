/** The console's audit log: every change made through it, who, when, what, before and after. */
import { defineCall } from '../call'

export interface AuditEntry {
  id: number
  /** ISO 8601 (UTC) */
  at: string
  /** the staff member's user name and name */
  staffUserName: string
  staffName: string
  /** null: a change to no event (a staff account) */
  eventCode: string | null
  /** what was done: 'event.create', 'event.update', 'event.publish', 'event.close', 'staff.create', 'staff.grant', 'staff.password', 'staff.totp.on', 'staff.totp.off' */
  action: string
  /** what it was done to (an event code, a user name) */
  target: string
  /** the changed fields before and after; null when there was no before (a creation) or no after */
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

export interface AuditListRequest {
  /** the event's entries (owner, organiser); absent: every entry (platform administrator) */
  eventCode?: string
  /** 1-based */
  page: number
  pageSize: number
}

export interface AuditPage {
  total: number
  list: AuditEntry[]
}

export const listAudit = defineCall<AuditListRequest, AuditPage>({ path: '/api/admin/audit/list', auth: 'staff' })
