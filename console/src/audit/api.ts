/** The console's audit log call. */
import { listAudit } from '@contracts/admin/audit'
import { call } from '../lib/request'

export const fetchAudit = (eventCode: string | undefined, page: number, pageSize: number) =>
  call(listAudit, { ...(eventCode ? { eventCode } : {}), page, pageSize })
